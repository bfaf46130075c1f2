import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PURCHASE_RULE_MESSAGES } from '../../../contract/purchases';
import { refunds, researchReports, userPurchases } from '../../db/schema';
import { isOnePurchaseViolation } from '../../domain/purchase-rule';
import { createPendingPurchase } from '../../domain/purchases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';
import {
  type FakeIntent,
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './fake-stripe';
import {
  CARD_ABANDONED_AFTER_MS,
  CARD_RECONCILE_AFTER_MS,
  executeCardRefund,
  reconcileCardPurchases,
} from './jobs';
import type { CardPaymentProvider } from './provider';

// One purchase per report per buyer on both payment paths (decision 0080), refunds of a second
// payment that still went through (0081) and card reconciliation (0082).

let fake: FakeStripe;
let t: TestApp;
let provider: CardPaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    ...fakeStripeSettings(fake),
    // Cardano runs on the labelled sandbox chain beside live card payments.
    ENABLE_SANDBOX: 'true',
  });
  provider = t.ctx.payments.card.provider!;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => {
  fake.failWith = null;
});

async function publicReport(assetName: string) {
  const [row] = await t.ctx.db
    .insert(researchReports)
    .values({ assetName, status: 'completed', isPublic: true, compositeScore: '55.40' })
    .returning();
  return row!;
}

const buyCard = (user: SignedInUser, reportId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { purchaseType: 'existing_report', reportId },
  });

const buyCardano = (user: SignedInUser, reportId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: user.cookie },
    payload: {
      amount: 2.99,
      currency: 'ADA',
      description: 'Research Report Purchase',
      purchaseType: 'existing_report',
      researchAsset: 'ignored',
      reportId,
    },
  });

function webhook(type: string, intent: FakeIntent) {
  return sendStripeWebhook(t.app, type, intent);
}

