import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefund } from '../contract/admin';
import type { CardanoPayment } from '../contract/cardano';
import { cardanoPayments, refunds, researchReports, userPurchases } from './db/schema';
import { SANDBOX_SELLER } from './domain/invoices';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { executeCardRefund, reconcileCardPurchases } from './features/card-payments/jobs';
import { SandboxChain } from './features/cardano/chain';
import { CardanoWatcher } from './features/cardano/watcher';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, STRONG_PASSWORD, signInAdmin, signUp } from './testing/users';

// A payment that arrives after its buyer deleted the account must not complete a purchase nobody
// can open: deletion closes the open checkouts (card intents cancelled through the provider's
// API, Cardano payments closed), and money that still arrives is refunded and shown to the admin.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  // Live card payments against the local fake Stripe; Cardano on the labelled sandbox chain.
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
  admin = await signInAdmin(t.app, t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const provider = () => t.ctx.payments.card.provider!;

async function cardCheckout(user: SignedInUser, assetName: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { purchaseType: 'new_report', assetName, acknowledgeUnknownAsset: true },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().paymentIntentId as string;
}

async function cardanoCheckout(user: SignedInUser, researchAsset: string): Promise<CardanoPayment> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: user.cookie },
    payload: {
      amount: 4.99,
      currency: 'ADA',
      description: 'd',
      researchAsset,
      acknowledgeUnknownAsset: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().payment as CardanoPayment;
}

async function deleteAccount(user: SignedInUser) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: { cookie: user.cookie },
    payload: { password: STRONG_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const purchaseByIntent = async (paymentIntentId: string) =>
  (
    await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId))
  )[0]!;

const refundsOf = (userId: number) => t.ctx.db.select().from(refunds).where(eq(refunds.userId, userId));

const openRefunds = async (): Promise<AdminRefund[]> =>
  (
    await t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: { cookie: admin.cookie } })
  ).json();

const reportsNamed = (assetName: string) =>
  t.ctx.db.select().from(researchReports).where(eq(researchReports.assetName, assetName));

describe('deleting an account closes its open checkouts', () => {
  it('fails pending purchases, closes Cardano payments and cancels card intents through the provider', async () => {
    const user = await signUp(t.app);
    const intentId = await cardCheckout(user, 'Leftcoin');
    const payment = await cardanoCheckout(user, 'Leftcoin ada');
    await deleteAccount(user);

    expect(await purchaseByIntent(intentId)).toMatchObject({
      status: 'failed',
      failureReason: 'The account was deleted',
    });
    const [closed] = await t.ctx.db.select().from(cardanoPayments).where(eq(cardanoPayments.id, payment.id));
    expect(closed!.status).toBe('expired');
    // Deletion asked for a reconciliation cycle at once rather than within the minute.
    const queued = await t.ctx.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'card-reconcile' and state = 'created'`,
    );
    expect((queued.rows[0] as { n: number }).n).toBeGreaterThan(0);

    await reconcileCardPurchases(t.ctx, provider());
    expect(fake.cancelRequests.filter((r) => r.intentId === intentId)).toHaveLength(1);
    expect(fake.intents.get(intentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    // A later cycle does not ask again.
    await reconcileCardPurchases(t.ctx, provider());
    expect(fake.cancelRequests.filter((r) => r.intentId === intentId)).toHaveLength(1);
    expect(await refundsOf(user.user.id)).toEqual([]);
  });
});

describe('money that arrives after the account was deleted', () => {
  it('card: a webhook after deletion refunds the payment instead of completing the purchase', async () => {
    const user = await signUp(t.app);
    const intentId = await cardCheckout(user, 'Latecard coin');
    await deleteAccount(user);
    // Paid from a tab still open before the cancel reached the provider; the webhook follows.
    const paid = fake.setStatus(intentId, 'succeeded');
    expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', paid)).statusCode).toBe(200);

    expect((await purchaseByIntent(intentId)).status).toBe('refunded');
    expect(await reportsNamed('Latecard coin')).toEqual([]);
    const [refund] = await refundsOf(user.user.id);
    expect(refund).toMatchObject({ reason: 'account_deleted', status: 'pending', quantity: '499' });
    const listed = (await openRefunds()).find((r) => r.id === refund!.id);
    expect(listed).toMatchObject({ reason: 'account_deleted', status: 'pending', paymentMethod: 'card' });

    await executeCardRefund(t.ctx, provider(), refund!.id);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([
      expect.objectContaining({ amount: 499, reason: 'requested_by_customer', status: 'succeeded' }),
    ]);
    // The cancel that follows finds the intent paid and settles nothing twice.
    await reconcileCardPurchases(t.ctx, provider());
    expect(await refundsOf(user.user.id)).toHaveLength(1);
  });

  it('card: an intent paid with no webhook is found by the cancel attempt and refunded', async () => {
    const user = await signUp(t.app);
    const intentId = await cardCheckout(user, 'Silentcard coin');
    fake.setStatus(intentId, 'succeeded');
    await deleteAccount(user);

    await reconcileCardPurchases(t.ctx, provider());
    expect((await purchaseByIntent(intentId)).status).toBe('refunded');
    expect(await reportsNamed('Silentcard coin')).toEqual([]);
    expect(await refundsOf(user.user.id)).toEqual([
      expect.objectContaining({
        reason: 'account_deleted',
        status: 'pending',
        stripePaymentIntentId: intentId,
      }),
    ]);
  });

  it('Cardano: a payment confirmed on chain after deletion is recorded as a refund due for the admin', async () => {
    const user = await signUp(t.app);
    const payment = await cardanoCheckout(user, 'Lateada coin');
    await deleteAccount(user);

    const chain = new SandboxChain(t.ctx.db);
    await chain.credit(payment.address, 'lovelace', BigInt(Math.round(Number(payment.amount) * 1_000_000)));
    await new CardanoWatcher({
      db: t.ctx.db,
      queue: t.ctx.queue,
      chain,
      log: pino({ level: 'silent' }),
      confirmations: 0,
      stakeAddress: t.ctx.payments.cardano.stakeAddress,
      seller: SANDBOX_SELLER,
    }).runCycle();

    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.cardanoPaymentId, payment.id));
    expect(purchase!.status).toBe('refunded');
    expect(await reportsNamed('Lateada coin')).toEqual([]);
    const [refund] = await refundsOf(user.user.id);
    expect(refund).toMatchObject({ reason: 'account_deleted', status: 'due', paymentMethod: 'cardano' });
    const listed = (await openRefunds()).find((r) => r.id === refund!.id);
    expect(listed).toMatchObject({ reason: 'account_deleted', status: 'due', cardanoPaymentId: payment.id });
  });
});
