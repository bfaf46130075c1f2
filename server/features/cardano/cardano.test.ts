import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardanoPayment } from '../../../contract/cardano';
import { cardanoPayments, researchReports, userPurchases } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';
import { BlockfrostChain } from './chain';
import { SANDBOX_ACCOUNT_XPUB } from './derivation';
import { CoinGeckoPriceSource, PriceUnavailableError } from './price';
import { cardanoSetupFor } from './setup';
import {
  type FakeBlockfrost,
  type FakeCoinGecko,
  startFakeBlockfrost,
  startFakeCoinGecko,
} from './testing/fake-services';
import { CardanoWatcher, expireCardanoPayments } from './watcher';

const POLICY = 'ab'.repeat(28);
const CROW_UNIT = `${POLICY}${Buffer.from('CROW').toString('hex')}`;
const log = pino({ level: 'silent' });

let chain: FakeBlockfrost;
let prices: FakeCoinGecko;
let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  chain = await startFakeBlockfrost();
  prices = await startFakeCoinGecko(0.5);
  t = await createTestApp({
    BLOCKFROST_PROJECT_ID: 'preprodFakeProjectId',
    BLOCKFROST_URL: chain.url,
    CARDANO_ACCOUNT_XPUB: SANDBOX_ACCOUNT_XPUB,
    CARDANO_NETWORK: 'preprod',
    CARDANO_CONFIRMATIONS: '2',
    CROW_POLICY_ID: POLICY,
    CROW_ASSET_NAME: 'CROW',
    COINGECKO_API_KEY: 'demo-test-key',
    COINGECKO_BASE_URL: prices.url,
  });
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});

afterAll(async () => {
  await t?.close();
  await chain?.close();
  await prices?.close();
});

beforeEach(() => {
  chain.failWith = undefined;
});

async function create(user: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: user.cookie },
    payload: {
      amount: 4.99,
      currency: 'ADA',
      description: 'Research Report Purchase - Bitcoin',
      purchaseType: 'new_report',
      researchAsset: 'Bitcoin',
      ...payload,
    },
  });
}

async function createOk(user: SignedInUser, payload: Record<string, unknown> = {}): Promise<CardanoPayment> {
  const response = await create(user, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payment;
}

async function status(user: SignedInUser, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/cardano/payment/${id}`, headers: { cookie: user.cookie } });
}

async function paymentOf(id: number): Promise<CardanoPayment> {
  const response = await status(alice, id);
  expect(response.statusCode).toBe(200);
  return response.json().payment;
}

function newWatcher() {
  // A fresh SDK client each time: the same as a restarted worker process.
  return new CardanoWatcher({
    db: t.ctx.db,
    queue: t.ctx.queue,
    chain: new BlockfrostChain({ projectId: 'preprodFakeProjectId', baseUrl: chain.url, network: 'preprod' }),
    log,
    confirmations: 2,
  });
}

async function purchaseOf(paymentId: number) {
  return t.ctx.db.query.userPurchases.findFirst({ where: eq(userPurchases.cardanoPaymentId, paymentId) });
}

async function researchJobsFor(reportId: number): Promise<number> {
  const result = await t.ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'research' and data->>'reportId' = ${String(reportId)}`,
  );
  return (result.rows[0] as { n: number }).n;
}

