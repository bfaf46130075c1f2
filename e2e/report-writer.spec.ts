import { RULES_WRITER_SITE_TEXT, RULES_WRITER_TEXT } from '../contract/constants';
import { expect, test } from './fixtures';
import { completedReport } from './support/grant-report';

// Issue 42, "say who wrote it" (decision 0344): with no AI model configured (the browser tests'
// server has none), the landing page, the checkout and a report the rules wrote say so.

test('the landing page adds that the published rules write the reports, beside the spec’s texts', async ({
  page,
}) => {
  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing).toContainText('One-time. Complete AI analysis with 12 research categories.');
  await expect(page.getByTestId('pricing-writer')).toHaveText(RULES_WRITER_SITE_TEXT);
});

test('the checkout of a new report says the published rules will write it', async ({
  page,
  signedIn: _user,
}) => {
  await page.goto('/checkout?purchaseType=new_report&assetName=Bitcoin&assetId=bitcoin');
  await expect(page.getByTestId('checkout-writer')).toHaveText(RULES_WRITER_SITE_TEXT);
});

test('a report the rules wrote says so under its summary, not "research agents"', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  const reportId = await completedReport(page, signedIn.email, 'Cardano');
  await page.goto(`/report/${reportId}`);
  await expect(page.getByTestId('report-writer')).toHaveText(RULES_WRITER_TEXT);
  await expect(page.getByText('Written by the AI writer')).toHaveCount(0);
});
