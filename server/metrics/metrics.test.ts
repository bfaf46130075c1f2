import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchReports, userPurchases } from '../db/schema';
import { registerResearchJobs } from '../research/job';
import { createCalibrationSources } from '../research/testing/calibration-evidence';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { bindStateReaders, collectProcessMetrics } from './registry';
import { startMetricsServer } from './server';
import { databaseStateReaders } from './state';

// What an operator's Prometheus reads from the metrics port after real traffic: a paid
// purchase through the API, its research job run by the worker, and the process series.

let t: TestApp;
let metrics: Awaited<ReturnType<typeof startMetricsServer>>;

beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
  collectProcessMetrics();
  bindStateReaders(databaseStateReaders(t.ctx.db.$client));
  metrics = await startMetricsServer('127.0.0.1', 0);
});
afterAll(async () => {
  bindStateReaders(undefined);
  await metrics.close();
  await t.close();
});

async function scrape(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** The value of one series line, e.g. sample(text, 'crow_payments_total{method="card",event="paid"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the metrics port', () => {
  it('serves request, payment, research, queue, pool and process series after real traffic', async () => {
    const before = await scrape();
    const paidBefore = sample(before, 'crow_payments_total{method="card",event="paid"}') ?? 0;

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: buyer.cookie },
      payload: { purchaseType: 'new_report', assetName: 'Chainlink', acknowledgeUnknownAsset: true },
    });
    expect(created.statusCode).toBe(200);
    const { paymentIntentId } = created.json();
    const charged = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/card-payment',
      headers: { cookie: buyer.cookie },
      payload: { paymentIntentId, cardNumber: '4242 4242 4242 4242' },
    });
    expect(charged.statusCode).toBe(200);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));

    // Before any worker runs, the paid report's research job waits in its queue.
    const waiting = await scrape();
    expect(sample(waiting, 'crow_job_queue_depth{queue="research"}')).toBeGreaterThanOrEqual(1);
    expect(sample(waiting, 'crow_job_queue_oldest_age_seconds{queue="research"}')).toBeGreaterThanOrEqual(0);

    await registerResearchJobs(t.ctx, { sources: createCalibrationSources() });
    await waitFor(async () => {
      const [report] = await t.ctx.db
        .select()
        .from(researchReports)
        .where(eq(researchReports.id, purchase!.reportId!));
      return report?.status === 'completed';
    });
    await waitFor(
      async () =>
        (sample(await scrape(), 'crow_research_duration_seconds_count{outcome="completed"}') ?? 0) >= 1,
    );

    const text = await scrape();
    expect(
      sample(
        text,
        'crow_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'crow_http_request_duration_seconds_count{method="POST",route="/api/sandbox/card-payment",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crow_payments_total{method="card",event="created"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'crow_payments_total{method="card",event="paid"}')).toBe(paidBefore + 1);
    expect(sample(text, 'crow_research_duration_seconds_count{outcome="completed"}')).toBe(1);
    // The completed report asked for its PDF: no PDF worker runs here, so it waits.
    expect(sample(text, 'crow_job_queue_depth{queue="render-pdf"}')).toBe(1);
    expect(sample(text, 'crow_job_queue_depth{queue="research"}')).toBe(0);
    // The test app's pool holds 5 connections (the research worker shares it).
    const inUse = sample(text, 'crow_db_pool_connections{state="in_use"}')!;
    const idle = sample(text, 'crow_db_pool_connections{state="idle"}')!;
    expect(inUse + idle).toBeGreaterThan(0);
    expect(inUse + idle).toBeLessThanOrEqual(5);
    expect(sample(text, 'crow_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'crow_cardano_open_payments')).toBe(0);
    expect(text).toContain('# TYPE crow_emails_total counter');
    expect(text).toContain('# TYPE crow_cardano_watch_cycle_seconds histogram');
    expect(text).toContain('# TYPE crow_redis_errors_total counter');
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  }, 120_000);

  it('names unmatched paths as one route, never the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing-4711' });
    const text = await scrape();
    expect(text).not.toContain('no-such-thing-4711');
    expect(text).toMatch(
      /crow_http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d+/,
    );
  });

  it('is not served on the public port', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.body).not.toContain('crow_http_request_duration_seconds');
    expect(response.body).not.toContain('# TYPE');
  });

  it('answers only GET /metrics', async () => {
    const response = await fetch(`http://127.0.0.1:${metrics.port}/`);
    expect(response.status).toBe(404);
  });
});