describe('POST /api/cardano/create-payment', () => {
  it('quotes ADA from the USD price on the server, with a fresh address, QR code and 30-minute window', async () => {
    const before = Date.now();
    const payment = await createOk(alice, { amount: 0.001 }); // a tampered amount changes nothing
    expect(payment.status).toBe('pending');
    expect(payment.currency).toBe('ADA');
    expect(payment.amount).toBe('9.980000'); // $4.99 / $0.50, rounded up to cents of ADA
    expect(payment.usdAmount).toBe('4.99');
    expect(payment.quotedUsdPrice).toBe('0.50000000');
    expect(payment.address).toMatch(/^addr_test1q[0-9a-z]+$/);
    expect(payment.paymentUri).toBe(`web+cardano:${payment.address}?amount=9.980000`);
    expect(payment.qrCode).toMatch(/^data:image\/png;base64,/);
    const expiresIn = new Date(payment.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(30 * 60_000 - 1_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect(prices.lastApiKey).toBe('demo-test-key');
    const purchase = await purchaseOf(payment.id);
    expect(purchase).toMatchObject({
      status: 'pending',
      paymentMethod: 'cardano',
      amount: '4.99',
      assetName: 'Bitcoin',
    });
  });

  it('charges an existing report at its own price and refuses an unknown report', async () => {
    const [report] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Cardano', status: 'completed', isPublic: true })
      .returning();
    const payment = await createOk(alice, {
      purchaseType: 'existing_report',
      reportId: report!.id,
      researchAsset: 'x',
    });
    expect(payment.amount).toBe('5.980000'); // $2.99 / $0.50
    expect(payment.reportId).toBe(report!.id);
    expect(payment.researchAsset).toBe('Cardano');
    const missing = await create(alice, { purchaseType: 'existing_report', reportId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, error: 'Report not found' });
  });

  it('refuses an unknown asset with 422 and suggestions unless confirmed, and stores the picked asset', async () => {
    const unknown = await create(alice, { researchAsset: 'Zorbcoin' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: 'We could not find "Zorbcoin" in our data sources.',
      suggestions: [],
    });
    const before = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.assetName, 'Zorbcoin'));
    expect(before).toEqual([]);
    const confirmed = await createOk(alice, { researchAsset: 'Zorbcoin', acknowledgeUnknownAsset: true });
    expect(confirmed.researchAsset).toBe('Zorbcoin');
    const picked = await createOk(alice, { researchAsset: 'ADA', assetId: 'cardano' });
    expect(picked.researchAsset).toBe('Cardano');
    const rows = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.userId, alice.user.id));
    expect(rows.find((r) => r.cardanoPaymentId === confirmed.id)).toMatchObject({ assetId: null });
    expect(rows.find((r) => r.cardanoPaymentId === picked.id)).toMatchObject({ assetId: 'cardano' });
  });

  it('CROW is always exactly 10,000,000 units of the configured policy id and hex asset name', async () => {
    const payment = await createOk(alice, {
      currency: 'NATIVE_TOKEN',
      amount: 1,
      policyId: POLICY,
      assetName: '43524f57',
    });
    expect(payment).toMatchObject({
      amount: '10000000',
      policyId: POLICY,
      assetName: '43524f57',
      quotedUsdPrice: null,
    });
    expect(payment.paymentUri).toBe(`web+cardano:${payment.address}`);
    const other = await create(alice, {
      currency: 'NATIVE_TOKEN',
      policyId: 'cd'.repeat(28),
      assetName: '43524f57',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ success: false, error: 'Only the CROW token is accepted' });
  });

  it('answers the spec messages for bad requests', async () => {
    const small = await create(alice, { amount: 0.0001 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe('Amount must be at least 0.001');
    const currency = await create(alice, { currency: 'BTC' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().message).toBe('Currency must be ADA or NATIVE_TOKEN');
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/cardano/create-payment', payload: {} });
    expect(signedOut.statusCode).toBe(401);
  });

  it('concurrent checkouts never share a derivation index or an address', async () => {
    const payments = await Promise.all(Array.from({ length: 12 }, (_, i) => createOk(i % 2 ? alice : bob)));
    const rows = await t.ctx.db.select().from(cardanoPayments);
    expect(new Set(payments.map((p) => p.address)).size).toBe(12);
    expect(new Set(rows.map((r) => r.derivationIndex)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
  });
});

describe('GET /api/cardano/payment/:id and convert-price', () => {
  it("another user's payment, or one that does not exist, answers 404", async () => {
    const payment = await createOk(alice);
    expect((await status(alice, payment.id)).statusCode).toBe(200);
    const other = await status(bob, payment.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Payment not found');
    expect((await status(alice, 999_999)).statusCode).toBe(404);
  });

  it('converts USD to ADA from the CoinGecko price (cached) and answers CROW without conversion', async () => {
    const get = (path: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/cardano/convert-price/${path}`,
        headers: { cookie: alice.cookie },
      });
    const requestsBefore = prices.requests;
    const ada = await get('4.99/ADA');
    expect(ada.json()).toEqual({
      success: true,
      conversion: { tokenPrice: 0.5, tokenAmount: 9.98, sandboxPrice: false },
    });
    await get('2.99/ADA');
    expect(prices.requests - requestsBefore).toBe(0); // still cached from the checkout above
    const crow = await get('4.99/CROW');
    expect(crow.json().conversion.tokenAmount).toBe(10_000_000);
    const badAmount = await get('abc/ADA');
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().message).toBe('Amount must be a positive number');
    const badCurrency = await get('4.99/BTC');
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().message).toBe('Currency must be ADA or CROW');
  });
});

describe('CoinGecko price source (official SDK)', () => {
  it('caches the ADA price for about 60 s and reports an outage as unavailable', async () => {
    let clock = 1_000_000;
    const source = new CoinGeckoPriceSource(
      { apiKey: 'demo-test-key', plan: 'demo', baseUrl: prices.url },
      () => clock,
    );
    const before = prices.requests;
    expect(await source.adaUsd()).toEqual({ usd: 0.5, sandbox: false });
    clock += 59_000;
    await source.adaUsd();
    expect(prices.requests - before).toBe(1);
    clock += 2_000;
    prices.adaUsd = 0.4;
    expect((await source.adaUsd()).usd).toBe(0.4);
    expect(prices.requests - before).toBe(2);
    clock += 61_000;
    prices.failWith = 500;
    try {
      await expect(source.adaUsd()).rejects.toBeInstanceOf(PriceUnavailableError);
    } finally {
      prices.failWith = undefined;
      prices.adaUsd = 0.5;
    }
  });
});

describe('chain watcher against the Blockfrost SDK', () => {
  it('a never-used address (404) is unpaid; a paid one confirms at depth and starts research in the same step', async () => {
    const payment = await createOk(alice, { researchAsset: 'Solana' });
    let report = await newWatcher().runCycle();
    expect(report.errors).toBe(0);
    expect((await paymentOf(payment.id)).status).toBe('pending');

    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 1 }]);
    await newWatcher().runCycle();
    const shallow = await paymentOf(payment.id);
    expect(shallow.status).toBe('pending'); // seen but not deep enough yet
    expect(shallow.receivedAmount).toBe('9.980000');

    chain.setConfirmations(payment.address, 3);
    report = await newWatcher().runCycle();
    expect(report.errors).toBe(0);
    const confirmed = await paymentOf(payment.id);
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.paidLate).toBe(false);
    expect(confirmed.reportId).toEqual(expect.any(Number));
    const purchase = await purchaseOf(payment.id);
    expect(purchase).toMatchObject({ status: 'completed', reportId: confirmed.reportId });
    const created = await t.ctx.db.query.researchReports.findFirst({
      where: eq(researchReports.id, confirmed.reportId!),
    });
    expect(created).toMatchObject({ assetName: 'Solana', status: 'pending' });
    expect(await researchJobsFor(confirmed.reportId!)).toBe(1);

    // Confirmed payments are no longer watched; a repeat changes nothing.
    await newWatcher().runCycle();
    expect(await researchJobsFor(confirmed.reportId!)).toBe(1);
  });

  it('an under-payment stays pending showing what arrived; a top-up (after a watcher restart) completes it', async () => {
    const payment = await createOk(alice);
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '5000000', confirmations: 10 }]);
    await newWatcher().runCycle();
    const partial = await paymentOf(payment.id);
    expect(partial.status).toBe('pending');
    expect(partial.receivedAmount).toBe('5.000000');
    expect((await purchaseOf(payment.id))?.status).toBe('pending');

    chain.send(payment.address, [{ unit: 'lovelace', quantity: '4980000', confirmations: 10 }]);
    await newWatcher().runCycle(); // a different watcher instance: nothing was kept in memory
    const done = await paymentOf(payment.id);
    expect(done.status).toBe('confirmed');
    expect(done.receivedAmount).toBe('9.980000');
  });

  it('an over-payment completes and the full amount received is recorded', async () => {
    const payment = await createOk(alice);
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '25000000', confirmations: 10 }]);
    await newWatcher().runCycle();
    const done = await paymentOf(payment.id);
    expect(done.status).toBe('confirmed');
    expect(done.receivedAmount).toBe('25.000000');
  });

  it('a payment after expiry is still credited within 24 h and flagged paid late', async () => {
    const payment = await createOk(alice);
    await t.ctx.db
      .update(cardanoPayments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(cardanoPayments.id, payment.id));
    expect(await expireCardanoPayments(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(payment.id)).status).toBe('expired');
    expect((await purchaseOf(payment.id))?.status).toBe('expired');

    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    await newWatcher().runCycle();
    const late = await paymentOf(payment.id);
    expect(late).toMatchObject({ status: 'confirmed', paidLate: true });
    expect((await purchaseOf(payment.id))?.status).toBe('completed');
  });

  it('stops watching an address 24 h after its window closed', async () => {
    const payment = await createOk(alice);
    await t.ctx.db
      .update(cardanoPayments)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(cardanoPayments.id, payment.id));
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('expired');
  });

  it('CROW: a token with the right policy but another asset name is ignored', async () => {
    const payment = await createOk(alice, { currency: 'NATIVE_TOKEN' });
    chain.send(payment.address, [{ unit: `${POLICY}deadbeef`, quantity: '10000000', confirmations: 5 }]);
    await newWatcher().runCycle();
    const wrong = await paymentOf(payment.id);
    expect(wrong.status).toBe('pending');
    expect(wrong.receivedAmount).toBe('0');

    chain.send(payment.address, [{ unit: CROW_UNIT, quantity: '10000000', confirmations: 5 }]);
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('confirmed');
  });

  it('429 and 5xx from the chain API: the cycle keeps going and the next one catches up', async () => {
    const payment = await createOk(alice);
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    const watcher = newWatcher();
    for (const failure of [429, 500, 503]) {
      chain.failWith = failure;
      const report = await watcher.runCycle();
      expect(report.errors).toBeGreaterThanOrEqual(1);
      expect(report.confirmed).toBe(0);
      expect((await paymentOf(payment.id)).status).toBe('pending');
    }
    chain.failWith = undefined;
    const report = await watcher.runCycle();
    expect(report.errors).toBe(0);
    expect((await paymentOf(payment.id)).status).toBe('confirmed');
  });
});

describe('sandbox and production', () => {
  it('sandbox: a fixed labelled price, preprod addresses, and the simulate control confirms the payment', async () => {
    const sandbox = await createTestApp({});
    try {
      expect(cardanoSetupFor(sandbox.ctx).mode).toBe('sandbox');
      const user = await signUp(sandbox.app);
      const conversion = await sandbox.app.inject({
        method: 'GET',
        url: '/api/cardano/convert-price/4.99/ADA',
        headers: { cookie: user.cookie },
      });
      expect(conversion.json().conversion).toEqual({
        tokenPrice: 0.5,
        tokenAmount: 9.98,
        sandboxPrice: true,
      });
      const created = await sandbox.app.inject({
        method: 'POST',
        url: '/api/cardano/create-payment',
        headers: { cookie: user.cookie },
        payload: { amount: 9.98, currency: 'ADA', description: 'd', researchAsset: 'Bitcoin' },
      });
      const payment: CardanoPayment = created.json().payment;
      expect(payment).toMatchObject({ sandbox: true, network: 'preprod' });
      expect(payment.address).toMatch(/^addr_test1/);
      const simulated = await sandbox.app.inject({
        method: 'POST',
        url: `/api/cardano/sandbox/simulate-payment/${payment.id}`,
        headers: { cookie: user.cookie },
      });
      expect(simulated.statusCode, simulated.body).toBe(200);
      expect(simulated.json().payment).toMatchObject({ status: 'confirmed', receivedAmount: '9.980000' });
      expect(simulated.json().payment.reportId).toEqual(expect.any(Number));
    } finally {
      await sandbox.close();
    }
  });

  it('the simulate endpoint is refused with a real chain', async () => {
    const payment = await createOk(alice);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/cardano/sandbox/simulate-payment/${payment.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(refused.statusCode).toBe(403);
    expect((await paymentOf(payment.id)).status).toBe('pending');
  });

  it('production without keys: no payment is created and the simulate endpoint is refused', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const user = await signUp(production.app);
      const created = await production.app.inject({
        method: 'POST',
        url: '/api/cardano/create-payment',
        headers: { cookie: user.cookie },
        payload: { amount: 9.98, currency: 'ADA', description: 'd', researchAsset: 'Bitcoin' },
      });
      expect(created.statusCode).toBe(503);
      expect(created.json()).toMatchObject({ success: false });
      const simulated = await production.app.inject({
        method: 'POST',
        url: '/api/cardano/sandbox/simulate-payment/1',
        headers: { cookie: user.cookie },
      });
      expect(simulated.statusCode).toBe(403);
    } finally {
      await production.close();
    }
  });
});
