import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, purchaseTaxEvidence, userPurchases } from './db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { type FakeVies, startFakeVies } from './testing/fake-vies';
import { createTestApp, type TestApp } from './testing/test-app';
import { signUp } from './testing/users';

// VAT place of supply through the real checkout (decision 0302): the country the buyer states,
// the trusted proxy's IP country, and a VAT number checked against (a fake of) VIES.

let fake: FakeStripe;
let vies: FakeVies;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  vies = await startFakeVies({
    valid: { DE811907980: 'MUSTER GMBH', DE129273398: 'BEISPIEL AG' },
    unavailable: ['DE999999999'],
    dropped: ['DE888888888'],
  });
  t = await createTestApp({
    ...fakeStripeSettings(fake),
    ENABLE_SANDBOX: 'true',
    VIES_URL: vies.url,
    TRUST_CF_IPCOUNTRY: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
  await vies.close();
});

/** A new buyer's card checkout of a new report, with the evidence given; the intent's id. */
async function checkout(fields: { country?: string; vatId?: string }, ipCountry?: string) {
  const buyer = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie, ...(ipCountry ? { 'cf-ipcountry': ipCountry } : {}) },
    payload: {
      purchaseType: 'new_report',
      assetName: `Vatcoin ${Math.random()}`,
      acknowledgeUnknownAsset: true,
      ...fields,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().paymentIntentId as string;
}

/** The invoice (undefined until issued) and the stored evidence of the purchase an intent pays. */
async function documentsOf(intentId: string) {
  const [purchase] = await t.ctx.db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, intentId));
  const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, purchase!.id));
  const [evidence] = await t.ctx.db
    .select()
    .from(purchaseTaxEvidence)
    .where(eq(purchaseTaxEvidence.purchaseId, purchase!.id));
  return { invoice, evidence };
}

/** Checkout, paid with a card of `cardCountry`, completed by Stripe's webhook. */
async function buy(fields: { country?: string; vatId?: string }, ipCountry?: string, cardCountry?: string) {
  const intent = fake.setStatus(await checkout(fields, ipCountry), 'succeeded');
  if (cardCountry) fake.cardCountries.set(intent.id, cardCountry);
  const delivered = await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent);
  expect(delivered.statusCode, delivered.body).toBe(200);
  const { invoice, evidence } = await documentsOf(intent.id);
  return { invoice: invoice!, evidence: evidence! };
}

