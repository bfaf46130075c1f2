import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client';
import { researchProgress, researchReports } from '../db/schema';
import { createAppContext } from '../providers';
import { registerResearchJobs, sweepLostResearchAndNotify } from '../research/job';
import { createSnapshotSources } from '../research/sources/snapshot';
import type { ResearchSources } from '../research/sources/types';
import { SourceUnavailableError } from '../research/sources/types';
import { createCalibrationSources } from '../research/testing/calibration-evidence';
import { grantNewReport } from '../testing/grant';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { JOBS } from './definitions';

let t: TestApp;
/** Plain SQL on the test database (pg-boss tables, pg_stat_activity). */
const rawQuery = (text: string, values: unknown[] = []) => pool().query(text, values);
let sharedPool: pg.Pool | undefined;
const pool = () => (sharedPool ??= new pg.Pool({ connectionString: t.databaseUrl, max: 2 }));
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(async () => {
  // Each worker stops before its database is dropped: a worker still polling when the database goes
  // (its webhook lanes included) fails with "terminating connection" after the tests passed. On a
  // busy machine a stop takes longer than 3 s, so it gets up to 15 s (hookTimeout is 60 s).
  for (const stop of stops)
    await Promise.race([stop().catch(() => {}), new Promise((r) => setTimeout(r, 15_000))]);
  await sharedPool?.end();
  await t.close();
});

/** A separate worker process, as far as the database can tell: own pool, own queue, own name. */
async function startWorkerProcess(
  name: string,
  sources: ResearchSources,
  beforeAgentFinishes?: (key: string) => Promise<void>,
) {
  const url = new URL(t.databaseUrl);
  url.searchParams.set('application_name', name);
  const log = pino({ level: 'silent' });
  const handle = connectDatabase(url.toString(), 5);
  const queue = new PgBoss({
    connectionString: url.toString(),
    schema: 'pgboss',
    max: 3,
    supervise: true,
    maintenanceIntervalSeconds: 1,
    monitorStateIntervalSeconds: 1,
    schedule: false,
    migrate: false,
  });
  queue.on('error', () => {});
  await queue.start();
  const ctx = createAppContext({ config: t.ctx.config, db: handle.db, queue, log });
  await registerResearchJobs(ctx, { sources, ...(beforeAgentFinishes ? { beforeAgentFinishes } : {}) });
  const stop = async () => {
    await queue.stop({ graceful: false, wait: true, timeout: 3_000 });
    await handle.close().catch(() => {});
  };
  stops.push(stop);
  /** Like a SIGKILL: its connections (and with them its advisory lock) vanish mid-job. */
  const kill = async () => {
    await queue.offWork(JOBS.research.name);
    await rawQuery('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      name,
    ]);
  };
  return { stop, kill };
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 25_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const reportRow = async (id: number) =>
  (await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, id)))[0]!;
const progressRows = (id: number) =>
  t.ctx.db.select().from(researchProgress).where(eq(researchProgress.reportId, id));

async function researchJobState(reportId: number) {
  const { rows } = await rawQuery(
    `select state, retry_count from pgboss.job where name = $1 and data->>'reportId' = $2`,
    [JOBS.research.name, String(reportId)],
  );
  return rows as { state: string; retry_count: number }[];
}

