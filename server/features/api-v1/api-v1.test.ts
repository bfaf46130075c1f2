import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPurchaseSchema, ratingSchema } from '../../../contract/api-v1';
import { assetCoverageSchema } from '../../../contract/assets';
import { RISK_LEVEL_LABELS } from '../../../contract/methodology';
import { SANDBOX_CARDS } from '../../../contract/payments';
import { apiCreditBalances, refunds, userPurchases } from '../../db/schema';
import { refundCreditPurchasesOfFailedReport } from '../../domain/refunds';
import { markResearchFailed } from '../../research/repository';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { grantNewReport } from '../../testing/grant';
import { readPdf } from '../../testing/pdf';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// /api/v1 through the real routes: rate limits and their headers, the rating object and the
// other reads, and buying with prepaid credits (bought through the sandbox card checkout):
// idempotent under concurrent retries, spent once, returned when research fails.

const RATE_LIMIT = 20;
const FAILURE_LIMIT = 5;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RESEARCH_DATA: 'offline',
    API_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    API_AUTH_FAILURES_PER_MINUTE: String(FAILURE_LIMIT),
    API_CREDIT_PACK_CREDITS: '3',
    API_CREDIT_PACK_PRICE_USD: '12.50',
  });
});
afterAll(async () => {
  await t.close();
});

const ALL_SCOPES = ['reports:read', 'reports:buy', 'watchlist'];

