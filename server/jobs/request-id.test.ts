import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, reportPdfs, userPurchases } from '../db/schema';
import { createLogger } from '../logger';
import { createAppContext } from '../providers';
import { createCalibrationSources } from '../research/testing/calibration-evidence';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { startWorker } from '../worker';
import { type JobQueue, startQueue } from './queue';

// An operator follows one purchase through the logs: the request that paid for it answers with
// its id (X-Request-Id), and the research, PDF and email jobs it started log that id and the
// purchase id, in a worker process of their own.

let t: TestApp;
let workerQueue: JobQueue | undefined;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(async () => {
  await workerQueue?.stop({ graceful: false, wait: true, timeout: 3_000 });
  await t.close();
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the request id travels into the jobs a purchase starts', () => {
  it('research, PDF and email job logs carry the paying request id and the purchase id', async () => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer.cookie },
      payload: { purchaseType: 'new_report', assetName: 'Chainlink', acknowledgeUnknownAsset: true },
    });
    const { paymentIntentId } = created.json();
    const paying = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/card-payment',
      headers: { cookie: buyer.cookie },
      payload: { paymentIntentId, cardNumber: '4242 4242 4242 4242' },
    });
    expect(paying.statusCode).toBe(200);
    const requestId = paying.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.headers['x-request-id']).not.toBe(requestId);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));
    const reportId = purchase!.reportId!;

    // A worker process: its own queue and logger, the process's research providers.
    const log = createLogger(
      { LOG_LEVEL: 'info', NODE_ENV: 'test', ROLE: 'worker' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    workerQueue = await startQueue({ databaseUrl: t.databaseUrl, runsWorkers: true, log });
    const base = createAppContext({ config: t.ctx.config, db: t.ctx.db, queue: workerQueue, log });
    await startWorker({ ...base, research: { ...base.research, sources: createCalibrationSources() } });

    await waitFor(async () => {
      const pdfs = await t.ctx.db.select().from(reportPdfs).where(eq(reportPdfs.reportId, reportId));
      const mails = await t.ctx.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.userId, buyer.user.id));
      const sent = mails.filter((mail) => mail.status === 'sent').map((mail) => mail.kind);
      return pdfs.length === 1 && sent.includes('receipt') && sent.includes('report_ready');
    });
    // The last email job's line is written just after its message is marked sent.
    await waitFor(
      async () => lines.filter((line) => line.job === 'email' && line.msg === 'job done').length >= 4,
    );

    const of = (job: string) => lines.filter((line) => line.job === job);
    for (const job of ['research', 'render-pdf', 'email']) {
      expect(of(job).length, job).toBeGreaterThan(0);
      for (const line of of(job)) {
        expect(line, job).toMatchObject({ requestId, purchaseId: purchase!.id, role: 'worker' });
      }
    }
    expect(of('render-pdf').map((line) => line.msg)).toContain('render-pdf job done');
  }, 120_000);
});
