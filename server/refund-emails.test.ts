import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPurchases } from './db/schema';
import { registerEmailJobs } from './email/jobs';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { markResearchFailed } from './research/repository';
import { readPdf } from './testing/pdf';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from './testing/users';

// The buyer's mail about money (decision 0307): the receipt links its invoice, and every refund,
// by card or on Cardano, tells the buyer its credit note's number and links the credit note's PDF.
// Read from the development outbox, as the buyer sees it.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
  await registerEmailJobs(t.ctx);
  admin = await signInAdmin(t.app, t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

interface OutboxMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const get = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
const post = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });

/** Waits for the buyer's message with this subject in their outbox, and answers all of them. */
async function mailOf(buyer: SignedInUser, subject: string): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        const messages: OutboxMessage[] = (await get(buyer, '/api/dev/outbox')).json().messages;
        found = messages.filter((message) => message.subject === subject);
        return found.length;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBeGreaterThan(0);
  return found;
}

/** The path of the one link in a text body that points at this kind of document's PDF. */
function pdfLink(text: string, kind: 'invoices' | 'credit-notes') {
  const match = new RegExp(`https?://[^\\s]+(/api/account/${kind}/\\d+/pdf)`).exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

async function expectDocumentPdf(buyer: SignedInUser, path: string, ...numbers: string[]) {
  const pdf = await get(buyer, path);
  expect(pdf.statusCode).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  const text = (await readPdf(pdf.rawPayload)).text;
  for (const number of numbers) expect(text).toContain(number);
}

async function refundAndReadMail(buyer: SignedInUser, purchaseId: number, reportId: number) {
  await markResearchFailed(t.ctx.db, reportId, 'Source down');
  const refund = await post(admin, `/api/admin/purchases/${purchaseId}/refund`);
  expect(refund.statusCode, refund.body).toBe(200);
  await post(admin, `/api/admin/purchases/${purchaseId}/refund`); // a second click mails nothing new
  const [mail] = await mailOf(buyer, 'Your Crow Research refund');
  const [creditNote] = (await get(buyer, '/api/account/invoices'))
    .json()
    .filter((document: { kind: string }) => document.kind === 'credit_note');
  expect(creditNote).toBeDefined();
  expect(mail!.text).toContain(`Credit note: ${creditNote.number}`);
  expect(mail!.text).toContain(`Credits invoice: ${creditNote.creditsInvoice}`);
  expect(mail!.text).toContain('Amount: $4.99 USD');
  expect(mail!.html).toContain(creditNote.number);
  const path = pdfLink(mail!.text, 'credit-notes');
  expect(path).toBe(creditNote.pdfUrl);
  await expectDocumentPdf(buyer, path, creditNote.number, creditNote.creditsInvoice);
  // Give a duplicate a chance to arrive before counting.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(await mailOf(buyer, 'Your Crow Research refund')).toHaveLength(1);
  return mail!;
}

describe('receipt and refund emails', () => {
  it('a card purchase: the receipt links the invoice; the refund mails the credit note and its PDF link', async () => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer.cookie },
      payload: { purchaseType: 'new_report', assetName: 'Mailcardcoin', acknowledgeUnknownAsset: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
    expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent)).statusCode).toBe(200);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, intent.id));

    const [receipt] = await mailOf(buyer, 'Your Crow Research receipt');
    const [invoice] = (await get(buyer, '/api/account/invoices')).json();
    expect(receipt!.text).toContain(`Invoice: ${invoice.number}`);
    expect(pdfLink(receipt!.text, 'invoices')).toBe(invoice.pdfUrl);
    await expectDocumentPdf(buyer, invoice.pdfUrl, invoice.number);

    const mail = await refundAndReadMail(buyer, purchase!.id, purchase!.reportId!);
    expect(mail.text).toContain('back to the card you paid with');
  });

  it('a Cardano purchase: the refund mails the credit note and its PDF link', async () => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cardano/create-payment',
      headers: { cookie: buyer.cookie },
      payload: {
        amount: 4.99,
        currency: 'ADA',
        description: 'Research Report Purchase - Mailadacoin',
        purchaseType: 'new_report',
        researchAsset: 'Mailadacoin',
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

    const mail = await refundAndReadMail(buyer, purchase!.id, purchase!.reportId!);
    expect(mail.text).toContain('send the ADA you paid back to the address it came from');
  });
});
