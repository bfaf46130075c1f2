import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ambiguousAssetErrorSchema,
  unknownAssetErrorSchema,
  unknownAssetMessage,
} from '../../../contract/assets';
import { researchReports, userPurchases } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';
import {
  type FakeIntent,
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './fake-stripe';
import { SANDBOX_CANCELED_MESSAGE } from './sandbox-provider';

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(fakeStripeSettings(fake));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.failWith = null;
});

async function publicReport(assetName: string, status: 'completed' | 'pending' = 'completed') {
  const [row] = await t.ctx.db
    .insert(researchReports)
    .values({ assetName, status, isPublic: status === 'completed', compositeScore: '55.40' })
    .returning();
  return row!;
}

function createIntent(user: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload,
  });
}

function confirm(user: SignedInUser, paymentIntentId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/confirm-payment',
    headers: { cookie: user.cookie },
    payload: { paymentIntentId },
  });
}

function webhook(type: string, intent: FakeIntent, secret?: string) {
  return sendStripeWebhook(t.app, type, intent, secret);
}

async function purchasesOf(intentId: string) {
  return t.ctx.db.select().from(userPurchases).where(eq(userPurchases.stripePaymentIntentId, intentId));
}

/** A new-report intent; made-up names mark each test's rows, so the buyer confirms them as unknown. */
async function newReportIntent(user: SignedInUser, assetName = 'Cardano') {
  const response = await createIntent(user, {
    purchaseType: 'new_report',
    assetName,
    acknowledgeUnknownAsset: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { clientSecret: string; reportId: number; paymentIntentId: string };
}

describe('POST /api/create-payment-intent', () => {
  it('creates a Stripe intent at the server price with metadata and an idempotency key', async () => {
    const user = await signUp(t.app);
    const body = await newReportIntent(user, '  Cardano  ');
    expect(body.reportId).toBe(0);
    const intent = fake.intents.get(body.paymentIntentId)!;
    expect(body.clientSecret).toBe(intent.client_secret);
    expect(intent.amount).toBe(499);
    expect(intent.currency).toBe('usd');
    expect(intent.metadata).toEqual({
      userId: String(user.user.id),
      purchaseType: 'new_report',
      assetName: 'Cardano',
      reportId: '',
    });
    expect(fake.createRequests.at(-1)?.idempotencyKey).toMatch(/^create-intent-/);
    const [purchase] = await purchasesOf(body.paymentIntentId);
    expect(purchase).toMatchObject({
      status: 'pending',
      amount: '4.99',
      userId: user.user.id,
      reportId: null,
    });
  });

  it('ignores an amount sent by the client', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Solana');
    const cheapNew = await createIntent(user, {
      purchaseType: 'new_report',
      assetName: 'Tron',
      amount: 0.01,
    });
    const cheapExisting = await createIntent(user, {
      purchaseType: 'existing_report',
      reportId: report.id,
      assetName: 'Anything',
      amount: '0.50',
    });
    expect(fake.intents.get(cheapNew.json().paymentIntentId)?.amount).toBe(499);
    expect(fake.intents.get(cheapExisting.json().paymentIntentId)?.amount).toBe(299);
    expect(cheapExisting.json().reportId).toBe(report.id);
    const [purchase] = await purchasesOf(cheapExisting.json().paymentIntentId);
    expect(purchase).toMatchObject({ amount: '2.99', assetName: 'Solana', reportId: report.id });
  });

  it('refuses an unknown asset with 422 and suggestions, unless the buyer confirmed it', async () => {
    const user = await signUp(t.app);
    const typo = await createIntent(user, { purchaseType: 'new_report', assetName: 'Etherium' });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().message).toBe(unknownAssetMessage('Etherium'));
    expect(typo.json().message).toContain('Not rated');
    // The body is the contract's unknown-asset answer.
    const { suggestions } = unknownAssetErrorSchema.parse(typo.json());
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(5);
    expect(suggestions[0]?.id).toBe('ethereum');
    // Never charged: no intent at the provider, no purchase row.
    expect([...fake.intents.values()].some((i) => i.metadata.assetName === 'Etherium')).toBe(false);
    expect(
      await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.assetName, 'Etherium')),
    ).toEqual([]);

    const confirmed = await createIntent(user, {
      purchaseType: 'new_report',
      assetName: 'Zorbcoin',
      acknowledgeUnknownAsset: true,
    });
    expect(confirmed.statusCode).toBe(200);
    const [purchase] = await purchasesOf(confirmed.json().paymentIntentId);
    expect(purchase).toMatchObject({ assetName: 'Zorbcoin', assetId: null });
  });

  it('refuses a name that matches several assets before any charge and lists them', async () => {
    const user = await signUp(t.app);
    const luna = await createIntent(user, { purchaseType: 'new_report', assetName: 'Luna' });
    expect(luna.statusCode).toBe(422);
    expect(
      ambiguousAssetErrorSchema
        .parse(luna.json())
        .suggestions.map((s) => s.id)
        .sort(),
    ).toEqual(['terra-luna', 'terra-luna-2']);
    expect([...fake.intents.values()].some((i) => i.metadata.assetName === 'Luna')).toBe(false);
    const picked = await createIntent(user, {
      purchaseType: 'new_report',
      assetName: 'Luna',
      assetId: 'terra-luna',
    });
    expect(picked.statusCode).toBe(200);
    const [purchase] = await purchasesOf(picked.json().paymentIntentId);
    expect(purchase).toMatchObject({ assetId: 'terra-luna' });
  });

  it('takes a look-alike of a known name (Cyrillic or Greek letters, full-width, combining marks) as that asset, even "confirmed unknown"', async () => {
    const user = await signUp(t.app);
    for (const lookAlike of [
      '\u0412itcoin',
      'B\u0456tcoin',
      '\u0392itc\u03BFin',
      '\uFF22itcoin',
      'Bit\u0368coin',
      'Bi\u0483tco\u20DDin',
    ]) {
      const created = await createIntent(user, {
        purchaseType: 'new_report',
        assetName: lookAlike,
        acknowledgeUnknownAsset: true,
      });
      expect(created.statusCode, created.body).toBe(200);
      const [purchase] = await purchasesOf(created.json().paymentIntentId);
      expect(purchase, lookAlike).toMatchObject({ assetName: 'Bitcoin', assetId: 'bitcoin' });
    }
  });

  it('refuses names padded with invisible or blank characters', async () => {
    const user = await signUp(t.app);
    for (const padded of ['Bitcoin\u034F', 'Bitcoin\u3164', 'Bitcoin\u2800', 'Bitcoin\uFE0F']) {
      const refused = await createIntent(user, {
        purchaseType: 'new_report',
        assetName: padded,
        acknowledgeUnknownAsset: true,
      });
      expect(refused.statusCode, JSON.stringify(padded)).toBe(400);
    }
  });

  it('stores the asset the buyer picked, and the report researches exactly that asset', async () => {
    const user = await signUp(t.app);
    // "UNI" typed, Uniswap picked: the id decides, whatever the text says.
    const { paymentIntentId } = (
      await createIntent(user, { purchaseType: 'new_report', assetName: 'UNI', assetId: 'uniswap' })
    ).json();
    const [purchase] = await purchasesOf(paymentIntentId);
    expect(purchase).toMatchObject({ assetName: 'Uniswap', assetId: 'uniswap' });
    fake.setStatus(paymentIntentId, 'succeeded');
    const confirmed = await confirm(user, paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    const [report] = await t.ctx.db
      .select()
      .from(researchReports)
      .where(eq(researchReports.id, confirmed.json().reportId));
    expect(report).toMatchObject({ assetName: 'Uniswap', assetId: 'uniswap' });
  });

  it('refuses a blank asset name and reports that are not for sale', async () => {
    const user = await signUp(t.app);
    const blank = await createIntent(user, { purchaseType: 'new_report', assetName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Asset name is required');
    const missing = await createIntent(user, { purchaseType: 'new_report' });
    expect(missing.json().message).toBe('Asset name is required');

    const pending = await publicReport('Pending coin', 'pending');
    const notForSale = await createIntent(user, { purchaseType: 'existing_report', reportId: pending.id });
    expect(notForSale.statusCode).toBe(400);
    const unknown = await createIntent(user, { purchaseType: 'existing_report', reportId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    const noId = await createIntent(user, { purchaseType: 'existing_report', assetName: 'X' });
    expect(noId.statusCode).toBe(400);
  });

  it('refuses a report the user already owns', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Polkadot');
    const first = await createIntent(user, { purchaseType: 'existing_report', reportId: report.id });
    fake.setStatus(first.json().paymentIntentId, 'succeeded');
    expect((await confirm(user, first.json().paymentIntentId)).statusCode).toBe(200);
    const again = await createIntent(user, { purchaseType: 'existing_report', reportId: report.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already own this report');
    expect(again.json().code).toBe('ALREADY_OWNED');
  });

  it('answers "Payment system temporarily unavailable" when Stripe fails', async () => {
    const user = await signUp(t.app);
    fake.failWith = 500;
    const response = await createIntent(user, { purchaseType: 'new_report', assetName: 'Avalanche' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toContain('Payment system temporarily unavailable');
    // The checkout page shows its "unavailable" screen on this code, not on the text.
    expect(response.json().code).toBe('PAYMENT_UNAVAILABLE');
    const rows = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.assetName, 'Avalanche'));
    expect(rows).toHaveLength(0);
  });
});

describe('confirm and webhook', () => {
  it('confirm before webhook: completes once and creates one report', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Chainlink');
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    const confirmed = await confirm(user, paymentIntentId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const reportId = confirmed.json().reportId as number;
    expect(reportId).toBeGreaterThan(0);
    expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
    const [purchase] = await purchasesOf(paymentIntentId);
    expect(purchase).toMatchObject({ status: 'completed', reportId });
    const reports = await t.ctx.db
      .select()
      .from(researchReports)
      .where(eq(researchReports.assetName, 'Chainlink'));
    expect(reports).toHaveLength(1);
    expect(reports[0]?.status).toBe('pending');
  });

  it('webhook before confirm: completes, and confirm then agrees', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Litecoin');
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
    const [purchase] = await purchasesOf(paymentIntentId);
    expect(purchase?.status).toBe('completed');
    const confirmed = await confirm(user, paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().reportId).toBe(purchase?.reportId);
  });

  it('replayed and concurrent deliveries give exactly one purchase and one report', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Monero');
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    const answers = await Promise.all([
      webhook('payment_intent.succeeded', intent),
      webhook('payment_intent.succeeded', intent),
      confirm(user, paymentIntentId),
      confirm(user, paymentIntentId),
      webhook('payment_intent.succeeded', intent),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const purchases = await purchasesOf(paymentIntentId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]?.status).toBe('completed');
    const reports = await t.ctx.db
      .select()
      .from(researchReports)
      .where(eq(researchReports.assetName, 'Monero'));
    expect(reports).toHaveLength(1);
    // A late failure notice never downgrades a completed purchase.
    await webhook('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect((await purchasesOf(paymentIntentId))[0]?.status).toBe('completed');
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Forged');
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    const forged = await webhook('payment_intent.succeeded', intent, 'whsec_attacker');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'payment_intent.succeeded', data: { object: intent } }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await purchasesOf(paymentIntentId))[0]?.status).toBe('pending');
  });

  it('a failed payment ends failed and grants nothing', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Failing');
    const intent = fake.setStatus(paymentIntentId, 'requires_payment_method', 'Your card was declined.');
    expect((await webhook('payment_intent.payment_failed', intent)).statusCode).toBe(200);
    const [purchase] = await purchasesOf(paymentIntentId);
    expect(purchase).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
      reportId: null,
    });
    expect((await confirm(user, paymentIntentId)).statusCode).toBe(400);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my-reports',
      headers: { cookie: user.cookie },
    });
    expect(mine.json()).toEqual([]);
  });

  it('a succeeded intent whose amount differs from the price completes nothing', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Tampered');
    const intent = fake.setStatus(paymentIntentId, 'succeeded');
    intent.amount = 1;
    expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
    expect((await confirm(user, paymentIntentId)).statusCode).toBe(400);
    expect((await purchasesOf(paymentIntentId))[0]?.status).toBe('pending');
  });

  it("another user's payment intent cannot be confirmed", async () => {
    const owner = await signUp(t.app);
    const thief = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(owner, 'Stolen');
    fake.setStatus(paymentIntentId, 'succeeded');
    const attempt = await confirm(thief, paymentIntentId);
    expect(attempt.statusCode).toBe(404);
    expect((await purchasesOf(paymentIntentId))[0]?.status).toBe('pending');
  });

  it('confirm refuses an intent that has not succeeded', async () => {
    const user = await signUp(t.app);
    const { paymentIntentId } = await newReportIntent(user, 'Unpaid');
    const response = await confirm(user, paymentIntentId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The payment has not succeeded');
  });

  it('buying an existing report grants access at once', async () => {
    const buyer = await signUp(t.app);
    const report = await publicReport('Ethereum');
    const created = await createIntent(buyer, { purchaseType: 'existing_report', reportId: report.id });
    const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
    await webhook('payment_intent.succeeded', intent);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my-reports',
      headers: { cookie: buyer.cookie },
    });
    expect(mine.json()).toEqual([
      expect.objectContaining({
        reportId: report.id,
        purchaseType: 'existing_report',
        amount: '2.99',
        report_status: 'completed',
      }),
    ]);
  });
});

