import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { myReportItemSchema, publicReportItemSchema } from '../../../contract/reports';
import { researchReports } from '../../db/schema';
import { sellerOf } from '../../domain/invoices';
import { completePurchase, createPendingPurchase } from '../../domain/purchases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function report(
  assetName: string,
  status: 'completed' | 'pending',
  score = '61.60',
  assetId: string | null = null,
) {
  const [row] = await t.ctx.db
    .insert(researchReports)
    .values({
      assetName,
      assetId,
      status,
      isPublic: status === 'completed',
      compositeScore: status === 'completed' ? score : '0',
      completedAt: status === 'completed' ? new Date() : null,
    })
    .returning();
  return row!;
}

async function buy(
  user: SignedInUser,
  input: { reportId: number | null; assetName: string; type: 'new_report' | 'existing_report' },
) {
  const purchase = await t.ctx.db.transaction(async (tx) => {
    const pending = await createPendingPurchase(tx, {
      userId: user.user.id,
      purchaseType: input.type,
      assetName: input.assetName,
      reportId: input.reportId,
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_test_${Math.random().toString(36).slice(2)}`,
    });
    return (await completePurchase(tx, t.ctx.queue, pending.id, sellerOf(t.ctx.config))).purchase;
  });
  // Lists are invalidated by the change notification, which arrives just after the commit.
  await t.web.changes.sync();
  return purchase;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/my-reports', () => {
  it("lists the user's completed purchases in the list-item shape, newest first", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const done = await report('Bitcoin', 'completed', '70.84');
    await buy(user, { reportId: done.id, assetName: 'Bitcoin', type: 'existing_report' });
    const fresh = await buy(user, { reportId: null, assetName: 'Dogecoin', type: 'new_report' });
    await buy(other, { reportId: null, assetName: 'Not mine', type: 'new_report' });
    // A purchase that was never paid is not listed.
    await createPendingPurchase(t.ctx.db, {
      userId: user.user.id,
      purchaseType: 'new_report',
      assetName: 'Unpaid',
      reportId: null,
      paymentMethod: 'card',
      stripePaymentIntentId: 'pi_unpaid',
    });

    const response = await get('/api/my-reports', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const items = response.json() as unknown[];
    expect(items.map((item) => myReportItemSchema.parse(item))).toEqual([
      {
        id: fresh.id,
        reportId: fresh.reportId,
        asset_name: 'Dogecoin',
        name_verified: false,
        report_status: 'pending',
        status: 'completed',
        createdAt: expect.any(String),
        composite_score: null,
        risk_level: null,
        purchaseType: 'new_report',
        amount: '4.99',
        paymentMethod: 'card',
        note: null,
      },
      expect.objectContaining({
        reportId: done.id,
        asset_name: 'Bitcoin',
        report_status: 'completed',
        composite_score: '70.84',
        purchaseType: 'existing_report',
        amount: '2.99',
      }),
    ]);
  });

  it('answers 304 to a conditional request until the list changes', async () => {
    const user = await signUp(t.app);
    const first = await get('/api/my-reports', { cookie: user.cookie });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toContain('no-cache');
    const again = await get('/api/my-reports', { cookie: user.cookie, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A 304 announces no body: clients that trust Content-Length would otherwise wait for one.
    expect(again.headers['content-length']).toBeUndefined();
    await buy(user, { reportId: null, assetName: 'Near', type: 'new_report' });
    const changed = await get('/api/my-reports', { cookie: user.cookie, 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await get('/api/my-reports')).statusCode).toBe(401);
  });
});

describe('GET /api/public-reports', () => {
  it('labels reports on names no source knows and lists them below the known asset they look like', async () => {
    const real = await report('Bitcoin', 'completed', '40.00', 'bitcoin');
    // Newer, better scored, and written with a Cyrillic "В": still below the real one.
    const fake = await report('\u0412itcoin', 'completed', '77.00');
    const unrelated = await report('Zorbcoin', 'completed', '50.00');
    await t.web.changes.sync();
    for (const url of ['/api/public-reports', '/api/public-reports?q=itcoin']) {
      const items = (await get(url)).json() as { id: number; name_verified: boolean }[];
      const at = (id: number) => items.findIndex((item) => item.id === id);
      expect(at(real.id), url).toBeGreaterThanOrEqual(0);
      expect(at(fake.id), url).toBeGreaterThan(at(real.id));
      expect(items[at(real.id)]!.name_verified).toBe(true);
      expect(items[at(fake.id)]!.name_verified).toBe(false);
    }
    const all = (await get('/api/public-reports')).json() as { id: number }[];
    // A name that imitates nothing keeps its place, newest first.
    expect(all.findIndex((item) => item.id === unrelated.id)).toBeLessThan(
      all.findIndex((item) => item.id === real.id),
    );
  });

  it('lists completed public reports for anyone, marks owned ones, and searches by name', async () => {
    const listed = await report('Aave', 'completed', '55.00');
    const hidden = await report('Secret pending', 'pending');
    // The remembered public list is dropped by the change feed, which is asynchronous: the new
    // report appears once its notification has arrived (the previous test left a list remembered).
    await expect
      .poll(async () =>
        ((await get('/api/public-reports')).json() as { id: number }[]).some((i) => i.id === listed.id),
      )
      .toBe(true);
    const anonymous = await get('/api/public-reports');
    expect(anonymous.statusCode).toBe(200);
    const items = (anonymous.json() as unknown[]).map((item) => publicReportItemSchema.parse(item));
    expect(items.find((item) => item.id === listed.id)).toEqual({
      id: listed.id,
      asset_name: 'Aave',
      // The resolved asset, for the Watch button (none here: the row was inserted without one).
      asset_id: null,
      name_verified: false,
      composite_score: '55.00',
      status: 'completed',
      owned: false,
      // Dated and with its verdict, so two reports on one asset can be told apart.
      completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      rated: true,
      // The rating badge beside the score, the data's age and the categories with evidence
      // (decision 0381): stored without a level, 55.00 reads as its band; no sources, no date.
      risk_level: 'Likely Safe',
      data_as_of: null,
      categories_with_evidence: 12,
    });
    expect(items.some((item) => item.id === hidden.id)).toBe(false);

    const owner = await signUp(t.app);
    await buy(owner, { reportId: listed.id, assetName: 'Aave', type: 'existing_report' });
    const mine = await get('/api/public-reports?q=aav', { cookie: owner.cookie });
    expect(mine.json()).toEqual([expect.objectContaining({ id: listed.id, owned: true })]);
    const none = await get('/api/public-reports?q=%25', { cookie: owner.cookie });
    expect(none.json()).toEqual([]);
  });

  it('answers 304 to a conditional request, and not after the caller buys a listed report', async () => {
    const listed = await report('Uniswap', 'completed');
    const user = await signUp(t.app);
    const first = await get('/api/public-reports?q=Uniswap', { cookie: user.cookie });
    const etag = first.headers.etag as string;
    const again = await get('/api/public-reports?q=Uniswap', { cookie: user.cookie, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    await buy(user, { reportId: listed.id, assetName: 'Uniswap', type: 'existing_report' });
    const changed = await get('/api/public-reports?q=Uniswap', {
      cookie: user.cookie,
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()[0].owned).toBe(true);

    const all = await get('/api/public-reports', { cookie: user.cookie });
    const allAgain = await get('/api/public-reports', {
      cookie: user.cookie,
      'if-none-match': all.headers.etag as string,
    });
    expect(allAgain.statusCode).toBe(304);
  });
});

describe('unchanged polls (list versions kept by each web process)', () => {
  /** Counts the queries the app sends to PostgreSQL while `run` runs. */
  async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(t.ctx.db.$client, 'query');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  async function conditionalPolls(user: SignedInUser) {
    const mine = await get('/api/my-reports', { cookie: user.cookie });
    const all = await get('/api/public-reports', { cookie: user.cookie });
    const poll = async () => [
      (await get('/api/my-reports', { cookie: user.cookie, 'if-none-match': mine.headers.etag as string }))
        .statusCode,
      (await get('/api/public-reports', { cookie: user.cookie, 'if-none-match': all.headers.etag as string }))
        .statusCode,
    ];
    return poll;
  }

  it('answers unchanged polls of both lists with 304 without a database query', async () => {
    const user = await signUp(t.app);
    const listed = await report('Polkadot', 'completed');
    await buy(user, { reportId: listed.id, assetName: 'Polkadot', type: 'existing_report' });
    const poll = await conditionalPolls(user);
    const queries = await queriesDuring(async () => {
      for (let i = 0; i < 20; i += 1) expect(await poll()).toEqual([304, 304]);
    });
    expect(queries).toBe(0);
  });

  it('answers 200 after a change made by another connection (as a worker or another web process would)', async () => {
    const user = await signUp(t.app);
    const listed = await report('Cosmos', 'completed', '40.00');
    await buy(user, { reportId: listed.id, assetName: 'Cosmos', type: 'existing_report' });
    const poll = await conditionalPolls(user);
    expect(await poll()).toEqual([304, 304]);
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    await other.query('update research_reports set composite_score = 50 where id = $1', [listed.id]);
    await other.end();
    await t.web.changes.sync();
    expect(await poll()).toEqual([200, 200]);
    const mine = await get('/api/my-reports', { cookie: user.cookie });
    expect(mine.json()[0].composite_score).toBe('50.00');
  });

  it('drops every version when the listener connection is lost, and listens again', async () => {
    const user = await signUp(t.app);
    const poll = await conditionalPolls(user);
    expect(await queriesDuring(poll)).toBe(0);
    const resetsBefore = t.web.changes.resets;
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'crow_change_listener' and datname = current_database()",
    );
    await other.end();
    await vi.waitFor(() => expect(t.web.changes.resets).toBeGreaterThan(resetsBefore));
    // Until it listens again, every poll asks the database (the answer is still right: 304).
    await vi.waitFor(() => expect(t.web.changes.healthy).toBe(true), { timeout: 10_000 });
    expect(await queriesDuring(async () => expect(await poll()).toEqual([304, 304]))).toBeGreaterThan(0);
    expect(await queriesDuring(async () => expect(await poll()).toEqual([304, 304]))).toBe(0);
  });
});
