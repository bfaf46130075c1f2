import { E2E_ADMIN } from '../playwright.config';
import { expect, expectNoAxeViolations, newUser, signInAs, test } from './fixtures';
import { noticeOfNewVersion, sendToSandboxAddress } from './support/after-deletion';

// Money that arrives after its buyer deleted the account is refunded, and the admin sees it
// (decision 0203); a dashboard notice of a new version leads to where it can be read or bought
// (decision 0193).

const uniqueAsset = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test('a Cardano payment confirmed after the account was deleted is a refund due on the admin page', async ({
  page,
  browser,
}) => {
  const user = newUser();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(registered.status()).toBe(201);
  const userId = (await registered.json()).user.id as number;
  const created = await page.request.post('/api/cardano/create-payment', {
    data: {
      amount: 4.99,
      currency: 'ADA',
      description: 'Research Report Purchase',
      purchaseType: 'new_report',
      researchAsset: uniqueAsset('Goneada'),
      acknowledgeUnknownAsset: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const payment = (await created.json()).payment as { address: string; amount: string };

  await page.goto('/account');
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await sendToSandboxAddress(payment.address, BigInt(Math.round(Number(payment.amount) * 1_000_000)));

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  const row = adminPage.getByTestId('open-refund').filter({ hasText: `deleted:${userId}` });
  await expect(async () => {
    await adminPage.goto('/admin');
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('Paid after the account was deleted');
  await expect(row).toContainText('Refund due');
  await expect(row).toContainText(`${Number(payment.amount).toFixed(6)} ADA`);
  await expectNoAxeViolations(adminPage, 'admin with a refund due after account deletion');
  await adminContext.close();
});

test('a new-version notice leads to the owned version, or to buying the new one', async ({
  page,
  signedIn,
}) => {
  const unowned = uniqueAsset('Noticecoin');
  const { v2 } = await noticeOfNewVersion(signedIn.email, unowned, false);
  const owned = uniqueAsset('Ownedversion');
  const { v1: ownedV1 } = await noticeOfNewVersion(signedIn.email, owned, true);

  await page.goto('/dashboard');
  const notices = page.getByRole('region', { name: 'Watched assets with a new version' });
  const buy = notices.getByRole('listitem').filter({ hasText: unowned }).getByRole('link');
  await expect(buy).toHaveText('Buy version 2 ($2.99)');
  const read = notices.getByRole('listitem').filter({ hasText: owned }).getByRole('link');
  await expect(read).toHaveText('See what changed in version 2');
  await expect(read).toHaveAttribute('href', `/report/${ownedV1}`);
  await expectNoAxeViolations(page, 'dashboard with new-version notices');

  await buy.click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?reportId=${v2}&purchaseType=existing_report`));
  await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toBeVisible();
});
