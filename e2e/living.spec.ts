import { expect, expectNoAxeViolations, setTheme, test } from './fixtures';
import { completedReport } from './support/grant-report';
import { rescoreStoredReport } from './support/series';

test('an owner sees the score history of the series and what changed since the previous version', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  const first = await completedReport(page, signedIn.email, 'Cardano');
  // The earlier version read another market: the later one shows the change, category by category.
  await rescoreStoredReport(first, { marketCap: 3, volumeX2: 3 });
  const second = await completedReport(page, signedIn.email, 'Cardano');

  await page.goto(`/report/${second}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cardano' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Score history' })).toBeVisible();
  const chart = page.getByTestId('score-history-chart');
  await expect(chart).toBeVisible();
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /version 1 .*version 2/);
  await expect(page.getByRole('button', { name: 'Watch Cardano' })).toBeVisible();
  // Version 2 reads the same offline data and methodology as a new report today would, so no
  // refresh is offered (decision 0383, nothing offered twice): the page says why instead.
  await expect(
    page.getByText(/^No refresh to order yet: a new report today would use the same data/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /Order a refresh/ })).toHaveCount(0);
  const changes = page.getByTestId('changes-section');
  await expect(changes.getByRole('heading', { name: 'Changes since the previous version' })).toBeVisible();
  await expect(changes.getByRole('rowheader', { name: 'Market Cap' })).toBeVisible();
  await expect(changes.getByRole('rowheader', { name: 'Volume' })).toBeVisible();
  await expect(changes.getByText(/^The verdict (stays|changed from)/)).toBeVisible();

  await expectNoAxeViolations(page, 'report with changes (light)');
  await setTheme(page, 'dark');
  await page.reload();
  await expect(page.getByTestId('changes-section')).toBeVisible();
  await expectNoAxeViolations(page, 'report with changes (dark)');

  // The older version lists the newer one as owned.
  await page.goto(`/report/${first}`);
  await expect(page.getByRole('heading', { name: 'Newer versions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open version 2' })).toBeVisible();
});

test.describe('the track record', () => {
  test('a visitor reads /track-record with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto('/track-record');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Track record' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Incidents after a report, by the risk level it gave' }),
    ).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Not Safe' }).first()).toBeVisible();
    await expect(page.getByText(/not financial advice/i).first()).toBeVisible();
    // The site's own header and footer, as on every other public page.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Track Record' })).toBeVisible();
    await context.close();
  });

  test('shows the back-test apart, said to be one, with its scale, matrix and failures', async ({ page }) => {
    await page.goto('/track-record');
    const backtest = page.getByTestId('backtest');
    await expect(backtest.getByText('This is a back-test.')).toBeVisible();
    await expect(backtest.getByText(/computed now, with the current methodology/)).toBeVisible();
    // The prospective record comes first and stays a section of its own.
    await expect(page.getByTestId('prospective')).toBeVisible();
    // The scale of the accuracy ratio comes before its figures (issue 46).
    await expect(backtest.getByTestId('accuracy-scale')).toContainText('runs from −1 to 1');
    await expect(
      page.getByTestId('transition-matrix').getByRole('rowheader', { name: 'Likely Safe' }),
    ).toBeVisible();
    await expect(
      page.getByTestId('named-cases').getByText(/Terra \(LUNA, now LUNC\) before May 2022: Rated/),
    ).toBeVisible();
    // The failures wait, grouped by type, until a reader opens one.
    const deaths = page.getByTestId('failure-group').filter({ hasText: /^terminal death/ });
    await deaths.locator('summary').click();
    const failures = deaths.getByTestId('failure-list');
    await expect(failures.getByRole('rowheader', { name: /Terra Luna Classic|Terra/ }).first()).toBeVisible();
    await expect(failures.getByText(/Market Cap \d\/5/).first()).toBeVisible();
    // The evidence the rating before a named failure used, fact by fact.
    await backtest.getByText(/Evidence used for Terra Luna Classic/).click();
    await expect(backtest.getByText(/^Market Cap \d\/5:$/).first()).toBeVisible();
    // Client-side arrival loads the page for real: the server writes its body.
    await page.goto('/documentation');
    await page.getByRole('link', { name: 'track record', exact: true }).click();
    await expect(page.getByTestId('backtest')).toBeVisible();
  });

  test('passes axe in both themes and is linked from the footer and the documentation', async ({ page }) => {
    await page.goto('/documentation');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Track Record' })).toBeVisible();
    // The methodology page states the current version's back-test.
    const figures = page.getByTestId('methodology-backtest');
    await expect(figures.getByText(/Accuracy ratio at 365 days: -?\d\.\d\d/)).toBeVisible();
    // Every band is stated: under 2026.11-5 the back-test has no Likely Safe rating, and says so.
    await expect(figures.getByText(/Potential Risk:\s*\d+ of\s+\d+ failed within\s+365 days/)).toBeVisible();
    await expect(figures.getByText(/Not Safe:\s*\d+ of\s+\d+ failed within\s+365 days/)).toBeVisible();
    await expect(
      figures.getByText(/Likely Safe:\s*(\d+ of\s+\d+ failed within\s+365 days|no rating in the back-test)/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'track record', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Track record' })).toBeVisible();
    await expectNoAxeViolations(page, 'track record (light)');
    await setTheme(page, 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveClass('dark');
    await expectNoAxeViolations(page, 'track record (dark)');
  });
});