async function keyFor(user: SignedInUser, scopes = ALL_SCOPES): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: user.cookie },
    payload: { name: 'test', scopes },
  });
  return response.json().key;
}
const get = (key: string, url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${key}` } });
const buy = (key: string, assetId: string, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/reports',
    headers: {
      authorization: `Bearer ${key}`,
      ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
    },
    payload: { assetId },
  });

/** A credit pack through the real card checkout, paid with the sandbox card. */
async function buyCreditPack(user: SignedInUser) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { purchaseType: 'credit_pack' },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  expect(intent.json().amount).toBe('12.50');
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-payment',
    headers: { cookie: user.cookie },
    payload: { paymentIntentId: intent.json().paymentIntentId, cardNumber: SANDBOX_CARDS.succeeds },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

const balanceOf = async (userId: number) =>
  (await t.ctx.db.select().from(apiCreditBalances).where(eq(apiCreditBalances.userId, userId)))[0]?.balance ??
  0;

describe('rate limits per key', () => {
  it('answer every call with RateLimit and RateLimit-Policy, and 429 with Retry-After beyond the limit', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user);
    const other = await keyFor(user);
    for (let i = 1; i <= RATE_LIMIT; i += 1) {
      const ok = await get(key, '/api/v1/watchlist');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['ratelimit-policy']).toBe(`"per-key";q=${RATE_LIMIT};w=60`);
      expect(ok.headers.ratelimit).toMatch(new RegExp(`^"per-key";r=${RATE_LIMIT - i};t=\\d+$`));
    }
    const limited = await get(key, '/api/v1/watchlist');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    // Each key counts on its own.
    expect((await get(other, '/api/v1/watchlist')).statusCode).toBe(200);
    // The refused calls count in the key's usage too (decision 0281): a runaway client shows.
    expect((await get(key, '/api/v1/watchlist')).statusCode).toBe(429);
    const listed = await t.app.inject({ url: '/api/account/api-keys', headers: { cookie: user.cookie } });
    const today = new Date().toISOString().slice(0, 10);
    const usage = (listed.json().keys as { id: number; usage: unknown }[]).map((k) => k.usage);
    expect(usage).toContainEqual([{ day: today, requests: RATE_LIMIT + 2 }]);
  });

  it('limit failed key attempts per address: past the limit even a valid key from there waits', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user);
    const from = (address: string, bearer: string) =>
      t.app.inject({
        url: '/api/v1/watchlist',
        remoteAddress: address,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const wrong = `${key.slice(0, -4)}AAAA`;
    for (let i = 0; i < FAILURE_LIMIT; i += 1)
      expect((await from('203.0.113.7', wrong)).statusCode).toBe(401);
    const limited = await from('203.0.113.7', wrong);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(
      /^Too many attempts with API keys that are not valid from this address/,
    );
    expect((await from('203.0.113.7', key)).statusCode).toBe(429);
    // Another address, and the right key from it, are not held up.
    expect((await from('198.51.100.4', key)).statusCode).toBe(200);
  });
});

describe('reading through /api/v1', () => {
  it('names the Potential band as the spec, the page and the PDF do: band "Potential", bandName "Potential Risk"', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, 'pepe');
    expect(await researchFromCalibration(t.ctx, reportId)).toBe('completed');
    const rating = ratingSchema.parse((await get(key, `/api/v1/reports/${reportId}`)).json());
    expect(rating).toMatchObject({ band: 'Potential', bandName: 'Potential Risk' });
    const pdf = await t.app.inject({ url: `/api/reports/${reportId}/pdf`, headers: { cookie: user.cookie } });
    expect((await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' ')).toContain('Potential Risk');
  });

  it('searches assets, tells coverage, and answers a bought report as a rating object', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, 'litecoin');
    expect(await researchFromCalibration(t.ctx, reportId)).toBe('completed');

    const search = await get(key, '/api/v1/assets?q=litecoin');
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().assets[0]).toMatchObject({ id: 'litecoin' });

    const coverage = await get(key, '/api/v1/assets/litecoin/coverage');
    expect(coverage.statusCode, coverage.body).toBe(200);
    const covered = assetCoverageSchema.parse(coverage.json());
    // The same answer as the web's GET /api/assets/:id/coverage (what a new report would hold).
    expect(covered).toMatchObject({ assetId: 'litecoin' });
    expect(covered.categoriesWithEvidence).toBeGreaterThanOrEqual(0);
    expect(coverage.json()).toEqual((await t.app.inject({ url: '/api/assets/litecoin/coverage' })).json());
    expect((await get(key, '/api/v1/assets/no-such-asset/coverage')).statusCode).toBe(404);

    const response = await get(key, `/api/v1/reports/${reportId}`);
    expect(response.statusCode, response.body).toBe(200);
    const rating = ratingSchema.parse(response.json());
    expect(rating).toMatchObject({ reportId, assetId: 'litecoin', status: 'completed', version: 1 });
    expect(rating.categories).toHaveLength(12);
    expect(rating.categories.every((c) => c.evidenceKind !== null)).toBe(true);
    expect(rating.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rating.methodologyVersion).not.toBeNull();
    if (rating.total !== null) {
      expect(rating.band).not.toBeNull();
      expect(rating.total).toBeGreaterThan(0);
    }

    expect(rating.bandName).toBe(rating.band === null ? null : RISK_LEVEL_LABELS[rating.band]);

    const pdf = await get(key, `/api/v1/reports/${reportId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const changes = await get(key, `/api/v1/reports/${reportId}/changes`);
    expect(changes.statusCode).toBe(400); // the first version has nothing to compare with

    const record = await get(key, '/api/v1/track-record');
    expect(record.statusCode).toBe(200);
    expect(record.json()).toHaveProperty('outcomes');
  });

  it("never reads another user's report, and ignores a session cookie", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, owner.user.id, 'dogecoin');
    const key = await keyFor(stranger);
    expect((await get(key, `/api/v1/reports/${reportId}`)).statusCode).toBe(404);
    expect((await get(key, `/api/v1/reports/${reportId}/pdf`)).statusCode).toBe(404);
    const withCookie = await t.app.inject({
      url: `/api/v1/reports/${reportId}`,
      headers: { cookie: owner.cookie },
    });
    expect(withCookie.statusCode).toBe(401);
  });

  it('adds, lists and removes watchlist entries', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user, ['watchlist']);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, 'stellar');
    expect(await researchFromCalibration(t.ctx, reportId)).toBe('completed');
    await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/watchlist/stellar',
      headers: { authorization: `Bearer ${key}` },
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/watchlist',
      headers: { authorization: `Bearer ${key}`, origin: 'https://elsewhere.example' },
      payload: { assetId: 'stellar' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().assets.map((a: { assetId: string }) => a.assetId)).toEqual(['stellar']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/watchlist/stellar',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(removed.json().assets).toEqual([]);
  });

  it('lists the v1 routes in the OpenAPI document with bearer security and examples', async () => {
    const doc = (await t.app.inject({ url: '/api-docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/assets',
        '/api/v1/assets/{id}/coverage',
        '/api/v1/reports/{id}',
        '/api/v1/reports/{id}/changes',
        '/api/v1/reports/{id}/pdf',
        '/api/v1/reports',
        '/api/v1/track-record',
        '/api/v1/watchlist',
      ]),
    );
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const rating = doc.paths['/api/v1/reports/{id}'].get.responses['200'].content['application/json'];
    expect(rating.example).toMatchObject({ assetId: 'cardano', band: 'Potential' });
    expect(doc.paths['/api/v1/reports'].post.requestBody.content['application/json'].example).toEqual({
      assetId: 'cardano',
    });
  });
});

