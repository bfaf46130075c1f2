import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, invoices, userPurchases } from './db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { executeCardRefund } from './features/card-payments/jobs';
import { markResearchFailed } from './research/repository';
import { readPdf } from './testing/pdf';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from './testing/users';

// Invoices and credit notes (decisions 0300-0301) through the real payment and refund routes.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
  admin = await signInAdmin(t.app, t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const get = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const post = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });

/** A card checkout of a new report on `bought`, or of the credit pack. */
async function startCardCheckout(buyer: SignedInUser, bought: string | 'the credit pack') {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie },
    payload:
      bought === 'the credit pack'
        ? { purchaseType: 'credit_pack' }
        : { purchaseType: 'new_report', assetName: bought, acknowledgeUnknownAsset: true },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().paymentIntentId as string;
}

async function payByCard(intentId: string) {
  const intent = fake.setStatus(intentId, 'succeeded');
  const answer = await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent);
  expect(answer.statusCode, answer.body).toBe(200);
  const [purchase] = await t.ctx.db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, intentId));
  return purchase!;
}

describe('invoices', () => {
  it('numbers concurrent purchases without gaps or duplicates, one invoice per purchase', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUp(t.app)));
    const intents = await Promise.all(buyers.map((buyer, i) => startCardCheckout(buyer, `Numbercoin${i}`)));
    // Every webhook at once, each delivered twice: the second delivery must not issue again.
    await Promise.all([...intents, ...intents].map((id) => payByCard(id)));
    const rows = await t.ctx.db
      .select({ number: invoices.number, purchaseId: invoices.purchaseId })
      .from(invoices);
    const numbers = rows.map((row) => row.number).sort((a, b) => a - b);
    expect(numbers, JSON.stringify(rows)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(new Set(rows.map((row) => row.purchaseId)).size).toBe(rows.length);
    const completed = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.status, 'completed'));
    expect(rows.length, `${completed.length} completed purchases`).toBe(completed.length);
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });

  it('states seller, buyer, line, net, VAT and total; the sandbox seller is labelled', async () => {
    const buyer = await signUp(t.app);
    const purchase = await payByCard(await startCardCheckout(buyer, 'Detailcoin'));
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, purchase.id));
    expect(invoice).toMatchObject({
      sellerName: expect.stringContaining('SANDBOX'),
      buyerName: buyer.user.username,
      buyerEmail: buyer.user.email,
      currency: 'USD',
      totalAmount: '4.99',
      paymentMethod: 'card',
      paymentReference: purchase.stripePaymentIntentId,
    });
    // No two agreeing pieces of evidence: the seller's country (sandbox: IE, 23%) applies.
    expect(invoice).toMatchObject({
      vatCountry: 'IE',
      vatRate: '23.00',
      netAmount: '4.06',
      vatAmount: '0.93',
    });
    expect(invoice!.evidence).toMatchObject({ rule: 'insufficient_evidence_seller_country' });
  });

  it('an issued invoice cannot be changed or deleted', async () => {
    const [invoice] = await t.ctx.db.select().from(invoices).limit(1);
    await expect(
      t.ctx.db.update(invoices).set({ totalAmount: '0.01' }).where(eq(invoices.id, invoice!.id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(invoices).where(eq(invoices.id, invoice!.id))).rejects.toThrow();
    const [after] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, invoice!.id));
    expect(after!.totalAmount).toBe(invoice!.totalAmount);
  });

  it("lists the buyer's invoices and serves each as a PDF to its buyer only", async () => {
    const buyer = await signUp(t.app);
    await payByCard(await startCardCheckout(buyer, 'Listcoin'));
    const listed = await get(buyer, '/api/account/invoices');
    expect(listed.statusCode).toBe(200);
    const [document] = listed.json();
    expect(document).toMatchObject({
      kind: 'invoice',
      number: expect.stringMatching(/^INV-\d{6}$/),
      total: '4.99',
    });
    const pdf = await get(buyer, document.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain(document.number);
    expect(text).toContain('4.99 USD');
    const stranger = await signUp(t.app);
    expect((await get(stranger, document.pdfUrl)).statusCode).toBe(404);
    expect((await get(stranger, '/api/account/invoices')).json()).toEqual([]);
  });
});

