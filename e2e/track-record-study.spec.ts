import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

// The track record's back-test for a buyer (issues 43 and 46): the accuracy ratio's scale and
// meaning before any figure, the hold-out and the baselines, the failure list closed until a type
// is opened (not a 500-row table), every wide table a focusable region; at phone and desktop width.

const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
const pageHeight = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollHeight);

for (const screen of SCREENS) {
  test(`the track record reads first what the accuracy ratio means, then the hold-out, at ${screen.width}px`, async ({
    page,
  }) => {
    await page.setViewportSize(screen);
    await page.goto('/track-record');
    const backtest = page.getByTestId('backtest');
    const scale = backtest.getByTestId('accuracy-scale');
    await expect(scale).toContainText('runs from −1 to 1');
    await expect(scale).toContainText('no better than chance');
    const samples = backtest.getByTestId('study-samples');
    await expect(samples.getByRole('rowheader', { name: 'Hold-out (2023 on), 365 days' })).toBeVisible();
    // The scale is read before the figures it explains.
    const scaleTop = (await scale.boundingBox())!.y;
    expect(scaleTop).toBeLessThan((await samples.boundingBox())!.y);
    await expect(backtest.getByTestId('buyer-summary')).toContainText(/For a buyer:.*hold-out/);
    await expect(
      backtest.getByTestId('baselines').getByRole('columnheader', { name: 'Months since first listing' }),
    ).toBeVisible();
    await expect(backtest.getByTestId('outcome-types')).toContainText('market-relative collapse');

    // The failures wait, grouped by type: the page stays short until a reader opens one.
    const groups = backtest.getByTestId('failure-group');
    expect(await groups.count()).toBeGreaterThanOrEqual(3);
    await expect(backtest.getByTestId('failure-list').first()).toBeHidden();
    expect(await pageHeight(page)).toBeLessThan(screen.width < 500 ? 20_000 : 12_000);
    const defaults = groups.filter({ hasText: /^default/ });
    const summary = defaults.locator('summary');
    expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await summary.click();
    await expect(
      defaults.getByTestId('failure-list').getByRole('rowheader', { name: /Celsius/ }),
    ).toBeVisible();

    expect(await sidewaysScroll(page), `sideways scroll at ${screen.width}px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, `track record at ${screen.width}px`);
  });
}
