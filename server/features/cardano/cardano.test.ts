import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UnmatchedIncoming } from '../../../contract/admin';
import { ambiguousAssetErrorSchema, unknownAssetMessage } from '../../../contract/assets';
import type { CardanoPayment } from '../../../contract/cardano';
import {
  cardanoIncomingTransactions,
  cardanoPayments,
  researchReports,
  userPurchases,
} from '../../db/schema';
import { SANDBOX_SELLER } from '../../domain/invoices';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from '../../testing/users';
import { BlockfrostChain, SandboxChain } from './chain';
import { AddressDeriver, SANDBOX_ACCOUNT_XPUB } from './derivation';
import { CoinGeckoPriceSource, PriceUnavailableError } from './price';
import {
  FAKE_SENDER_ADDRESS,
  type FakeBlockfrost,
  type FakeCoinGecko,
  startFakeBlockfrost,
  startFakeCoinGecko,
} from './testing/fake-services';
import { CardanoWatcher, expireCardanoPayments, fairOrder } from './watcher';

const POLICY = 'ab'.repeat(28);
const CROW_UNIT = `${POLICY}${Buffer.from('CROW').toString('hex')}`;
const log = pino({ level: 'silent' });
/** A preprod base address under another stake key: not ours, never counted. */
const FOREIGN_ADDRESS =
  'addr_test1qz9ftj8dtzpsd65gsc94f6cvvhnhm74en9ufe30xegqg0xdcj5svm9t00v9dhwskmuxjd0gptfp8j40rh7864crfzxxs9kr5hu';

let chain: FakeBlockfrost;
let prices: FakeCoinGecko;
let t: TestApp;
let admin: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let stakeAddress: string;

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
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  });
  admin = await signInAdmin(t.app, t.ctx.db);
  stakeAddress = t.ctx.payments.cardano.stakeAddress;
});

afterAll(async () => {
  await t?.close();
  await chain?.close();
  await prices?.close();
});

/** Each test creates payments from its own client address: the per-address create limit stays out of the way. */
let clientAddress = 0;

beforeEach(async () => {
  chain.failWith = undefined;
  clientAddress += 1;
  // Fresh buyers per test: each may hold only a few unpaid payments at once.
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});

async function create(user: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/cardano/create-payment',
    headers: { cookie: user.cookie },
    remoteAddress: `10.0.0.${clientAddress}`,
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

function newWatcher(options: { requestBudget?: number } = {}) {
  // A fresh SDK client each time: the same as a restarted worker process.
  return new CardanoWatcher({
    db: t.ctx.db,
    queue: t.ctx.queue,
    chain: new BlockfrostChain({ projectId: 'preprodFakeProjectId', baseUrl: chain.url, network: 'preprod' }),
    log,
    confirmations: 2,
    stakeAddress,
    seller: SANDBOX_SELLER,
    ...options,
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
      message: unknownAssetMessage('Zorbcoin'),
      suggestions: [],
    });
    const before = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.assetName, 'Zorbcoin'));
    expect(before).toEqual([]);
    const luna = await create(alice, { researchAsset: 'Luna' });
    expect(luna.statusCode).toBe(422);
    expect(
      ambiguousAssetErrorSchema
        .parse(luna.json())
        .suggestions.map((s) => s.id)
        .sort(),
    ).toEqual(['terra-luna', 'terra-luna-2']);
    const typo = await create(alice, { researchAsset: 'Etherium' });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().suggestions[0].id).toBe('ethereum');
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
    const buyers = [alice, bob, await signUp(t.app), await signUp(t.app)];
    const payments = await Promise.all(Array.from({ length: 12 }, (_, i) => createOk(buyers[i % 4]!)));
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

  it("the accountant's payments export carries the network fee the buyer's transactions paid, in ADA", async () => {
    const payment = await createOk(alice, { researchAsset: 'Cardano' });
    // Paid in two transactions: the buyer paid each one's fee (Blockfrost's `fees`, lovelace).
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '5000000', confirmations: 10 }], {
      feeLovelace: '168141',
    });
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '4980000', confirmations: 10 }], {
      feeLovelace: '171045',
    });
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('confirmed');
    const purchase = await purchaseOf(payment.id);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/payments',
      headers: { cookie: admin.cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const rows = parse(exported.body, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(rows.find((row) => row.purchase_id === String(purchase!.id))).toMatchObject({
      method: 'cardano',
      crypto: 'ADA',
      crypto_amount: '9.980000',
      network_fee: '0.339186', // 168141 + 171045 lovelace
    });
    // The buyer's invoice states it beside what was paid.
    const invoices = await t.app.inject({
      method: 'GET',
      url: '/api/account/invoices',
      headers: { cookie: alice.cookie },
    });
    expect(invoices.json()).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        paymentMethod: 'cardano',
        crypto: expect.objectContaining({ currency: 'ADA', amount: '9.980000', networkFee: '0.339186' }),
      }),
    ]);
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
      expect(sandbox.ctx.payments.cardano.mode).toBe('sandbox');
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