describe('the research job', () => {
  it('takes a paid report from pending to completed and asks for its PDF', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Chainlink');
    const worker = await startWorkerProcess('crow_worker_ok', createCalibrationSources());
    const done = await waitFor(
      () => reportRow(reportId),
      (r) => r.status === 'completed',
    );
    expect(done.isPublic).toBe(true);
    expect(Number(done.compositeScore)).toBeGreaterThan(15);
    expect(await progressRows(reportId)).toHaveLength(12);
    const { rows } = await rawQuery(
      `select data from pgboss.job where name = $1 and data->>'reportId' = $2`,
      [JOBS.renderPdf.name, String(reportId)],
    );
    expect(rows).toEqual([{ data: { reportId } }]);
    await worker.stop();
  });

  it('is retried after its worker dies mid-report and completes once, with 12 progress rows', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Aave');
    // Expire quickly so the test need not wait 15 minutes for the dead worker's job.
    await rawQuery(
      `update pgboss.job set expire_in = interval '2 seconds', retry_delay = 0, retry_backoff = false
       where name = $1 and data->>'reportId' = $2`,
      [JOBS.research.name, String(reportId)],
    );
    const half = new Set(['audits', 'dexHolders', 'hacksScandals', 'layer1', 'team', 'useCase']);
    const doomed = await startWorkerProcess('crow_worker_doomed', createCalibrationSources(), (key) =>
      half.has(key) ? new Promise<void>(() => {}) : Promise.resolve(),
    );
    await waitFor(
      () => progressRows(reportId),
      (rows) => rows.filter((r) => r.status === 'completed').length === 6 && rows.length === 12,
    );
    await doomed.kill();
    expect((await reportRow(reportId)).status).toBe('processing');

    const rescuer = await startWorkerProcess('crow_worker_rescuer', createCalibrationSources());
    const done = await waitFor(
      () => reportRow(reportId),
      (r) => r.status === 'completed',
      40_000,
    );
    const rows = await progressRows(reportId);
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'completed' && r.score !== null)).toBe(true);
    expect(done.completedAt).not.toBeNull();
    const jobs = await researchJobState(reportId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    const { rows: pdfJobs } = await rawQuery(
      `select id from pgboss.job where name = $1 and data->>'reportId' = $2`,
      [JOBS.renderPdf.name, String(reportId)],
    );
    expect(pdfJobs).toHaveLength(1);
    await rescuer.stop();
  }, 60_000);

  const brokenLive = (counter: { calls: number }): ResearchSources => ({
    ...createCalibrationSources(),
    mode: 'live',
    resolve: async (text) => ({ id: text.toLowerCase().replace(/\s+/g, '-'), name: text, symbol: 'OBS' }),
    market: async () => {
      counter.calls += 1;
      throw new SourceUnavailableError('CoinGecko', 'HTTP 503');
    },
    // A live security answer holds no market figures (the calibration profiles hold both).
    security: (asset) => createSnapshotSources().security(asset),
  });
  const fastRetries = (reportId: number) =>
    rawQuery(
      `update pgboss.job set retry_limit = 1, retry_delay = 0, retry_backoff = false
       where name = $1 and data->>'reportId' = $2`,
      [JOBS.research.name, String(reportId)],
    );

  it('marks the report failed with its reason once the retries are exhausted', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Obscure Token');
    await fastRetries(reportId);
    const counter = { calls: 0 };
    const worker = await startWorkerProcess('crow_worker_broken', brokenLive(counter));
    const failed = await waitFor(
      () => reportRow(reportId),
      (r) => r.status === 'failed',
    );
    expect(failed.failureReason).toMatch(/after 2 attempts: CoinGecko: HTTP 503/);
    expect(counter.calls).toBe(2);
    const rows = await t.ctx.db
      .select()
      .from(researchProgress)
      .where(and(eq(researchProgress.reportId, reportId), eq(researchProgress.status, 'completed')));
    expect(rows.length).toBeLessThan(12);
    await worker.stop();
  });

  it('completes from the dated offline snapshot on the last attempt when live sources stay down', async () => {
    const buyer = await signUp(t.app);
    // Litecoin has a recent Coin Metrics excerpt: the fallback of a live report must not show it.
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Litecoin');
    await fastRetries(reportId);
    const counter = { calls: 0 };
    const worker = await startWorkerProcess('crow_worker_outage', brokenLive(counter));
    const done = await waitFor(
      () => reportRow(reportId),
      (r) => r.status === 'completed',
    );
    expect(counter.calls).toBe(2);
    expect((done.researchData as { dataMode: string }).dataMode).toBe('offline');
    expect(done.reportContent).toContain("the evidence is the offline snapshot's public datasets of ");
    expect(done.reportContent).not.toContain('coinmetrics');
    expect(done.reportContent).toContain('No evidence found: market capitalisation.');
    await worker.stop();
  });

  it('marks a report failed when its job died on the last attempt (sweep) and tells the buyer', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Stellar');
    await t.ctx.db
      .update(researchReports)
      .set({ status: 'processing' })
      .where(eq(researchReports.id, reportId));
    expect(await sweepLostResearchAndNotify(t.ctx)).toEqual([]);
    await rawQuery(`update pgboss.job set state = 'failed' where name = $1 and data->>'reportId' = $2`, [
      JOBS.research.name,
      String(reportId),
    ]);
    expect(await sweepLostResearchAndNotify(t.ctx)).toEqual([reportId]);
    const row = await reportRow(reportId);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/worker was lost/);
    const notices = await rawQuery(
      `select data from pgboss.job where name = $1 and data->>'event' = 'research_failed' and data->>'reportId' = $2`,
      [JOBS.email.name, String(reportId)],
    );
    expect(notices.rowCount).toBe(1);
  });
});
