import { expect, expectNoAxeViolations, test } from './fixtures';
import { completedReport } from './support/grant-report';

// Public search (issue 46): "btc" finds Bitcoin as the New Report box does (the same asset
// matcher), no match offers a next step, and /search is linked from the footer.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`"btc" finds the Bitcoin report; no match leads on to a new report; the footer links /search (${size.width}px)`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    await completedReport(page, signedIn.email, 'Bitcoin');

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Search reports' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await page.getByLabel('Asset name').fill('btc');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('heading', { name: 'Bitcoin', exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page, `search results for btc (${size.width}px)`);

    await page.getByLabel('Asset name').fill('zz-no-such-asset-zz');
    await page.getByRole('button', { name: 'Search' }).click();
    const none = page.getByTestId('search-no-match');
    await expect(none).toContainText('No public reports match "zz-no-such-asset-zz".');
    await expectNoAxeViolations(page, `search without a match (${size.width}px)`);
    await none.getByRole('link', { name: 'Order a new report on "zz-no-such-asset-zz" ($4.99)' }).click();
    await expect(page).toHaveURL(/\/dashboard\?asset=zz-no-such-asset-zz$/);
    await expect(page.getByLabel('Crypto asset name')).toHaveValue('zz-no-such-asset-zz');
  });
}
