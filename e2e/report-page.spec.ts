import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { completedReport } from './support/grant-report';

// The report page read verdict-first: the verdict and how much evidence it stands on, three
// reasons, a coverage bar, the category bars (no evidence: grey "n/a"), then the detail.

const top = async (page: Page, testId: string) => (await page.getByTestId(testId).first().boundingBox())!.y;

test('a Not rated report opens with its verdict, its evidence, three reasons and grey n/a bars', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  // Offline, Wonderland is Not rated (Team and Hacks/Scandals have evidence; Lido Staked Ether, used before, now has five).
  const first = await completedReport(page, signedIn.email, 'Wonderland');
  await page.goto(`/report/${first}`);
  const verdict = page.getByTestId('verdict-summary');
  await expect(verdict.getByRole('heading', { name: 'Not rated' })).toBeVisible();
  const basis = page.getByTestId('verdict-basis');
  await expect(basis).toHaveText(/^based on [0-3] of 12 categories$/);
  const evidenced = Number((await basis.textContent())!.match(/based on (\d+)/)![1]);
  const reasons = verdict.getByRole('list', { name: 'Reasons' }).getByRole('listitem');
  await expect(reasons.first()).toHaveText(
    `Evidence was found in ${evidenced} of 12 categories; a verdict needs at least 4.`,
  );
  expect(await reasons.count()).toBeLessThanOrEqual(3);
  await expect(page.getByTestId('coverage-bar').getByRole('listitem')).toHaveCount(12);

  const bars = page.getByTestId('category-bar');
  await expect(bars).toHaveCount(12);
  await expect(bars.and(page.locator('[data-missing="true"]'))).toHaveCount(12 - evidenced);
  for (const bar of await bars.and(page.locator('[data-missing="true"]')).all()) {
    await expect(bar).toContainText('n/a');
  }
  // Verdict, then the bars, then the detail.
  expect(await top(page, 'verdict-summary')).toBeLessThan(await top(page, 'category-bar'));
  expect(await top(page, 'category-bar')).toBeLessThan(await top(page, 'executive-summary'));
  // One version: the history is a sentence, not an empty chart.
  // (Other browser tests may have made earlier Wonderland versions: then the sentence says so.)
  await expect(page.getByTestId('history-text')).toHaveText(
    /^(This is the first version of this report\.|Fewer than two versions have a total)/,
  );
  await expect(page.getByTestId('score-history-chart')).toHaveCount(0);
  // Provenance as short links: the file and the commit read, the dataset and its licence on hover,
  // drawn in the coverage table as in the sources list (one link component for both).
  const datasetLink = page
    .getByRole('region', { name: 'Data coverage' })
    .getByRole('link', { name: /^[\w./-]+ at [0-9a-f]{7}$/ })
    .first();
  await expect(datasetLink).toBeVisible();
  await expect(datasetLink).toContainText('↗');
  await expect(datasetLink).toHaveAttribute('title', / @ [0-9a-f]{12}/);
  const colour = (link: Locator) => link.evaluate((element) => getComputedStyle(element).color);
  expect(await colour(datasetLink)).toBe(await colour(page.getByTestId('sources').getByRole('link').first()));
  await expectNoAxeViolations(page, 'verdict-first Not rated report');

  // A second Not rated version: no "the total moved from x to x" on reports with no total.
  const second = await completedReport(page, signedIn.email, 'Wonderland');
  await page.goto(`/report/${second}`);
  await expect(page.getByTestId('changes-section')).toContainText(
    'Both versions are Not rated: too few categories with evidence for a total.',
  );
  await expect(page.getByText(/The total moved from/)).toHaveCount(0);
});

test('a knockout report heads its verdict with the risk level, Not Safe, not the composite band', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  // Offline, FTX Token's record holds the issuer's chapter 11 filing: a knockout, so its risk level
  // is Not Safe whatever its total; the composite's band (Poor) is another scale.
  const reportId = await completedReport(page, signedIn.email, 'FTX Token');
  await page.goto(`/report/${reportId}`);
  const verdict = page.getByTestId('verdict-summary');
  // The risk level alone leads (decision 0381); the total is the score section's.
  await expect(verdict.getByRole('heading', { level: 2 })).toHaveText('Not Safe');
  await expect(page.getByTestId('composite-line')).not.toContainText(/Excellent|Good|Poor/);
  await expect(page.getByTestId('executive-summary')).toContainText('risk level Not Safe');
  await expectNoAxeViolations(page, 'knockout report');
});

test('the marketplace shows one card per asset, its latest report dated with its verdict, older ones behind it', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  await completedReport(page, signedIn.email, 'Litecoin');
  await completedReport(page, signedIn.email, 'Litecoin');
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Marketplace' }).click();
  await page.getByLabel('Search reports').fill('Litecoin');
  const cards = page.getByTestId('public-report').filter({
    has: page.getByRole('heading', { name: 'Litecoin', exact: true }),
  });
  await expect(cards).toHaveCount(1);
  await expect(cards.getByTestId('listing-facts').first()).toHaveText(
    /^(\w+ \d{1,2}, \d{4}|\d{1,2} \w+ \d{4}) ·\s*(Not rated|(Likely Safe|Potential Risk|Not Safe)\s*Score: [\d.]+\/77\.0)$/,
  );
  const older = cards.getByTestId('older-versions');
  await expect(older.locator('summary')).toHaveText(/^Older reports \(\d+\)$/);
  await older.locator('summary').click();
  await expect(older.getByTestId('listing-facts').first()).toBeVisible();
  await expectNoAxeViolations(page, 'marketplace grouped by asset');

  await page.getByLabel('Search reports').fill('zz no such coin');
  await expect(page.getByText('No reports match "zz no such coin".')).toBeVisible();
  await page.getByRole('button', { name: 'Generate a new report' }).click();
  await expect(page.getByRole('tab', { name: 'New Report' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Crypto asset name')).toHaveValue('zz no such coin');
});
