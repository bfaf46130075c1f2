import { expect, expectNoAxeViolations, setTheme, test } from './fixtures';
import { grantNewReport } from './support/grant-report';

// A token with a published unlock schedule: the report draws it under Circulating Supply, says
// in words what the line shows and whose plan it is, lists the figures, and passes axe.

test('a report on a token with an unlock schedule shows the schedule chart with its description', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  const reportId = await grantNewReport(signedIn.email, 'Sui');
  await page.goto(`/report/${reportId}`);
  // The research runs in the e2e server's worker; the chart comes with the completed category.
  const chart = page.getByTestId('chart-circulatingSupply');
  await expect(chart.getByRole('img', { name: 'Share of the scheduled supply unlocked' })).toBeVisible({
    timeout: 40_000,
  });
  await expect(chart.getByRole('img')).toHaveAccessibleDescription(
    /^Share of the scheduled supply unlocked from 2023-05-01 \(0\.0%\) to \d{4}-\d{2}-01 \(100\.0%\); report date \d{4}-\d{2}-\d{2}: \d+\.\d%\.$/,
  );
  await expect(chart).toContainText('per the schedule in DefiLlama/emissions-adapters as of 2026-04-03');
  await expect(chart.getByRole('rowheader', { name: /\(report date\)$/ })).toBeVisible();
  await expect(chart.getByRole('row')).not.toHaveCount(0);

  await expectNoAxeViolations(page, 'report with an unlock schedule (light)');
  await setTheme(page, 'dark');
  await page.reload();
  await expect(chart.getByRole('img', { name: 'Share of the scheduled supply unlocked' })).toBeVisible();
  await expectNoAxeViolations(page, 'report with an unlock schedule (dark)');
});

test('a report from a recent Coin Metrics copy draws a year of market capitalisation', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  const reportId = await grantNewReport(signedIn.email, 'Litecoin');
  await page.goto(`/report/${reportId}`);
  const chart = page.getByTestId('chart-marketCap');
  await expect(chart.getByRole('img', { name: 'Market capitalisation' })).toBeVisible({ timeout: 40_000 });
  await expect(chart.getByRole('img')).toHaveAccessibleDescription(
    /^Market capitalisation from 2024-12-21 \(\$[\d.]+ billion\) to 2025-12-16 \(\$6\.06 billion\)/,
  );
  await expect(chart).toContainText('coinmetrics/data, CC BY-NC 4.0');
  await expectNoAxeViolations(page, 'report with a market-cap chart');
});