async function paidByCard(user: SignedInUser, reportId: number) {
  const created = await buyCard(user, reportId);
  expect(created.statusCode, created.body).toBe(200);
  const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
  expect((await webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);
  return intent;
}

const purchasesOf = (userId: number, reportId: number) =>
  t.ctx.db
    .select()
    .from(userPurchases)
    .where(and(eq(userPurchases.userId, userId), eq(userPurchases.reportId, reportId)));

const myReports = async (user: SignedInUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/my-reports', headers: { cookie: user.cookie } })).json();

const check = async (user: SignedInUser, reportId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/purchase-check?reportId=${reportId}`,
      headers: { cookie: user.cookie },
    })
  ).json();

describe('one purchase per report per buyer', () => {
  it('the database refuses a second open purchase of the same report, whatever the code does', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Indexed coin');
    const pending = (paymentIntentId: string) =>
      createPendingPurchase(t.ctx.db, {
        userId: user.user.id,
        purchaseType: 'existing_report',
        assetName: report.assetName,
        reportId: report.id,
        paymentMethod: 'card',
        stripePaymentIntentId: paymentIntentId,
      });
    await pending('pi_db_first');
    const second = await pending('pi_db_second').catch((error: unknown) => error);
    expect(isOnePurchaseViolation(second)).toBe(true);
  });

  it('two checkouts started at once get one payment intent: only one can be paid', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Racecoin');
    const answers = await Promise.all([
      buyCard(user, report.id),
      buyCard(user, report.id),
      buyCard(user, report.id),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const intentIds = new Set(answers.map((a) => a.json().paymentIntentId));
    expect(intentIds.size).toBe(1);
    const rows = await purchasesOf(user.user.id, report.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('pending');

    const intent = fake.setStatus([...intentIds][0]!, 'succeeded');
    await webhook('payment_intent.succeeded', intent);
    const again = await buyCard(user, report.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PURCHASE_RULE_MESSAGES.owned);
  });

  it('twelve checkouts at once: the intents nobody was given are cancelled through the provider', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Crowdcoin');
    const answers = await Promise.all(Array.from({ length: 12 }, () => buyCard(user, report.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const served = new Set(answers.map((a) => a.json().paymentIntentId as string));
    expect(served.size).toBe(1);
    const created = [...fake.intents.values()].filter(
      (intent) =>
        intent.metadata.userId === String(user.user.id) && intent.metadata.reportId === String(report.id),
    );
    const unused = created.filter((intent) => !served.has(intent.id));
    expect(unused.length).toBeGreaterThan(0);

    await reconcileCardPurchases(t.ctx, provider);
    expect(unused.map((intent) => fake.intents.get(intent.id)!.status)).toEqual(unused.map(() => 'canceled'));
    expect(fake.cancelRequests.map((r) => r.intentId).sort()).toEqual(
      expect.arrayContaining(unused.map((intent) => intent.id).sort()),
    );
    // The intent handed to the browser is untouched and still pays for the report.
    const [servedId] = served;
    expect(fake.intents.get(servedId!)!.status).toBe('requires_payment_method');
    await webhook('payment_intent.succeeded', fake.setStatus(servedId!, 'succeeded'));
    expect((await purchasesOf(user.user.id, report.id)).map((p) => p.status)).toEqual(['completed']);
  });

  it('a reopened checkout resumes the open payment intent instead of creating another', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Resumecoin');
    const first = await buyCard(user, report.id);
    const second = await buyCard(user, report.id);
    expect(second.json()).toEqual(first.json());
  });

  it('an owner cannot pay again with Cardano', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Ownedcoin');
    await paidByCard(user, report.id);
    const response = await buyCardano(user, report.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You already own this report');
    expect(await purchasesOf(user.user.id, report.id)).toHaveLength(1);
  });

  it('an open payment by one method blocks the other method', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Opencoin');
    const cardano = await buyCardano(user, report.id);
    expect(cardano.statusCode, cardano.body).toBe(200);
    const card = await buyCard(user, report.id);
    expect(card.statusCode).toBe(409);
    expect(card.json().message).toBe(PURCHASE_RULE_MESSAGES.payment_open);
    const cardanoAgain = await buyCardano(user, report.id);
    expect(cardanoAgain.statusCode).toBe(409);

    const other = await signUp(t.app);
    const otherReport = await publicReport('Opencoin two');
    expect((await buyCard(other, otherReport.id)).statusCode).toBe(200);
    const blocked = await buyCardano(other, otherReport.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(PURCHASE_RULE_MESSAGES.payment_open);
  });

  it('GET /api/purchase-check answers the rule before any payment starts', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Checkcoin');
    expect(await check(user, report.id)).toEqual({ reportId: report.id, kind: 'available', message: null });
    await paidByCard(user, report.id);
    expect(await check(user, report.id)).toEqual({
      reportId: report.id,
      kind: 'owned',
      message: 'You already own this report',
    });
    expect((await check(user, 999_999)).kind).toBe('not_found');
    const [pendingReport] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Private coin', status: 'pending' })
      .returning();
    expect((await check(user, pendingReport!.id)).kind).toBe('not_for_sale');
  });
});

describe('a second payment that still succeeds', () => {
  it('is refunded through Stripe, recorded, and shown to the buyer as refunded', async () => {
    const user = await signUp(t.app);
    const report = await publicReport('Twicecoin');
    // Checkout A is declined; checkout B pays; then A is paid after all from the old tab.
    const first = await buyCard(user, report.id);
    const intentA = first.json().paymentIntentId as string;
    await webhook(
      'payment_intent.payment_failed',
      fake.setStatus(intentA, 'requires_payment_method', 'Your card was declined.'),
    );
    const second = await buyCard(user, report.id);
    const intentB = second.json().paymentIntentId as string;
    expect(intentB).not.toBe(intentA);
    await webhook('payment_intent.succeeded', fake.setStatus(intentB, 'succeeded'));
    const lateA = fake.setStatus(intentA, 'succeeded');
    expect((await webhook('payment_intent.succeeded', lateA)).statusCode).toBe(200);

    const rows = await purchasesOf(user.user.id, report.id);
    expect(rows.map((r) => [r.stripePaymentIntentId, r.status]).sort()).toEqual(
      [
        [intentA, 'refunded'],
        [intentB, 'completed'],
      ].sort(),
    );
    const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.userId, user.user.id));
    expect(refund).toMatchObject({
      reason: 'duplicate_payment',
      status: 'pending',
      stripePaymentIntentId: intentA,
      quantity: '299',
    });
    const jobs = await t.ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'card-refund' and data->>'refundId' = ${String(refund!.id)}`,
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);

    await executeCardRefund(t.ctx, provider, refund!.id);
    await executeCardRefund(t.ctx, provider, refund!.id); // a repeated job sends nothing more
    const sent = fake.refunds.filter((r) => r.payment_intent === intentA);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 299, reason: 'duplicate', status: 'succeeded' });
    const [settled] = await t.ctx.db.select().from(refunds).where(eq(refunds.id, refund!.id));
    expect(settled).toMatchObject({ status: 'succeeded', stripeRefundId: sent[0]!.id });

    const items = await myReports(user);
    expect(items).toHaveLength(2);
    const refundedItem = items.find((item: { status: string }) => item.status === 'refunded');
    expect(refundedItem.note).toBe(
      'You already owned this report, so this second payment of $2.99 has been refunded to your card.',
    );
    // The buyer keeps the report they paid for once.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${report.id}`,
      headers: { cookie: user.cookie },
    });
    expect(view.statusCode).toBe(200);
    // A webhook replay of the refunded payment changes nothing.
    await webhook('payment_intent.succeeded', lateA);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.userId, user.user.id))).toHaveLength(1);
  });
});

