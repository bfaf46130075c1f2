import { API_KEY_MESSAGES, API_KEYS_PER_USER } from '../contract/api-keys';
import { expect, expectNoAxeViolations, test } from './fixtures';

const errorToasts = (page: import('@playwright/test').Page) => page.locator('[data-variant="destructive"]');

test('a customer creates an API key, sees it once, uses it, and revokes it', async ({ page, signedIn }) => {
  void signedIn;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/account');
  await expect(page.getByText(/API credits left: 0\./)).toBeVisible();

  // Refused without a name, with the message next to the field.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();

  await page.getByLabel('Key name').fill('Portfolio bot');
  await page.getByRole('checkbox', { name: /^watchlist —/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('region', { name: /Your new key "Portfolio bot"/ });
  await expect(shown).toBeVisible();
  const key = await shown.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^crow_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy key' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoAxeViolations(page, 'account page with a new API key');

  // The key works on /api/v1; the list shows its use, never the key itself.
  const used = await page.request.get('/api/v1/watchlist', { headers: { authorization: `Bearer ${key}` } });
  expect(used.status()).toBe(200);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await page.reload();
  const listed = page.getByRole('listitem').filter({ hasText: 'Portfolio bot' });
  await expect(listed).toContainText('reports:read, watchlist');
  await expect(listed).toContainText('Requests per day:');
  await expect(page.getByText(key)).toHaveCount(0);

  await listed.getByRole('button', { name: 'Revoke key Portfolio bot' }).click();
  await expect(page.getByText('You have no API keys.')).toBeVisible();
  const refused = await page.request.get('/api/v1/watchlist', {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(refused.status()).toBe(401);
  await expectNoAxeViolations(page, 'account page after revoking the key');
});

test('a refused key is said under its field or under the button, never in a toast, and goes at the next edit', async ({
  page,
  signedIn: _user,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/account');
  const name = page.getByLabel('Key name');
  const create = page.getByRole('button', { name: 'Create key' });

  // A key without a name: under the name, wired to it, gone once a name is typed.
  await create.click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(API_KEY_MESSAGES.nameRequired);
  await expect(errorToasts(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'API key form with an error under the name');
  await name.fill('B');
  await expect(name).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByText(API_KEY_MESSAGES.nameRequired)).toHaveCount(0);

  // The server refuses a key over the limit: under the button, gone at the next edit.
  for (let made = 0; made < API_KEYS_PER_USER; made += 1) {
    const response = await page.request.post('/api/account/api-keys', {
      data: { name: `Bot ${made}`, scopes: ['reports:read'] },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await name.fill('One too many');
  await create.click();
  await expect(create).toHaveAccessibleDescription(API_KEY_MESSAGES.tooMany);
  await expect(page.locator('#api-key-form-error')).toHaveText(API_KEY_MESSAGES.tooMany);
  await expect(errorToasts(page)).toHaveCount(0);
  await name.fill('One too many, renamed');
  await expect(page.locator('#api-key-form-error')).toHaveCount(0);
  await expect(create).not.toHaveAccessibleDescription(API_KEY_MESSAGES.tooMany);
});

test('the documentation page has a short API section', async ({ page }) => {
  await page.goto('/documentation');
  const heading = page.getByRole('heading', { name: 'API', exact: true });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('table', { name: 'API endpoints' })).toContainText('/api/v1/reports/:id');
  await expectNoAxeViolations(page, 'documentation page with the API section');
});
