import { CATEGORIES } from '../contract/methodology';
import { expect, expectNoAxeViolations, test } from './fixtures';
import {
  grantNewReport,
  markCategoriesProgress,
  markReportProcessing,
  releaseHeldResearch,
} from './support/grant-report';

// After paying, the buyer sees what was bought: the report page, which follows the research as
// it runs (the twelve categories, the time so far, an estimate) instead of an empty New Report tab.

test('a card buyer lands on the report page of what they bought', async ({ page, signedIn: _user }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const asset = `Landing coin ${Date.now().toString(36)}`;
  await page.goto('/dashboard');
  await page.getByLabel('Crypto asset name').fill(asset);
  await expect(page.getByText(`We could not find “${asset}”`)).toBeVisible();
  await page.getByRole('button', { name: 'Purchase New Report' }).click();
  await page.getByRole('button', { name: 'Buy anyway for $4.99' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Card number (sandbox)').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page.getByText('Taking you to your report...')).toBeVisible();
  await expect(page).toHaveURL(/\/report\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: asset })).toBeVisible();
  // The research (offline snapshot) finishes within seconds: the page shows the result.
  await expect(page.getByTestId('not-rated')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('research-progress')).toHaveCount(0);
});

test('while research runs, the report page shows the twelve categories filling in, the time so far and an estimate', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  const reportId = await grantNewReport(signedIn.email, 'Lido Staked Ether', 600);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/report/${reportId}`);
  // One in-progress indicator: the spec's banner sentence heads the categories, no second banner.
  await expect(
    page
      .getByTestId('research-progress')
      .getByRole('heading', { name: 'Research in progress - checking for updates...' }),
  ).toBeVisible();
  await expect(page.getByText(/^Research in progress/i)).toHaveCount(1);
  const categories = page.getByTestId('category-progress');
  await expect(categories).toHaveCount(CATEGORIES.length);
  await expect(categories.filter({ hasText: 'Waiting' })).toHaveCount(CATEGORIES.length);
  const timing = page.getByTestId('research-timing');
  await expect(timing).toHaveText(/^0 of 12 categories done · \d+ s so far · waiting for a research worker/);
  const shown = await timing.textContent();
  await expect(timing).not.toHaveText(shown ?? '', { timeout: 3_000 }); // the clock runs
  await expectNoAxeViolations(page, 'report page while research runs');

  const [first, second] = CATEGORIES;
  await markReportProcessing(reportId);
  await markCategoriesProgress(reportId, first!, second!);
  await expect(categories.filter({ hasText: first!.name })).toContainText('Done', { timeout: 15_000 });
  await expect(categories.filter({ hasText: second!.name })).toContainText('Researching');
  await expect(timing).toHaveText(/^1 of 12 categories done · \d+ s so far · about .+ left at this pace$/);
  await expect(page.getByRole('progressbar', { name: 'Research in progress' })).toHaveAttribute(
    'aria-valuenow',
    '1',
  );

  await releaseHeldResearch(reportId);
  // Finished, the page leads with the verdict: offline Lido Staked Ether has evidence in 6 of 12
  // categories, and the six not assessed count as 1 (decision 0320), so it is rated Not Safe.
  const verdict = page.getByTestId('verdict-summary');
  await expect(verdict.getByTestId('risk-level')).toHaveText('Not Safe', { timeout: 40_000 });
  await expect(verdict.getByTestId('verdict-basis')).toHaveText('based on 6 of 12 categories');
  await expect(page.getByTestId('research-progress')).toHaveCount(0);
});