describe('card reconciliation', () => {
  async function pendingNewReport(user: SignedInUser, assetName: string, ageMs: number) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: user.cookie },
      payload: { purchaseType: 'new_report', assetName, acknowledgeUnknownAsset: true },
    });
    expect(created.statusCode).toBe(200);
    const paymentIntentId = created.json().paymentIntentId as string;
    await t.ctx.db
      .update(userPurchases)
      .set({ createdAt: new Date(Date.now() - ageMs) })
      .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));
    return paymentIntentId;
  }
  const purchaseOf = async (paymentIntentId: string) =>
    (
      await t.ctx.db
        .select()
        .from(userPurchases)
        .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId))
    )[0]!;
  const stale = CARD_RECONCILE_AFTER_MS + 60_000;

  it('completes a paid purchase nobody confirmed, fails canceled and declined ones, leaves fresh ones', async () => {
    const user = await signUp(t.app);
    const paid = await pendingNewReport(user, 'Closedtab coin', stale);
    fake.setStatus(paid, 'succeeded');
    const canceled = await pendingNewReport(user, 'Canceled coin', stale);
    fake.setStatus(canceled, 'canceled');
    const declined = await pendingNewReport(user, 'Declined coin', stale);
    fake.setStatus(declined, 'requires_payment_method', 'Your card was declined.');
    const open = await pendingNewReport(user, 'Open coin', stale);
    const fresh = await pendingNewReport(user, 'Fresh coin', 60_000);
    fake.setStatus(fresh, 'succeeded');

    await reconcileCardPurchases(t.ctx, provider);

    const completed = await purchaseOf(paid);
    expect(completed.status).toBe('completed');
    expect(completed.reportId).not.toBeNull();
    const jobs = await t.ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'research' and data->>'reportId' = ${String(completed.reportId)}`,
    );
    expect((jobs.rows[0] as { n: number }).n).toBe(1);
    expect((await purchaseOf(canceled)).status).toBe('failed');
    expect(await purchaseOf(declined)).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined.',
    });
    const stillOpen = await purchaseOf(open);
    expect(stillOpen.status).toBe('pending');
    expect(stillOpen.lastReconciledAt).not.toBeNull();
    expect((await purchaseOf(fresh)).status).toBe('pending');

    // Idempotent: the webhook arriving afterwards, or another cycle, adds nothing.
    await webhook('payment_intent.succeeded', fake.intents.get(paid)!);
    await reconcileCardPurchases(t.ctx, provider);
    const reports = await t.ctx.db
      .select()
      .from(researchReports)
      .where(eq(researchReports.assetName, 'Closedtab coin'));
    expect(reports).toHaveLength(1);
    const mine = await myReports(user);
    expect(mine.map((item: { asset_name: string }) => item.asset_name)).toEqual(['Closedtab coin']);
  });

  it('a checkout left unpaid for a day expires and its intent is cancelled, so an old tab cannot pay it', async () => {
    const user = await signUp(t.app);
    const stale = await pendingNewReport(user, 'Forgotten coin', CARD_ABANDONED_AFTER_MS + 60_000);
    await reconcileCardPurchases(t.ctx, provider);
    expect((await purchaseOf(stale)).status).toBe('expired');
    expect(fake.intents.get(stale)).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });

  it('waits for the provider when it is down and settles on the next cycle', async () => {
    const user = await signUp(t.app);
    const paid = await pendingNewReport(user, 'Outage coin', stale);
    fake.setStatus(paid, 'succeeded');
    fake.failWith = 500;
    await reconcileCardPurchases(t.ctx, provider);
    expect((await purchaseOf(paid)).status).toBe('pending');
    fake.failWith = null;
    await reconcileCardPurchases(t.ctx, provider);
    expect((await purchaseOf(paid)).status).toBe('completed');
  });
});