async function incomingOf(paymentId: number) {
  return t.ctx.db
    .select()
    .from(cardanoIncomingTransactions)
    .where(eq(cardanoIncomingTransactions.paymentId, paymentId))
    .orderBy(cardanoIncomingTransactions.id);
}

async function expireNow(paymentId: number, expiresAt: Date) {
  await t.ctx.db.update(cardanoPayments).set({ expiresAt }).where(eq(cardanoPayments.id, paymentId));
  await expireCardanoPayments(t.ctx.db);
}

async function unmatchedForAdmin(): Promise<UnmatchedIncoming[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/admin/unmatched-incoming',
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('open payments per user', () => {
  it('a sixth unpaid payment is refused with 429 until one is paid or expires; others are unaffected', async () => {
    const open = [];
    for (let i = 0; i < 5; i += 1) open.push(await createOk(alice));
    const refused = await create(alice, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'You have 5 unpaid Cardano payments open. Pay or let one expire before creating another.',
    });
    await createOk(bob); // the cap is per user

    await expireNow(open[0]!.id, new Date(Date.now() - 1_000));
    await createOk(alice); // an expired one frees a place
    expect((await create(alice, {})).statusCode).toBe(429);

    chain.send(open[1]!.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    await newWatcher().runCycle();
    expect((await paymentOf(open[1]!.id)).status).toBe('confirmed');
    await createOk(alice); // so does a paid one
  });

  it('GET /api/cardano/payments/open lists only the buyer’s own unpaid payments still in their window', async () => {
    const paid = await createOk(alice);
    const expired = await createOk(alice);
    const open = await createOk(alice, { currency: 'NATIVE_TOKEN', amount: 10_000_000 });
    await createOk(bob);
    await expireNow(expired.id, new Date(Date.now() - 1_000));
    chain.send(paid.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    await newWatcher().runCycle();

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/cardano/payments/open',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payments).toEqual([
      {
        id: open.id,
        currency: 'NATIVE_TOKEN',
        amount: '10000000',
        remainingAmount: '10000000',
        expiresAt: open.expiresAt,
        purchaseType: 'new_report',
        researchAsset: 'Bitcoin',
        usdAmount: '4.99',
      },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/cardano/payments/open' })).statusCode).toBe(401);
  });

  it('concurrent creations cannot slip past the cap', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create(alice, {})));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});

describe('watching the stake account', () => {
  it('one paged account query covers every open payment; unpaid ones cost no request of their own', async () => {
    const payments = [];
    for (const buyer of [alice, bob, await signUp(t.app)]) {
      for (let i = 0; i < 5; i += 1) payments.push(await createOk(buyer));
    }
    // Outputs at 120 addresses of the account (more than one page of 100) ...
    for (const payment of payments.slice(0, 3)) {
      chain.send(payment.address, [{ unit: 'lovelace', quantity: '1000000', confirmations: 5 }]);
    }
    const deriver = new AddressDeriver(SANDBOX_ACCOUNT_XPUB, 'preprod');
    for (let i = 0; i < 120; i += 1) {
      chain.send(deriver.addressAt(900_000 + i), [{ unit: 'lovelace', quantity: '1', confirmations: 5 }]);
    }
    // ... and money at an address of another stake key, which is not ours.
    chain.send(FOREIGN_ADDRESS, [{ unit: 'lovelace', quantity: '5', confirmations: 5 }]);
    const before = { ...chain.requestsByKind };
    const requestsBefore = chain.requests;
    const since = (kind: string) => (chain.requestsByKind[kind] ?? 0) - (before[kind] ?? 0);
    const report = await newWatcher().runCycle();
    expect(report.errors).toBe(0);
    expect(since('tip')).toBe(1);
    expect(since('account-utxos')).toBeGreaterThanOrEqual(2); // paged
    expect(since('address-utxos')).toBe(0);
    expect(since('tx') + since('tx-utxos')).toBe(6); // only the three new transactions at our payments
    expect(report.chainRequests).toBe(chain.requests - requestsBefore);
    const partly = await paymentOf(payments[0]!.id);
    expect(partly).toMatchObject({
      status: 'pending',
      receivedAmount: '1.000000',
      remainingAmount: '8.980000',
    });

    // Next cycle: the transactions are known, so only the tip and the account pages are asked for.
    const again = { ...chain.requestsByKind };
    await newWatcher().runCycle();
    expect((chain.requestsByKind.tx ?? 0) - (again.tx ?? 0)).toBe(0);
  });

  it('fair order: over a small request budget the newest payment is served first, and every one in turn', async () => {
    // Eight older payments, abandoned after their window, each hit by dust in the same minute.
    const old = [];
    for (const buyer of [alice, bob]) {
      for (let i = 0; i < 4; i += 1) old.push(await createOk(buyer));
    }
    for (const payment of old) {
      await expireNow(payment.id, new Date(Date.now() - 60_000));
      chain.send(payment.address, [{ unit: 'lovelace', quantity: '1000', confirmations: 5 }]);
    }
    const buyer = await signUp(t.app);
    const real = await createOk(buyer);
    chain.send(real.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);

    // A budget the tip and the account pages already use up: one transaction look per cycle.
    const watcher = () => newWatcher({ requestBudget: 1 });
    const first = await watcher().runCycle();
    expect(first.deferred).toBeGreaterThan(0);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/cardano/payment/${real.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(served.json().payment.status).toBe('confirmed'); // in the first cycle, ahead of the dust

    // Round robin: the rest are recorded over the next cycles, none left behind.
    for (let cycle = 0; cycle < old.length; cycle += 1) {
      if ((await watcher().runCycle()).deferred === 0) break;
    }
    for (const payment of old) expect(await incomingOf(payment.id)).toHaveLength(1);
  });

  it('fairOrder: open and partly paid first, then least recently looked at, newest first', () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 8, minutes));
    const row = (id: number, extra: Partial<Parameters<typeof fairOrder>[0][number]>) => ({
      id,
      status: 'pending' as const,
      receivedQuantity: '0',
      lastCheckedAt: null,
      createdAt: at(id),
      ...extra,
    });
    const ordered = fairOrder([
      row(1, { status: 'expired' }),
      row(2, { lastCheckedAt: at(50) }),
      row(3, {}),
      row(4, { receivedQuantity: '5', lastCheckedAt: at(55) }),
      row(5, {}),
      row(6, { lastCheckedAt: at(40) }),
    ]);
    expect(ordered.map((p) => p.id)).toEqual([4, 5, 3, 6, 2, 1]);
  });
});

