import { readFile } from 'node:fs/promises';
import { expect, expectNoAxeViolations, setTheme, test } from './fixtures';
import { grantNewReport } from './support/grant-report';

// The buyer's invoices on the account page (decision 0300): listed after a purchase, each PDF
// downloads, and the card passes axe in both themes.

for (const theme of ['light', 'dark'] as const) {
  test(`a buyer downloads an invoice PDF from the account page (${theme})`, async ({ page, signedIn }) => {
    await setTheme(page, theme);
    await grantNewReport(signedIn.email, `Invoicecoin ${theme}`);
    await page.goto('/account');
    const card = page.getByRole('list', { name: 'Invoices and credit notes' });
    const row = card.getByRole('listitem').filter({ hasText: /Invoice INV-\d{6}/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('4.99 USD');
    await expectNoAxeViolations(page, `account page with an invoice (${theme})`);

    const downloadPromise = page.waitForEvent('download');
    await row.getByRole('link', { name: /PDF of invoice INV-\d{6}/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
}
