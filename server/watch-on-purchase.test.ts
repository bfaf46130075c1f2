import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlistResponseSchema } from '../contract/watchlist';
import { researchReports, watchlistEntries } from './db/schema';
import { emailBrand } from './email/transport';
import { raiseWatchAlerts } from './email/watch-alerts';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { grantNewReport } from './testing/grant';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, STRONG_PASSWORD, signUp } from './testing/users';

// "Buying a report puts its asset on the watchlist unless the user turns that off", through both
// real payment paths: a card paid at the (fake) Stripe API and confirmed by its webhook, and a
// Cardano payment confirmed by the chain watcher (the sandbox's simulate control).

let fake: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const watchedBy = async (user: SignedInUser) =>
  watchlistResponseSchema
    .parse((await t.app.inject({ url: '/api/watchlist', headers: { cookie: user.cookie } })).json())
    .assets.map((a) => a.assetId)
    .sort();

async function publicReport(assetName: string, assetId: string) {
  const [row] = await t.ctx.db
    .insert(researchReports)
    .values({ assetName, assetId, status: 'completed', isPublic: true, compositeScore: '50.00' })
    .returning();
  return row!.id;
}

async function payByCard(user: SignedInUser, payload: Record<string, unknown>) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload,
  });
  expect(created.statusCode, created.body).toBe(200);
  const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
  expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent)).statusCode).toBe(200);
}

async function payWithCardano(user: SignedInUser, payload: Record<string, unknown>) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: user.cookie },
    payload: { amount: 2.99, currency: 'ADA', description: 'd', researchAsset: 'ignored', ...payload },
  });
  expect(created.statusCode, created.body).toBe(200);
  const simulated = await t.app.inject({
    method: 'POST',
    url: `/api/cardano/sandbox/simulate-payment/${created.json().payment.id}`,
    headers: { cookie: user.cookie },
  });
  expect(simulated.json().payment.status).toBe('confirmed');
}

const setWatchOnPurchase = (user: SignedInUser, watchOnPurchase: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/watchlist/settings',
    headers: { cookie: user.cookie },
    payload: { watchOnPurchase },
  });

describe('buying a report watches its asset', () => {
  it('by card and by Cardano, for an existing report and a new one on a picked asset', async () => {
    const buyer = await signUp(t.app);
    await payByCard(buyer, {
      purchaseType: 'existing_report',
      reportId: await publicReport('Polkadot', 'polkadot'),
    });
    await payWithCardano(buyer, {
      purchaseType: 'existing_report',
      reportId: await publicReport('Tron', 'tron'),
    });
    await payByCard(buyer, { purchaseType: 'new_report', assetName: 'UNI', assetId: 'uniswap' });
    expect(await watchedBy(buyer)).toEqual(['polkadot', 'tron', 'uniswap']);
  });

  it('not when the buyer turned it off, on either path', async () => {
    const buyer = await signUp(t.app);
    expect((await setWatchOnPurchase(buyer, false)).statusCode).toBe(200);
    await payByCard(buyer, {
      purchaseType: 'existing_report',
      reportId: await publicReport('Stellar', 'stellar'),
    });
    await payWithCardano(buyer, {
      purchaseType: 'existing_report',
      reportId: await publicReport('Monero', 'monero'),
    });
    expect(await watchedBy(buyer)).toEqual([]);
  });
});

describe('a new report whose asset research names', () => {
  /** A paid new report on a name without an asset id, whose research has just found the asset. */
  async function researchedNewReport(buyer: SignedInUser, assetId: string) {
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, assetId);
    await t.ctx.db
      .update(researchReports)
      .set({ assetId, status: 'completed', completedAt: new Date(), compositeScore: '50.00' })
      .where(eq(researchReports.id, reportId));
    return reportId;
  }
  const entriesOf = async (userId: number) =>
    (await t.ctx.db.select().from(watchlistEntries).where(eq(watchlistEntries.userId, userId))).map(
      (entry) => entry.assetId,
    );

  it('is watched by its buyer once research completes, but never by a deleted account', async () => {
    const buyer = await signUp(t.app);
    const leaver = await signUp(t.app);
    const kept = await researchedNewReport(buyer, 'chainlink');
    const left = await researchedNewReport(leaver, 'aave');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: leaver.cookie },
      payload: { password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const reportId of [kept, left])
      await raiseWatchAlerts(t.ctx.db, t.ctx.queue, emailBrand(t.ctx.config), reportId);
    expect(await entriesOf(buyer.user.id)).toEqual(['chainlink']);
    expect(await entriesOf(leaver.user.id)).toEqual([]);
  });
});
