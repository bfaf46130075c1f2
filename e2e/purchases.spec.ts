import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { expect, expectNoAxeViolations, newUser, setTheme, signInAs, test } from './fixtures';
import { failedPaidReport, ownedPublicReport } from './support/purchases';

// One purchase per report (decision 0080) and paid research that failed for good (0081),
// as the buyer and the admin see them.

const uniqueAsset = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

const OWNED = 'You already own this report';
const FAILED_TEXT =
  'Research could not be completed. We have been notified; you will get the report once research succeeds or a refund.';

async function registerUser(page: Page) {
  const user = newUser();
  const response = await page.request.post('/api/auth/register', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(response.status()).toBe(201);
  return user;
}

test('an owner is told "You already own this report" and sent to it, on every way to pay', async ({
  page,
  signedIn,
}) => {
  const assetName = uniqueAsset('Ownedcoin');
  const reportId = await ownedPublicReport(signedIn.email, assetName);

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Marketplace' }).click();
  await page.getByLabel('Search reports').fill(assetName);
  const card = page.getByTestId('public-report').filter({ hasText: assetName });
  await expect(card).toContainText(`${OWNED}.`);
  await expect(card.getByRole('button', { name: /Buy for/ })).toHaveCount(0);
  await card.getByRole('link', { name: `View your report on ${assetName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/report/${reportId}$`));

  const query = `reportId=${reportId}&purchaseType=existing_report&assetName=${encodeURIComponent(assetName)}`;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(`/checkout?${query}`);
    const notice = page.getByTestId('owned-report-notice');
    await expect(notice).toContainText(OWNED);
    await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toHaveCount(0);
    await expectNoAxeViolations(page, `checkout of an owned report (${theme})`);
  }
  await page.getByRole('link', { name: 'View your report' }).click();
  await expect(page).toHaveURL(new RegExp(`/report/${reportId}$`));

  await page.goto(`/cardano-checkout?${query}&amount=2.99`);
  await expect(page.getByTestId('owned-report-notice')).toContainText(OWNED);
  await expect(page.getByRole('button', { name: /Create Payment/i })).toHaveCount(0);
  await expectNoAxeViolations(page, 'Cardano checkout of an owned report');
  await expect(page.getByRole('link', { name: 'View your report' })).toHaveAttribute(
    'href',
    `/report/${reportId}`,
  );
});

test('failed paid research: the buyer reads what happens next, the admin retries or refunds', async ({
  page,
  browser,
}) => {
  const buyer = await registerUser(page);
  const refundAsset = uniqueAsset('Refundcoin');
  const retryAsset = uniqueAsset('Retrycoin');
  const refundReportId = await failedPaidReport(buyer.email, refundAsset);
  await failedPaidReport(buyer.email, retryAsset);

  // The buyer: a failed state with the next step, on the report page and in My Reports.
  await page.goto(`/report/${refundReportId}`);
  await expect(page.getByRole('alert').filter({ hasText: FAILED_TEXT })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'My Reports' }).click();
  const refundItem = page.getByTestId('my-report').filter({ hasText: refundAsset });
  await expect(refundItem.getByTestId('purchase-note')).toHaveText(FAILED_TEXT);
  await expect(refundItem.getByText('Analyzing...')).toHaveCount(0);

  // The admin: buyer, amount and method; each action asks first.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, E2E_ADMIN.email, E2E_ADMIN.password);
  await adminPage.goto('/admin');
  const refundRow = adminPage.getByTestId('failed-report').filter({ hasText: refundAsset });
  await expect(refundRow).toContainText(buyer.username);
  await expect(refundRow).toContainText('$4.99');
  await expect(refundRow).toContainText('Card');
  await refundRow.getByRole('button', { name: 'Refund' }).click();
  await expect(refundRow.getByText(`Refund $4.99 to ${buyer.username}?`)).toBeVisible();
  await refundRow.getByRole('button', { name: 'Cancel' }).click();
  await expect(refundRow.getByRole('button', { name: 'Confirm refund' })).toHaveCount(0);
  await refundRow.getByRole('button', { name: 'Refund' }).click();
  await refundRow.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(
    adminPage.getByText('The refund is being sent to the card provider.', { exact: true }),
  ).toBeVisible();
  await expect(refundRow.getByText(/Refund sending|Refunded/)).toBeVisible();
  await expectNoAxeViolations(adminPage, 'admin with failed paid research');

  const retryRow = adminPage.getByTestId('failed-report').filter({ hasText: retryAsset });
  await retryRow.getByRole('button', { name: 'Retry research' }).click();
  await retryRow.getByRole('button', { name: 'Confirm retry' }).click();
  await expect(
    adminPage.getByText(`Research on ${retryAsset} was queued again.`, { exact: true }),
  ).toBeVisible();
  // Back to pending, off the failed list; the real worker researches it again.
  await expect(adminPage.getByTestId('failed-report').filter({ hasText: retryAsset })).toHaveCount(0);
  await adminContext.close();

  // The buyer: the refund in plain words, and the retried report researched after all.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'My Reports' }).click();
    await expect(refundItem.getByTestId('purchase-refunded')).toBeVisible({ timeout: 1_000 });
    await expect(refundItem.getByTestId('purchase-note')).toHaveText(
      'Research could not be completed, so your payment of $4.99 has been refunded to your card.',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  const retryItem = page.getByTestId('my-report').filter({ hasText: retryAsset });
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'My Reports' }).click();
    await expect(retryItem.getByTestId('report-status')).toHaveText('Completed', { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
});