describe('VAT place of supply', () => {
  it('stated country and IP country agree: that country and its rate, evidence stored', async () => {
    const { invoice, evidence } = await buy({ country: 'de' }, 'DE');
    expect(invoice).toMatchObject({
      buyerCountry: 'DE',
      vatCountry: 'DE',
      vatRate: '19.00',
      netAmount: '4.19',
      vatAmount: '0.80',
      vatTreatment: 'eu_vat',
    });
    expect(invoice.vatRateSource).toContain('ibericode/vat-rates');
    expect(invoice.evidence).toMatchObject({
      statedCountry: 'DE',
      ipCountry: 'DE',
      rule: 'two_agreeing_pieces',
    });
    expect(evidence).toMatchObject({ statedCountry: 'DE', ipCountry: 'DE' });
  });

  it("conflicting evidence: the seller's country, and the conflict is recorded", async () => {
    const { invoice } = await buy({ country: 'FR' }, 'DE');
    // The buyer's country as stated goes on the invoice; the VAT follows the seller's country (0380).
    expect(invoice).toMatchObject({ buyerCountry: 'FR', vatCountry: 'IE', vatRate: '23.00' });
    expect(invoice.evidence).toMatchObject({
      statedCountry: 'FR',
      ipCountry: 'DE',
      rule: 'insufficient_evidence_seller_country',
    });
  });

  // Stripe's webhook sends the charge as an id; the card's country comes from the intent read
  // again with its charge expanded (decision 0308), so a webhook-completed sale carries it.
  it("a sale completed by Stripe's webhook stores the card's issuing country; stated and card country agree", async () => {
    const { invoice, evidence } = await buy({ country: 'FR' }, undefined, 'FR');
    expect(evidence).toMatchObject({ statedCountry: 'FR', ipCountry: null, cardCountry: 'FR' });
    expect(invoice).toMatchObject({
      buyerCountry: 'FR',
      vatCountry: 'FR',
      vatRate: '20.00',
      vatTreatment: 'eu_vat',
    });
    expect(invoice.evidence).toMatchObject({ cardCountry: 'FR', rule: 'two_agreeing_pieces' });
  });

  it('the card country settles stated and IP countries that disagree; three that disagree fall back', async () => {
    const settled = await buy({ country: 'FR' }, 'DE', 'DE');
    expect(settled.invoice).toMatchObject({ vatCountry: 'DE', vatRate: '19.00' });
    expect(settled.invoice.evidence).toMatchObject({
      statedCountry: 'FR',
      ipCountry: 'DE',
      cardCountry: 'DE',
    });

    const conflicting = await buy({ country: 'FR' }, 'DE', 'IT');
    expect(conflicting.invoice).toMatchObject({ buyerCountry: 'FR', vatCountry: 'IE', vatRate: '23.00' });
    expect(conflicting.invoice.evidence).toMatchObject({
      statedCountry: 'FR',
      ipCountry: 'DE',
      cardCountry: 'IT',
      rule: 'insufficient_evidence_seller_country',
    });
  });

  it('Stripe unreachable when the webhook reads the intent: 503, nothing invoiced; the redelivery invoices with the card country', async () => {
    const intent = fake.setStatus(await checkout({ country: 'NL' }), 'succeeded');
    fake.cardCountries.set(intent.id, 'NL');
    fake.failWith = 500;
    try {
      expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent)).statusCode).toBe(503);
    } finally {
      fake.failWith = null;
    }
    expect((await documentsOf(intent.id)).invoice).toBeUndefined();
    expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent)).statusCode).toBe(200);
    const { invoice } = await documentsOf(intent.id);
    expect(invoice).toMatchObject({ vatCountry: 'NL', vatRate: '21.00' });
    expect(invoice!.evidence).toMatchObject({ cardCountry: 'NL', rule: 'two_agreeing_pieces' });
  });

  it('a customer outside the EU pays no EU VAT', async () => {
    const { invoice } = await buy({ country: 'US' }, 'US');
    expect(invoice).toMatchObject({
      vatTreatment: 'outside_eu',
      vatRate: '0.00',
      vatAmount: '0.00',
      netAmount: '4.99',
    });
  });

  it('an IP country header is ignored unless the proxy is trusted for it', async () => {
    const untrusting = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
    try {
      const buyer = await signUp(untrusting.app);
      const created = await untrusting.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: buyer.cookie, 'cf-ipcountry': 'DE' },
        payload: {
          purchaseType: 'new_report',
          assetName: 'Headercoin',
          acknowledgeUnknownAsset: true,
          country: 'DE',
        },
      });
      const [purchase] = await untrusting.ctx.db
        .select()
        .from(userPurchases)
        .where(eq(userPurchases.stripePaymentIntentId, created.json().paymentIntentId));
      const [evidence] = await untrusting.ctx.db
        .select()
        .from(purchaseTaxEvidence)
        .where(eq(purchaseTaxEvidence.purchaseId, purchase!.id));
      expect(evidence).toMatchObject({ statedCountry: 'DE', ipCountry: null });
    } finally {
      await untrusting.close();
    }
  });

  it('a VIES-valid VAT number: reverse charge, no VAT, the number on the invoice', async () => {
    const { invoice, evidence } = await buy({ country: 'DE', vatId: 'DE 811907980' }, 'DE');
    expect(vies.requests).toContainEqual({ countryCode: 'DE', vatNumber: '811907980' });
    expect(evidence).toMatchObject({ viesStatus: 'valid', viesCountry: 'DE' });
    expect(invoice).toMatchObject({
      vatTreatment: 'reverse_charge',
      vatRate: '0.00',
      vatAmount: '0.00',
      buyerVatId: 'DE811907980',
    });
  });

  it('an invalid number, or VIES down or unreachable: VAT is charged', async () => {
    for (const [vatId, status] of [
      ['DE123456789', 'invalid'],
      ['DE999999999', 'unavailable'],
      ['DE888888888', 'unavailable'],
    ] as const) {
      const { invoice, evidence } = await buy({ country: 'DE', vatId }, 'DE');
      expect(evidence.viesStatus, vatId).toBe(status);
      expect(invoice, vatId).toMatchObject({
        vatTreatment: 'eu_vat',
        vatCountry: 'DE',
        vatRate: '19.00',
        buyerVatId: null,
      });
    }
  });

  it('refuses a malformed country with a readable message', async () => {
    const buyer = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer.cookie },
      payload: {
        purchaseType: 'new_report',
        assetName: 'Badcountrycoin',
        acknowledgeUnknownAsset: true,
        country: 'Germany',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('two-letter code');
  });
});

