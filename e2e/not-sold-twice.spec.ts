import { expect, expectNoAxeViolations, test } from './fixtures';
import { completedReport } from './support/grant-report';

// Nothing sold twice (issue 46): for an asset the buyer owns, New Report shows their own report
// instead of offering it for $2.99, and says what a new report would hold instead of "Complete AI
// analysis with 12 research categories"; the report page offers no refresh whose data date would
// be the same as the report's, and says why.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`an owned asset is not offered again, and a refresh with the same data is not offered (${size.width}px)`, async ({
    page,
    signedIn,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(size);
    const reportId = await completedReport(page, signedIn.email, 'Polkadot');

    await page.goto('/dashboard');
    await page.getByLabel('Crypto asset name').fill('Polkadot');
    await expect(page.getByTestId('matched-asset')).toContainText('Polkadot');
    const owned = page.getByTestId('recent-report-owned');
    await expect(owned).toContainText('You own the report on Polkadot');
    await expect(page.getByTestId('recent-report-offer')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /\$2\.99/ })).toHaveCount(0);
    await expect(page.getByTestId('new-report-holds')).toHaveText(
      /^This report would hold evidence in \d+ of 12 categories: (rated, with a risk level and a composite score\.|Not rated, a verdict needs at least 4\.)$/,
    );
    await expectNoAxeViolations(page, `new report for an owned asset (${size.width}px)`);
    await owned.getByRole('link', { name: 'View your report' }).click();
    await expect(page).toHaveURL(new RegExp(`/report/${reportId}$`));

    await expect(page.getByTestId('refresh-not-offered')).toContainText(
      /No refresh to order yet: a new report today would use the same data \(as of \d{4}-\d{2}-\d{2}\)/,
    );
    await expect(page.getByRole('link', { name: /Order a refresh/ })).toHaveCount(0);
  });
}
