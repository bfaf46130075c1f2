import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPurchases } from './db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { markResearchFailed } from './research/repository';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from './testing/users';

// The accountant's exports (decision 0303), each parsed back and summed against the database:
// card sales in two EU countries and outside the EU, a Cardano sale and a card refund.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;

const cents = (value: string) => Math.round(Number(value) * 100);

async function dbSums() {
  const result = await t.ctx.db.execute(sql`
    select
      (select coalesce(sum(total_amount), 0) from invoices) - (select coalesce(sum(total_amount), 0) from credit_notes) as total,
      (select coalesce(sum(vat_amount), 0) from invoices) - (select coalesce(sum(vat_amount), 0) from credit_notes) as vat,
      (select count(*) from invoices) + (select count(*) from credit_notes) as documents`);
  const row = result.rows[0] as { total: string; vat: string; documents: string };
  return { total: cents(row.total), vat: cents(row.vat), documents: Number(row.documents) };
}

async function exportOf(kind: string, query = '') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/exports/${kind}${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const csv = (body: string) =>
  parse(body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    ...fakeStripeSettings(fake),
    ENABLE_SANDBOX: 'true',
    TRUST_CF_IPCOUNTRY: 'true',
  });
  admin = await signInAdmin(t.app, t.ctx.db);
  const cardSale = async (country: string, asset: string) => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer.cookie, 'cf-ipcountry': country },
      payload: { purchaseType: 'new_report', assetName: asset, acknowledgeUnknownAsset: true, country },
    });
    const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
    await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, intent.id));
    return purchase!;
  };
  await cardSale('DE', 'Exportcoin A');
  await cardSale('DE', 'Exportcoin B');
  await cardSale('FR', 'Exportcoin C');
  await cardSale('US', 'Exportcoin D');
  const refunded = await cardSale('FR', 'Exportcoin E');
  await markResearchFailed(t.ctx.db, refunded.reportId!, 'Source down');
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/admin/purchases/${refunded.id}/refund`,
    headers: { cookie: admin.cookie },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  const buyer = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: buyer.cookie },
    payload: {
      amount: 4.99,
      currency: 'ADA',
      description: 'Research Report Purchase - Exportada',
      purchaseType: 'new_report',
      researchAsset: 'Exportada',
      acknowledgeUnknownAsset: true,
    },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/cardano/sandbox/simulate-payment/${created.json().payment.id}`,
    headers: { cookie: buyer.cookie },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('exports an accountant imports', () => {
  it('payments: every document with its method, reference, crypto, rate and VAT; sums match', async () => {
    const rows = csv((await exportOf('payments')).body);
    const db = await dbSums();
    expect(rows).toHaveLength(db.documents);
    expect(rows.reduce((sum, row) => sum + cents(row.fiat_amount!), 0)).toBe(db.total);
    expect(rows.reduce((sum, row) => sum + cents(row.vat_amount!), 0)).toBe(db.vat);
    const ada = rows.find((row) => row.crypto === 'ADA')!;
    expect(ada).toMatchObject({ method: 'cardano', fiat_currency: 'USD', fiat_amount: '4.99' });
    expect(Number(ada.usd_rate)).toBeGreaterThan(0);
    expect(ada.rate_time).not.toBe('');
    expect(ada.provider_payment_id_or_tx_hash).not.toBe('');
    // The sandbox chain charges no fee and a card's is on Stripe's statement: empty, not 0.
    expect(new Set(rows.map((row) => row.method))).toEqual(new Set(['card', 'cardano']));
    expect(rows.map((row) => row.network_fee)).toEqual(rows.map(() => ''));
    expect(rows.filter((row) => row.status === 'refunded')).toHaveLength(1);
    expect(rows.find((row) => row.status === 'refunded')!.fiat_amount).toBe('-4.99');
  });

  it('xero and quickbooks: the same money, one line per document', async () => {
    const db = await dbSums();
    const xero = csv((await exportOf('xero')).body);
    expect(Object.keys(xero[0]!)).toEqual(['Date', 'Amount', 'Payee', 'Description', 'Reference']);
    expect(xero.reduce((sum, row) => sum + cents(row.Amount!), 0)).toBe(db.total);
    const quickbooks = csv((await exportOf('quickbooks')).body);
    expect(Object.keys(quickbooks[0]!)).toEqual(['Date', 'Description', 'Amount']);
    expect(quickbooks[0]!.Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(quickbooks.reduce((sum, row) => sum + cents(row.Amount!), 0)).toBe(db.total);
  });

  it('journal: every transaction balances and the money postings sum to the database', async () => {
    const text = (await exportOf('journal')).body;
    const transactions = text.trim().split('\n\n');
    expect(transactions).toHaveLength((await dbSums()).documents);
    let money = 0;
    for (const transaction of transactions) {
      const postings = transaction
        .split('\n')
        .filter((line) => /^ {4}[a-z]/.test(line))
        .map((line) => line.trim().split(/\s{2,}/));
      expect(
        postings.reduce((sum, [, amount]) => sum + cents(amount!.split(' ')[0]!), 0),
        transaction,
      ).toBe(0);
      money += postings
        .filter(([account]) => account!.startsWith('assets:'))
        .reduce((sum, [, amount]) => sum + cents(amount!.split(' ')[0]!), 0);
    }
    expect(money).toBe((await dbSums()).total);
  });

  it('oss: per quarter, EU country and rate, the taxable amount and VAT, net of credit notes', async () => {
    const rows = csv((await exportOf('oss')).body);
    const expected = await t.ctx.db.execute(sql`
      select vat_country, vat_rate::text as vat_rate, sum(net) as net, sum(vat) as vat from (
        select vat_country, vat_rate, net_amount as net, vat_amount as vat from invoices
        where vat_treatment = 'eu_vat' and vat_country <> seller_country
        union all
        select i.vat_country, i.vat_rate, -c.net_amount, -c.vat_amount
        from credit_notes c join invoices i on i.id = c.invoice_id
        where i.vat_treatment = 'eu_vat' and i.vat_country <> i.seller_country
      ) x group by vat_country, vat_rate order by vat_country`);
    const fromDb = (
      expected.rows as { vat_country: string; vat_rate: string; net: string; vat: string }[]
    ).map((row) => ({
      country: row.vat_country,
      vat_rate: row.vat_rate,
      taxable: cents(row.net),
      vat: cents(row.vat),
    }));
    expect(
      rows.map((row) => ({
        country: row.country,
        vat_rate: row.vat_rate,
        taxable: cents(row.taxable_amount!),
        vat: cents(row.vat_amount!),
      })),
    ).toEqual(fromDb);
    expect(rows.map((row) => row.country)).toEqual(['DE', 'FR']); // the Cardano sale had no evidence: IE, domestic
    expect(rows.every((row) => /^\d{4}-Q[1-4]$/.test(row.quarter!))).toBe(true);
    // The refunded French sale is netted out: FR holds one sale's worth.
    expect(rows.find((row) => row.country === 'FR')!.taxable_amount).toBe('4.16');
  });

  it('a range outside every sale is empty but keeps its header; bad input is refused readably', async () => {
    const empty = await exportOf('payments', '?from=2001-01-01&to=2001-03-31');
    expect(empty.body.trim().split('\n')).toHaveLength(1);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/ledger',
      headers: { cookie: admin.cookie },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('payments, xero, quickbooks, journal, oss');
    // Years PostgreSQL cannot hold (0000) or cannot step past (9999-12-31 + 1 day): 400, not 500.
    for (const [query, message] of [
      ['?from=0000-01-01', 'from must be a date from 2000-01-01 to 2099-12-31'],
      ['?to=9999-12-31', 'to must be a date from 2000-01-01 to 2099-12-31'],
    ] as const) {
      const outOfRange = await t.app.inject({
        method: 'GET',
        url: `/api/admin/exports/journal${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(outOfRange.statusCode, query).toBe(400);
      expect(outOfRange.json().message, query).toBe(message);
    }
    const buyer = await signUp(t.app);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/payments',
      headers: { cookie: buyer.cookie },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