describe('credit notes', () => {
  it('a card refund of failed research issues a credit note referencing the invoice', async () => {
    const buyer = await signUp(t.app);
    const purchase = await payByCard(await startCardCheckout(buyer, 'Creditcoin'));
    await markResearchFailed(t.ctx.db, purchase.reportId!, 'Source down');
    const refund = await post(admin, `/api/admin/purchases/${purchase.id}/refund`);
    expect(refund.statusCode, refund.body).toBe(200);
    await post(admin, `/api/admin/purchases/${purchase.id}/refund`); // a repeated click issues nothing new
    await executeCardRefund(t.ctx, t.ctx.payments.card.provider!, refund.json().refundId);
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, purchase.id));
    const notes = await t.ctx.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      totalAmount: '4.99',
      netAmount: invoice!.netAmount,
      vatAmount: invoice!.vatAmount,
    });

    const listed = (await get(buyer, '/api/account/invoices')).json();
    expect(listed.map((d: { kind: string }) => d.kind)).toEqual(['credit_note', 'invoice']);
    expect(listed[0].creditsInvoice).toBe(listed[1].number);
    const pdf = await get(buyer, listed[0].pdfUrl);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain(listed[0].number);
    expect(text).toContain(listed[1].number);
  });

  it('a Cardano refund of failed research issues a credit note; its invoice states ADA, rate and time', async () => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cardano/create-payment',
      headers: { cookie: buyer.cookie },
      payload: {
        amount: 4.99,
        currency: 'ADA',
        description: 'Research Report Purchase - Adacreditcoin',
        purchaseType: 'new_report',
        researchAsset: 'Adacreditcoin',
        acknowledgeUnknownAsset: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const payment = created.json().payment;
    expect((await post(buyer, `/api/cardano/sandbox/simulate-payment/${payment.id}`)).statusCode).toBe(200);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.cardanoPaymentId, payment.id));
    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, purchase!.id));
    expect(invoice).toMatchObject({ paymentMethod: 'cardano', cryptoCurrency: 'ADA', totalAmount: '4.99' });
    expect(Number(invoice!.cryptoAmount)).toBe(Number(payment.amount));
    expect(Number(invoice!.usdRate)).toBeGreaterThan(0);
    expect(invoice!.rateAt).toBeInstanceOf(Date);
    expect(invoice!.paymentReference).toBeTruthy();

    await markResearchFailed(t.ctx.db, purchase!.reportId!, 'Research stopped');
    const refund = await post(admin, `/api/admin/purchases/${purchase!.id}/refund`);
    expect(refund.json()).toMatchObject({ status: 'due', paymentMethod: 'cardano' });
    const notes = await t.ctx.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice!.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ cryptoCurrency: 'ADA', totalAmount: '4.99' });
  });

  it('credit note numbers have no gaps either', async () => {
    const result = await t.ctx.db.execute(sql`select number from credit_notes order by number`);
    const numbers = result.rows.map((row) => Number((row as { number: number }).number));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    expect(numbers.length).toBe(2);
  });
});

describe('a credit pack', () => {
  it('is invoiced as the pack it is, not as a report: its line in the document list and in the PDF', async () => {
    const buyer = await signUp(t.app);
    const purchase = await payByCard(await startCardCheckout(buyer, 'the credit pack'));
    expect(purchase).toMatchObject({ purchaseType: 'credit_pack', status: 'completed' });

    // The default pack: 10 reports for 39.90 USD.
    const line = 'API credits (10 reports) (API credit pack, digital service)';
    const [document] = (await get(buyer, '/api/account/invoices')).json();
    expect(document).toMatchObject({ kind: 'invoice', total: '39.90', description: line });
    const pdf = await get(buyer, document.pdfUrl);
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(pdf.rawPayload)).text;
    expect(text).toContain(line);
    expect(text).toContain('39.90 USD');
    expect(text).not.toContain('research report');
  });
});
