import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completedReport } from './support/grant-report';

// Each report shows its asset's back-tested monthly ratings (decision 0293), labelled as a
// back-test, with the dated failures that followed; on a phone without sideways scrolling.

const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/**
 * Axe on the back-test section alone, with the rules of fixtures.ts: other sections of the report
 * page are other features' (at 390 px their wide tables' scroll regions are not focusable yet).
 */
async function expectSectionPassesAxe(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .include('[data-testid="backtest-history"]')
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations in ${label}`).toEqual([]);
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

test("a report shows its asset's back-tested ratings and the failures after them, as a back-test", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(150_000);
  const terra = await completedReport(page, signedIn.email, 'Terra Luna Classic');
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto(`/report/${terra}`);
    const history = page.getByTestId('backtest-history');
    await expect(history.getByRole('heading', { name: 'Back-tested rating history' })).toBeVisible();
    await expect(page.getByTestId('backtest-notice')).toContainText('A back-test, not this report’s history');
    await expect(page.getByTestId('backtest-summary')).toContainText(/\d+ monthly ratings of .* from 2020-/);
    await expect(page.getByTestId('backtest-holdout')).toContainText(
      /the hold-out, never used to choose a rule/,
    );
    await expect(history.getByRole('img', { name: /back-tested total, of 77/ })).toBeVisible();
    // Band periods stop at months the snapshots skip (Terra is not listed from June to September
    // 2022): under 2026.11-5 it is Not rated on both sides of the gap, in two periods, not one.
    const bandList = history.getByRole('list', { name: 'Bands over time' });
    await expect(bandList).toContainText('Not rated2020-01-01 to 2022-05-01');
    await expect(bandList).toContainText('Not rated2022-10-01 to 2023-02-01');
    // The collapse of May 2022: a failure with its dated record, and the rating before it.
    const failures = page.getByTestId('backtest-failures');
    await expect(failures).toContainText('2022-10-01, terminal death');
    await expect(failures).toContainText('on 2022-05-01');
    await expect(failures.getByRole('link', { name: /Dated record/ }).first()).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await history.getByText(/All \d+ monthly ratings/).click();
    const may = page.getByTestId('backtest-table').getByRole('row', { name: /^2022-05-01 / });
    await expect(may).toContainText('terminal death 2022-10-01');
    expect(await sidewaysScroll(page), `sideways scroll at ${screen.width}px`).toBeLessThanOrEqual(0);
    await expectSectionPassesAxe(page, `the back-test history at ${screen.width}px`);
  }
  // The middle band reads as the risk level does everywhere: "Potential Risk", not "Potential".
  // Terra has no such rating under 2026.11-5; Ethereum's back-test has Potential Risk months.
  const ethereum = await completedReport(page, signedIn.email, 'Ethereum');
  await page.goto(`/report/${ethereum}`);
  const bands = page
    .getByTestId('backtest-history')
    .getByRole('list', { name: 'Bands over time' })
    .getByRole('listitem');
  await expect(bands.filter({ hasText: /^Potential Risk\d{4}-/ }).first()).toBeVisible();
  await expect(bands.filter({ hasText: /^Potential\d{4}-/ })).toHaveCount(0);
});

test('a report on an asset the snapshots never list says the back-test has no rating of it', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(120_000);
  // Lido Staked Ether is not in the monthly top-200 snapshots.
  const lido = await completedReport(page, signedIn.email, 'Lido Staked Ether');
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto(`/report/${lido}`);
    await expect(page.getByTestId('backtest-none')).toHaveText(
      'The back-test has no rating of Lido Staked Ether: none of the monthly top-200 snapshots lists it.',
    );
    await expect(page.getByTestId('backtest-chart')).toHaveCount(0);
    expect(await sidewaysScroll(page), `sideways scroll at ${screen.width}px`).toBeLessThanOrEqual(0);
    await expectSectionPassesAxe(page, `the back-test section without history at ${screen.width}px`);
  }
});