describe('without Stripe keys', () => {
  it('production refuses with the unavailable message and never hands out a sandbox', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const user = await signUp(prod.app);
      const response = await prod.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: user.cookie },
        payload: { purchaseType: 'new_report', assetName: 'Bitcoin' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toContain('Payment system temporarily unavailable');
      const sandbox = await prod.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-payment',
        headers: { cookie: user.cookie },
        payload: { paymentIntentId: 'pi_x', cardNumber: '4242 4242 4242 4242' },
      });
      expect(sandbox.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('the sandbox card goes through the same purchase rules', async () => {
    const sandbox = await createTestApp();
    try {
      const user = await signUp(sandbox.app);
      const pay = async (assetName: string, cardNumber: string) => {
        const created = await sandbox.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          headers: { cookie: user.cookie },
          payload: { purchaseType: 'new_report', assetName, acknowledgeUnknownAsset: true },
        });
        expect(created.statusCode).toBe(200);
        const { paymentIntentId } = created.json();
        const charged = await sandbox.app.inject({
          method: 'POST',
          url: '/api/sandbox/card-payment',
          headers: { cookie: user.cookie },
          payload: { paymentIntentId, cardNumber },
        });
        const [purchase] = await sandbox.ctx.db
          .select()
          .from(userPurchases)
          .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));
        return { paymentIntentId, charged, purchase };
      };
      const good = await pay('Good coin', '4242 4242 4242 4242');
      expect(good.charged.statusCode).toBe(200);
      expect(good.purchase?.status).toBe('completed');
      const confirmed = await sandbox.app.inject({
        method: 'POST',
        url: '/api/confirm-payment',
        headers: { cookie: user.cookie },
        payload: { paymentIntentId: good.paymentIntentId },
      });
      expect(confirmed.json()).toMatchObject({ success: true, reportId: good.purchase?.reportId });

      const declined = await pay('Declined coin', '4000000000000002');
      expect(declined.charged.statusCode).toBe(402);
      expect(declined.charged.json().message).toBe('Your card was declined.');
      expect(declined.purchase?.status).toBe('failed');

      const invalid = await pay('Invalid coin', '1234 5678 9012 3456');
      expect(invalid.charged.statusCode).toBe(400);
      expect(invalid.purchase?.status).toBe('pending');

      // A cancelled sandbox intent (an abandoned checkout) can no longer be paid.
      const provider = sandbox.ctx.payments.card.provider!;
      expect(await provider.cancelIntent(invalid.paymentIntentId)).toEqual({ kind: 'canceled' });
      const late = await sandbox.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-payment',
        headers: { cookie: user.cookie },
        payload: { paymentIntentId: invalid.paymentIntentId, cardNumber: '4242 4242 4242 4242' },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(SANDBOX_CANCELED_MESSAGE);
      expect(await provider.cancelIntent(invalid.paymentIntentId)).toMatchObject({
        kind: 'not_cancelable',
        intent: { status: 'canceled' },
      });
      expect(await provider.cancelIntent('pi_sandbox_unknown')).toEqual({ kind: 'missing' });
    } finally {
      await sandbox.close();
    }
  });
});
