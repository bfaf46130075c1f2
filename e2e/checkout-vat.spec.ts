import type { Locator, Page } from '@playwright/test';
import pg from 'pg';
import { type FakeVies, startFakeVies } from '../server/testing/fake-vies';
import { expect, expectNoAxeViolations, newUser, PASSWORD, test } from './fixtures';
import { e2eDatabaseUrl } from './support/database';
import { type SecondServer, startSecondServer } from './support/second-server';

// The buyer's country and EU VAT number at checkout (decision 0305), card and Cardano: errors
// under their fields, the chosen country's VAT in the price breakdown before paying, reverse
// charge once (a fake of) VIES confirms the number, and the invoice that follows. A second server
// trusts the proxy's country header (as behind Cloudflare), so stated and IP country agree.

let vies: FakeVies;
let server: SecondServer;

test.beforeAll(async () => {
  vies = await startFakeVies({ valid: { DE811907980: 'MUSTER GMBH' }, unavailable: [], dropped: [] });
  server = await startSecondServer({
    ENABLE_SANDBOX: 'true',
    VIES_URL: vies.url,
    TRUST_CF_IPCOUNTRY: 'true',
  });
});
test.afterAll(async () => {
  server?.process.kill('SIGTERM');
  await vies?.close();
});

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function buyerPage(browser: import('@playwright/test').Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    locale: 'en-US',
    extraHTTPHeaders: { 'cf-ipcountry': 'DE' },
  });
  const page = await context.newPage();
  const user = newUser();
  const registered = await page.request.post('/api/auth/register', {
    data: { ...user, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  return page;
}

async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(message));
}

const uniqueAsset = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

test('card checkout: the country is required, its VAT is in the breakdown, a VIES-valid number is reverse charge', async ({
  browser,
}) => {
  const page = await buyerPage(browser);
  const asset = uniqueAsset('Vat card coin');
  await page.goto(
    `/checkout?purchaseType=new_report&assetName=${encodeURIComponent(asset)}&acknowledgeUnknownAsset=1`,
  );
  const country = page.getByLabel('Country', { exact: true });
  const vatNumber = page.getByLabel('EU VAT number (optional, for businesses)');
  const vat = page.getByTestId('checkout-vat');

  // The browser's language suggests a country; the buyer sees it and may change it.
  await expect(country).toHaveValue('US');
  await expect(vat).toHaveText('No EU VAT: United States is outside the EU');

  await country.selectOption('');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectFieldError(country, 'Choose the country you are in');
  await expect(page.getByRole('heading', { name: 'Choose Payment Method' })).toBeVisible();
  await expectNoAxeViolations(page, 'checkout with a missing country');

  await country.selectOption('DE');
  await expect(country).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByTestId('checkout-price')).toHaveText('$4.99');
  await expect(vat).toHaveText('Includes Germany VAT 19%: $0.80 (net $4.19)');

  await vatNumber.fill('FR40303265045');
  await vatNumber.blur();
  await expectFieldError(vatNumber, 'must start with DE');
  await expect(vat).toHaveText('Includes Germany VAT 19%: $0.80 (net $4.19)');

  await vatNumber.fill('DE 811 907 980');
  await vatNumber.blur();
  await expect(vatNumber).toHaveAttribute('aria-invalid', 'false');
  await expect(vat).toHaveText(
    'Reverse charge: VAT number DE811907980 confirmed by VIES, no VAT charged (net $4.99)',
  );
  expect(vies.requests).toContainEqual({ countryCode: 'DE', vatNumber: '811907980' });
  await expectNoAxeViolations(page, 'checkout with reverse charge');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Purchase' })).toBeVisible();
  await page.getByLabel('Card number (sandbox)').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
  await expect(page.getByText('Payment successful!')).toBeVisible();

  const [invoice] = await sql<{ vat_treatment: string; buyer_vat_id: string; buyer_country: string }>(
    `select i.vat_treatment, i.buyer_vat_id, i.buyer_country from invoices i
       join user_purchases p on p.id = i.purchase_id where p.asset_name = $1`,
    [asset],
  );
  expect(invoice).toEqual({
    vat_treatment: 'reverse_charge',
    buyer_vat_id: 'DE811907980',
    buyer_country: 'DE',
  });
  await page.goto('/account');
  await expect(
    page.getByRole('list', { name: 'Invoices and credit notes' }).getByRole('listitem').first(),
  ).toContainText('reverse charge');
  await page.context().close();
});

test('Cardano checkout: the country chosen before carries over, and its VAT is shown before paying', async ({
  browser,
}) => {
  const page = await buyerPage(browser);
  const asset = uniqueAsset('Vat ada coin');
  await page.goto(
    `/checkout?purchaseType=new_report&assetName=${encodeURIComponent(asset)}&acknowledgeUnknownAsset=1`,
  );
  await page.getByLabel('Country', { exact: true }).selectOption('FR');
  await page.getByText('Cardano (ADA)').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/cardano-checkout\?.*country=FR/);

  const country = page.getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('FR');
  // The connection is from Germany and a Cardano payment has no card: nothing confirms France, so
  // the invoice charges the seller's country's VAT, and the checkout says so (decision 0380).
  await expect(page.getByTestId('checkout-vat')).toHaveText('Includes Ireland VAT 23%: $0.93 (net $4.06)');
  await expect(page.getByTestId('checkout-vat-condition')).toContainText(
    'a Cardano payment has no card to confirm France',
  );
  const vatNumber = page.getByLabel('EU VAT number (optional, for businesses)');
  await vatNumber.fill('DE811907980');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expectFieldError(vatNumber, 'must start with FR');
  await expectNoAxeViolations(page, 'Cardano checkout with a VAT number error');
  await vatNumber.fill('');
  await page.getByRole('button', { name: 'Create Payment' }).click();
  await expect(page).toHaveURL(/\/cardano-checkout\/payment\/\d+/);

  const [evidence] = await sql<{ stated_country: string; ip_country: string }>(
    `select e.stated_country, e.ip_country from purchase_tax_evidence e
       join user_purchases p on p.id = e.purchase_id where p.asset_name = $1`,
    [asset],
  );
  expect(evidence).toEqual({ stated_country: 'FR', ip_country: 'DE' });
  await page.context().close();
});
