import { METHODOLOGY_VERSION } from '../contract/methodology';
import { expect, expectNoAxeViolations, setTheme, test } from './fixtures';
import { grantNewReport, markReportProcessing, releaseHeldResearch } from './support/grant-report';

test('a bought report goes from pending to processing to completed on the report page', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  // The job is held until the pending and processing states have been seen, then let go.
  const reportId = await grantNewReport(signedIn.email, 'Bitcoin', 600);
  await page.goto(`/report/${reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin' })).toBeVisible();
  await expect(page.getByText('Research in progress - checking for updates...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeDisabled();

  await markReportProcessing(reportId);
  await expect(page.getByText('Research in Progress', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Analysis of Bitcoin is now being processed.').first()).toBeVisible();
  await releaseHeldResearch(reportId);

  await expect(page.getByText('Research Complete!', { exact: true }).first()).toBeVisible({
    timeout: 40_000,
  });
  await expect(page.getByText('Your Bitcoin research report is now ready.').first()).toBeVisible();
  await expect(page.getByText('Research in progress - checking for updates...')).toBeHidden();
  // Offline, the market files and Bitcoin's daily history give it market cap, volume, supply
  // and age, the Team and Use Case datasets (0330-0333) two more: rated on 8 of 12 with the four
  // gaps not assessed and counted at 1 (0320), Likely Safe.
  await expect(page.getByRole('heading', { name: 'Executive summary', exact: true })).toBeVisible();
  await expect(page.getByTestId('executive-summary')).toHaveText(
    /^Bitcoin \(BTC\) scores \d+\.\d\d of 77 .*risk level Likely Safe, rated on 8 of 12 categories.*the four not assessed count as 1/,
  );
  await expect(page.getByText('Not rated: too few categories with evidence')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: /Agent$/ })).toHaveCount(12);
  // "Completed" only where a category was scored; a category without evidence says it is not assessed.
  const card = (agent: string) =>
    page
      .locator('div')
      .filter({ has: page.getByRole('heading', { level: 3, name: agent, exact: true }) })
      .last();
  await expect(card('Market Cap Agent').getByTestId('category-status')).toHaveText(/^Completed: /);
  await expect(card('Social Metrics Agent').getByTestId('category-status')).toHaveText(/^Not assessed: /);
  // The categories are followed by the numbered sources (the full text is only for older reports).
  await expect(page.getByRole('heading', { name: 'Sources', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  await expect(page).toHaveTitle('Bitcoin Research Report');
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description).not.toContain('Not rated');

  await expectNoAxeViolations(page, 'report page (light)');
  await setTheme(page, 'dark');
  await page.reload();
  await expect(page.getByTestId('executive-summary')).toHaveText(
    /risk level Likely Safe, rated on 8 of 12 categories/,
  );
  await expectNoAxeViolations(page, 'report page (dark)');

  await page.goto(`/reports/${reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bitcoin' })).toBeVisible();
});

test('another user’s report, a missing and a malformed id show Report Not Found', async ({
  page,
  signedIn,
}) => {
  const otherReport = await grantNewReport('admin@e2e.example', 'Bitcoin');
  expect(signedIn.email).not.toBe('admin@e2e.example');
  for (const path of [`/report/${otherReport}`, '/report/99999999', '/reports/not-a-number']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
    await expect(
      page.getByText("The report you're looking for doesn't exist or you don't have access to it."),
    ).toBeVisible();
  }
});

test('the documentation page explains the methodology from the contract and passes axe', async ({ page }) => {
  await page.goto('/documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Research Methodology' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Existence/Growth' })).toBeVisible();
  await expect(page.getByText('51-77')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The 77-point scale', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Hacks\/Scandals/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change log' })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      name: new RegExp(`Version ${METHODOLOGY_VERSION.replace('.', '\\.')} .*current`),
    }),
  ).toBeVisible();
  // A table of contents leads to each part of the long page.
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await expect(contents.getByRole('link')).toHaveCount(8);
  await contents.getByRole('link', { name: 'Change log' }).click();
  await expect(page).toHaveURL(/#change-log$/);
  await expect(page.getByRole('heading', { name: 'Change log' })).toBeInViewport();
  await page.getByText('Rules of version 2026.11-1').click();
  await expect(page.getByText(/24-hour trading volume relative to market capitalisation/)).toBeVisible();
  // With the older rules opened; the page as it loads is checked in both themes by public-pages.spec.
  await expectNoAxeViolations(page, 'documentation (light)');
});
