import type { Page } from '@playwright/test';
import { readPdf } from '../server/testing/pdf';
import { expect, expectNoAxeViolations, test } from './fixtures';

// The VAT shown is the VAT charged (issue 46, decision 0380). The invoice needs a second piece of
// evidence agreeing with the stated country; here the server trusts no proxy country header, so
// the card's issuing country is the only one. The sandbox's test cards carry a country as
// Stripe's do (4242… is the United States), the checkout says before payment which VAT applies,
// and the invoice and the data export give the buyer's country.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const uniqueAsset = (prefix: string, width: number) => `${prefix} ${width} ${Date.now().toString(36)}`;

async function startCardCheckout(page: Page, asset: string, country: string) {
  await page.goto(
    `/checkout?purchaseType=new_report&assetName=${encodeURIComponent(asset)}&acknowledgeUnknownAsset=1`,
  );
  await page.getByLabel('Country', { exact: true }).selectOption(country);
}

async function pay(page: Page, cardNumber: string) {
  await page.getByLabel('Card number (sandbox)').fill(cardNumber);
}

async function invoiceOf(page: Page, asset: string) {
  const documents = (await (await page.request.get('/api/account/export')).json()) as {
    invoices: {
      description: string;
      buyerCountry: string | null;
      vatCountry: string | null;
      vatRate: string;
    }[];
  };
  const invoice = documents.invoices.find((row) => row.description.includes(asset));
  expect(invoice, `an invoice for ${asset}`).toBeDefined();
  return invoice!;
}

async function invoicePdfText(page: Page) {
  await page.goto('/account');
  const row = page
    .getByRole('list', { name: 'Invoices and credit notes' })
    .getByRole('listitem')
    .filter({ hasText: /Invoice INV-\d{6}/ })
    .first();
  const href = await row.getByRole('link', { name: /PDF of invoice INV-\d{6}/ }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  return (await readPdf(await pdf.body())).text;
}

for (const size of SIZES) {
  test(`a card from another country than the one stated: the seller's VAT is said before paying and charged (${size.width}px)`, async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.setViewportSize(size);
    const asset = uniqueAsset('Vat shown coin', size.width);
    await startCardCheckout(page, asset, 'DE');
    const vat = page.getByTestId('checkout-vat');
    const condition = page.getByTestId('checkout-vat-condition');
    // Before the card is known, both outcomes are said.
    await expect(vat).toHaveText('Includes Germany VAT 19%: $0.80 (net $4.19)');
    await expect(condition).toHaveText(
      'If your card is issued in Germany. A card issued elsewhere: Includes Ireland VAT 23%: $0.93 (net $4.06); the total is the same.',
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Purchase' })).toBeVisible();
    // The United States test card disagrees with Germany: the seller's country applies, said before paying.
    await pay(page, '4242 4242 4242 4242');
    await expect(vat).toHaveText('Includes Ireland VAT 23%: $0.93 (net $4.06)');
    await expect(condition).toContainText('this card is issued in United States, not Germany');
    await expectNoAxeViolations(page, `card checkout with a disagreeing card (${size.width}px)`);
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();

    const invoice = await invoiceOf(page, asset);
    expect(invoice).toMatchObject({ vatCountry: 'IE', vatRate: '23.00', buyerCountry: 'DE' });
    const text = await invoicePdfText(page);
    expect(text).toContain('VAT 23.00% (IE)');
    expect(text).toMatch(/Buyer[\s\S]*Country: DE/);
  });

  test(`a card issued in the stated country confirms it: that country's VAT is shown and charged (${size.width}px)`, async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.setViewportSize(size);
    const asset = uniqueAsset('Vat agreed coin', size.width);
    await startCardCheckout(page, asset, 'DE');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Stripe's German test card (4000 0027 6000 0016) is issued in Germany.
    await pay(page, '4000 0027 6000 0016');
    const vat = page.getByTestId('checkout-vat');
    await expect(vat).toHaveText('Includes Germany VAT 19%: $0.80 (net $4.19)');
    await expect(page.getByTestId('checkout-vat-condition')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();

    expect(await invoiceOf(page, asset)).toMatchObject({
      vatCountry: 'DE',
      vatRate: '19.00',
      buyerCountry: 'DE',
    });
  });

  test(`a United States buyer with the United States test card pays no EU VAT and the invoice says US (${size.width}px)`, async ({
    page,
    signedIn: _signedIn,
  }) => {
    await page.setViewportSize(size);
    const asset = uniqueAsset('Vat us coin', size.width);
    await startCardCheckout(page, asset, 'US');
    await expect(page.getByTestId('checkout-vat')).toHaveText('No EU VAT: United States is outside the EU');
    await page.getByRole('button', { name: 'Continue' }).click();
    await pay(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('checkout-vat-condition')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await expect(page.getByText('Payment successful!')).toBeVisible();

    expect(await invoiceOf(page, asset)).toMatchObject({
      vatCountry: null,
      vatRate: '0.00',
      buyerCountry: 'US',
    });
    expect(await invoicePdfText(page)).toMatch(/Buyer[\s\S]*Country: US/);
  });
}
