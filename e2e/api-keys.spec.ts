import { expect, expectNoAxeViolations, test } from './fixtures';

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

test('the documentation page has a short API section', async ({ page }) => {
  await page.goto('/documentation');
  const heading = page.getByRole('heading', { name: 'API', exact: true });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('table', { name: 'API endpoints' })).toContainText('/api/v1/reports/:id');
  await expectNoAxeViolations(page, 'documentation page with the API section');
});
