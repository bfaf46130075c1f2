import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchlistResponseSchema } from '../contract/watchlist';
import { researchReports } from './db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signUp } from './testing/users';

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