describe('the checkout VAT preview (decision 0305)', () => {
  const preview = async (tax: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout/vat-preview',
      headers: cookie ? { cookie } : {},
      payload: { purchaseType: 'new_report', tax },
    });

  it("shows the stated country's VAT inside the unchanged price, and reverse charge for a VIES-valid number", async () => {
    const { cookie } = await signUp(t.app);
    expect((await preview({ country: 'de' }, cookie)).json()).toEqual({
      country: 'DE',
      total: '4.99',
      net: '4.19',
      vat: '0.80',
      vatRate: '19.00',
      treatment: 'eu_vat',
      vatCountry: 'DE',
      // No connection country and no card yet: Germany's VAT if the card is issued there.
      basis: 'if_card_matches',
      otherwise: { net: '4.06', vat: '0.93', vatRate: '23.00', treatment: 'eu_vat', vatCountry: 'IE' },
      vies: null,
    });
    expect((await preview({ country: 'DE', vatId: 'DE 811 907 980' }, cookie)).json()).toMatchObject({
      total: '4.99',
      net: '4.99',
      vat: '0.00',
      treatment: 'reverse_charge',
      vies: 'valid',
    });
    expect((await preview({ country: 'DE', vatId: 'DE999999999' }, cookie)).json()).toMatchObject({
      vat: '0.80',
      treatment: 'eu_vat',
      vies: 'unavailable',
    });
    expect((await preview({ country: 'US' }, cookie)).json()).toMatchObject({
      vat: '0.00',
      treatment: 'outside_eu',
    });
  });

  // Decision 0380: the preview is the invoice's decision on the evidence known so far.
  it('says the VAT the invoice will charge: the seller country when the card or the method cannot confirm the stated one', async () => {
    const { cookie } = await signUp(t.app);
    const ask = async (body: Record<string, unknown>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/checkout/vat-preview',
          headers: { cookie },
          payload: { purchaseType: 'new_report', tax: { country: 'DE' }, ...body },
        })
      ).json();
    expect(await ask({ cardCountry: 'US' })).toMatchObject({
      basis: 'not_confirmed',
      vatCountry: 'IE',
      vat: '0.93',
      otherwise: null,
    });
    expect(await ask({ cardCountry: 'DE' })).toMatchObject({
      basis: 'confirmed',
      vatCountry: 'DE',
      vat: '0.80',
    });
    expect(await ask({ method: 'cardano' })).toMatchObject({ basis: 'not_confirmed', vatCountry: 'IE' });
  });

  // Decision 0309: the preview's definite answer serves the checkout that follows it.
  it('the checkout right after its preview asks VIES once; an unavailable answer is asked again', async () => {
    const { cookie } = await signUp(t.app);
    const asked = (vatNumber: string) => vies.requests.filter((r) => r.vatNumber === vatNumber).length;
    const previewed = await preview({ country: 'DE', vatId: 'DE129273398' }, cookie);
    expect(previewed.json()).toMatchObject({ treatment: 'reverse_charge', vies: 'valid' });
    const { invoice, evidence } = await buy({ country: 'DE', vatId: 'DE129273398' }, 'DE');
    expect(invoice).toMatchObject({ vatTreatment: 'reverse_charge', buyerVatId: 'DE129273398' });
    expect(evidence).toMatchObject({ viesStatus: 'valid', viesCountry: 'DE' });
    expect(asked('129273398')).toBe(1);

    const before = asked('999999999');
    await preview({ country: 'DE', vatId: 'DE999999999' }, cookie);
    await buy({ country: 'DE', vatId: 'DE999999999' }, 'DE');
    expect(asked('999999999') - before).toBe(2);
  });

  it("refuses a missing country and a VAT number of another country with the field's message", async () => {
    const { cookie } = await signUp(t.app);
    const missing = await preview({ country: '' }, cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Choose the country you are in');
    const foreign = await preview({ country: 'FR', vatId: 'DE811907980' }, cookie);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('must start with FR');
    expect((await preview({ country: 'DE' })).statusCode).toBe(401);
  });
});