describe('no money only logged', () => {
  it('late is judged by block time: paid inside the window but seen a day later is credited, not late', async () => {
    const payment = await createOk(alice);
    const expiresAt = new Date(Date.now() - 30 * 3_600_000);
    await expireNow(payment.id, expiresAt);
    // The watcher was down; the transaction is in a block from before the window closed.
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }], {
      blockTime: new Date(expiresAt.getTime() - 5 * 60_000),
    });
    await newWatcher().runCycle();
    expect(await paymentOf(payment.id)).toMatchObject({ status: 'confirmed', paidLate: false });
    expect((await incomingOf(payment.id)).map((r) => r.classification)).toEqual(['payment']);
  });

  it('money arriving after the watch window is recorded as late with amount, tx hash and sender, and shown to the admin', async () => {
    const payment = await createOk(alice);
    const expiresAt = new Date(Date.now() - 25 * 3_600_000);
    await expireNow(payment.id, expiresAt);
    const [txHash] = chain.send(payment.address, [
      { unit: 'lovelace', quantity: '9980000', confirmations: 5 },
    ]);
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('expired'); // not credited
    const [late] = await incomingOf(payment.id);
    expect(late).toMatchObject({
      classification: 'late',
      txHash,
      quantity: '9980000',
      unit: 'lovelace',
      senderAddress: FAKE_SENDER_ADDRESS,
    });
    const listed = (await unmatchedForAdmin()).find((row) => row.txHash === txHash);
    expect(listed).toMatchObject({
      paymentId: payment.id,
      classification: 'late',
      quantity: '9980000',
      currency: 'ADA',
      senderAddress: FAKE_SENDER_ADDRESS,
    });
  });

  it('a second send after confirmation is recorded as a duplicate', async () => {
    const payment = await createOk(alice);
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('confirmed');
    const [again] = chain.send(payment.address, [
      { unit: 'lovelace', quantity: '9980000', confirmations: 5 },
    ]);
    await newWatcher().runCycle();
    const rows = await incomingOf(payment.id);
    expect(rows.map((r) => r.classification)).toEqual(['payment', 'duplicate']);
    expect(rows[1]).toMatchObject({ txHash: again, quantity: '9980000' });
    expect((await paymentOf(payment.id)).receivedAmount).toBe('9.980000'); // the purchase is paid once
    expect(
      (await unmatchedForAdmin()).some((r) => r.txHash === again && r.classification === 'duplicate'),
    ).toBe(true);
  });

  it('a payment confirmed before transactions were recorded: its own transaction is not called a duplicate', async () => {
    const payment = await createOk(alice);
    const [original] = chain.send(
      payment.address,
      [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }],
      {
        blockTime: new Date(Date.now() - 5 * 60_000),
      },
    );
    await t.ctx.db
      .update(cardanoPayments)
      .set({ status: 'confirmed', receivedQuantity: '9980000', confirmedAt: new Date() })
      .where(eq(cardanoPayments.id, payment.id));
    const [later] = chain.send(
      payment.address,
      [{ unit: 'lovelace', quantity: '2000000', confirmations: 5 }],
      {
        blockTime: new Date(Date.now() + 60_000),
      },
    );
    await newWatcher().runCycle();
    const rows = await incomingOf(payment.id);
    expect(rows.find((r) => r.txHash === original)?.classification).toBe('payment');
    expect(rows.find((r) => r.txHash === later)?.classification).toBe('duplicate');
    const listed = await unmatchedForAdmin();
    expect(listed.some((r) => r.txHash === original)).toBe(false);
    expect(listed.some((r) => r.txHash === later)).toBe(true);
  });

  it('the surplus of an over-payment is recorded against the transaction that completed it', async () => {
    const payment = await createOk(alice);
    chain.send(payment.address, [{ unit: 'lovelace', quantity: '5000000', confirmations: 5 }]);
    await newWatcher().runCycle();
    const [topUp] = chain.send(payment.address, [
      { unit: 'lovelace', quantity: '6000000', confirmations: 5 },
    ]);
    await newWatcher().runCycle();
    expect((await paymentOf(payment.id)).status).toBe('confirmed');
    const surplus = (await incomingOf(payment.id)).find((r) => r.classification === 'surplus');
    expect(surplus).toMatchObject({ txHash: topUp, quantity: '1020000', senderAddress: FAKE_SENDER_ADDRESS });
    expect((await unmatchedForAdmin()).find((r) => r.txHash === topUp)).toMatchObject({
      classification: 'surplus',
      quantity: '1020000',
    });
  });

  it('the admin list is refused to other users', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/unmatched-incoming',
      headers: { cookie: alice.cookie },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('sandbox ledger in PostgreSQL', () => {
  it('a partial simulated payment shows what is owed; the top-up is seen by another process', async () => {
    const sandbox = await createTestApp({});
    try {
      const user = await signUp(sandbox.app);
      const created = await sandbox.app.inject({
        method: 'POST',
        url: '/api/cardano/create-payment',
        headers: { cookie: user.cookie },
        payload: { amount: 9.98, currency: 'ADA', description: 'd', researchAsset: 'Bitcoin' },
      });
      const payment: CardanoPayment = created.json().payment;
      const partial = await sandbox.app.inject({
        method: 'POST',
        url: `/api/cardano/sandbox/simulate-payment/${payment.id}`,
        headers: { cookie: user.cookie },
        payload: { amount: '4' },
      });
      expect(partial.statusCode, partial.body).toBe(200);
      expect(partial.json().payment).toMatchObject({
        status: 'pending',
        receivedAmount: '4.000000',
        remainingAmount: '5.980000',
      });
      const bad = await sandbox.app.inject({
        method: 'POST',
        url: `/api/cardano/sandbox/simulate-payment/${payment.id}`,
        headers: { cookie: user.cookie },
        payload: { amount: '-1' },
      });
      expect(bad.statusCode).toBe(400);

      // Another process (its own chain client and watcher on the same database) sees the ledger.
      const otherChain = new SandboxChain(sandbox.ctx.db);
      await otherChain.credit(payment.address, 'lovelace', 5_980_000n);
      await new CardanoWatcher({
        db: sandbox.ctx.db,
        queue: sandbox.ctx.queue,
        seller: SANDBOX_SELLER,
        chain: new SandboxChain(sandbox.ctx.db),
        log,
        confirmations: 0,
        stakeAddress: sandbox.ctx.payments.cardano.stakeAddress,
      }).runCycle();
      const done = await sandbox.app.inject({
        method: 'GET',
        url: `/api/cardano/payment/${payment.id}`,
        headers: { cookie: user.cookie },
      });
      expect(done.json().payment).toMatchObject({
        status: 'confirmed',
        receivedAmount: '9.980000',
        remainingAmount: '0.000000',
      });
    } finally {
      await sandbox.close();
    }
  });
});