describe('buying with prepaid credits', () => {
  it('a pack bought through the card checkout adds its credits once', async () => {
    const user = await signUp(t.app);
    await buyCreditPack(user);
    expect(await balanceOf(user.user.id)).toBe(3);
    const mine = (await t.app.inject({ url: '/api/my-reports', headers: { cookie: user.cookie } })).json();
    expect(mine).toEqual([]); // a pack is no report
  });

  it('a pack bought through the Cardano checkout (ADA at the quote) adds its credits; the token is refused', async () => {
    const user = await signUp(t.app);
    const create = (currency: 'ADA' | 'NATIVE_TOKEN') =>
      t.app.inject({
        method: 'POST',
        url: '/api/cardano/create-payment',
        headers: { cookie: user.cookie },
        payload: {
          amount: 1,
          currency,
          description: 'API credits',
          purchaseType: 'credit_pack',
          researchAsset: 'API credits',
        },
      });
    const token = await create('NATIVE_TOKEN');
    expect(token.statusCode).toBe(400);
    expect(token.json().message).toBe('API credit packs are paid in ADA.');
    const created = await create('ADA');
    expect(created.statusCode, created.body).toBe(200);
    const payment = created.json().payment ?? created.json();
    expect(payment.usdAmount).toBe('12.50');
    const simulated = await t.app.inject({
      method: 'POST',
      url: `/api/cardano/sandbox/simulate-payment/${payment.id}`,
      headers: { cookie: user.cookie },
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().payment).toMatchObject({ status: 'confirmed', reportId: null });
    expect(await balanceOf(user.user.id)).toBe(3);
  });

  it('without credits: 402 and nothing bought; without Idempotency-Key: 400', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user);
    const noKey = await buy(key, 'bitcoin');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/Idempotency-Key/);
    const broke = await buy(key, 'bitcoin', 'order-1');
    expect(broke.statusCode, broke.body).toBe(402);
    expect(broke.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
    expect(await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.userId, user.user.id))).toEqual(
      [],
    );
  });

  it('concurrent retries with one Idempotency-Key buy once and spend one credit; another asset under the key is refused', async () => {
    const user = await signUp(t.app);
    await buyCreditPack(user);
    const key = await keyFor(user);
    const answers = await Promise.all(Array.from({ length: 8 }, () => buy(key, 'bitcoin', 'order-42')));
    const bodies = answers.map((a) => apiPurchaseSchema.parse(a.json()));
    expect(new Set(bodies.map((b) => b.purchaseId)).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === 'true'),
    ).toHaveLength(7);
    expect(bodies[0]).toMatchObject({ assetId: 'bitcoin', status: 'completed', paidWith: 'credits' });
    expect(bodies[0]!.reportId).not.toBeNull();
    expect(await balanceOf(user.user.id)).toBe(2);
    const purchases = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.paymentMethod, 'credits'));
    expect(purchases.filter((p) => p.userId === user.user.id)).toHaveLength(1);

    const later = await buy(key, 'bitcoin', 'order-42');
    expect(later.json().purchaseId).toBe(bodies[0]!.purchaseId);
    const reused = await buy(key, 'ethereum', 'order-42');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await balanceOf(user.user.id)).toBe(2);

    // The report is the buyer's: readable through the API at once (research is pending).
    const rating = await get(key, `/api/v1/reports/${bodies[0]!.reportId}`);
    expect(rating.json()).toMatchObject({ status: 'pending', total: null, band: null });
  });

  it('the last credit is spent once even when two different purchases race for it', async () => {
    const user = await signUp(t.app);
    await buyCreditPack(user);
    const key = await keyFor(user);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((k) => buy(key, 'cardano', `race-${k}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 402]);
    expect(await balanceOf(user.user.id)).toBe(0);
  });

  it('research that fails for good returns the credit, once', async () => {
    const user = await signUp(t.app);
    await buyCreditPack(user);
    const key = await keyFor(user);
    const bought = apiPurchaseSchema.parse((await buy(key, 'solana', 'fail-1')).json());
    expect(await balanceOf(user.user.id)).toBe(2);
    await markResearchFailed(t.ctx.db, bought.reportId!, 'Market data source timed out');
    expect(await refundCreditPurchasesOfFailedReport(t.ctx.db, t.ctx.queue, bought.reportId!)).toBe(1);
    expect(await refundCreditPurchasesOfFailedReport(t.ctx.db, t.ctx.queue, bought.reportId!)).toBe(0);
    expect(await balanceOf(user.user.id)).toBe(3);
    const [refund] = await t.ctx.db.select().from(refunds).where(eq(refunds.purchaseId, bought.purchaseId));
    expect(refund).toMatchObject({
      paymentMethod: 'credits',
      status: 'succeeded',
      reason: 'research_failed',
    });
    const mine = (await t.app.inject({ url: '/api/my-reports', headers: { cookie: user.cookie } })).json();
    expect(mine[0]).toMatchObject({
      status: 'refunded',
      note: 'Research could not be completed, so the API credit it used has been returned to your balance.',
    });
  });

  it('a key without reports:buy cannot buy', async () => {
    const user = await signUp(t.app);
    const key = await keyFor(user, ['reports:read']);
    expect((await buy(key, 'bitcoin', 'x')).statusCode).toBe(403);
  });
});
