import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries } from '../../db/schema';
import { JOBS, sendJob } from '../../jobs/definitions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';
import { registerApiJobs } from './jobs';
import { deliverWebhook } from './webhooks';

// How a delivery travels (issue 47), against local receivers (WEBHOOK_ALLOW_PRIVATE on a
// loopback server): it connects to the address its check resolved, not to a second DNS answer;
// it reads only the start of a huge answer; and the worker's lanes keep a slow endpoint from
// holding up another user's delivery.

// The name "rebind.example" resolves (for the check) to this computer; nothing else would ever
// resolve it, so a request that looked the name up again could not arrive.
vi.mock('node:dns/promises', async (original) => {
  const real = await original<typeof import('node:dns/promises')>();
  const lookup = (async (host: string, options: unknown) =>
    host === 'rebind.example'
      ? [{ address: '127.0.0.1', family: 4 }]
      : (real.lookup as (h: string, o: unknown) => Promise<unknown>)(host, options)) as typeof real.lookup;
  return { ...real, lookup, default: { ...real, lookup } };
});

let t: TestApp;
let port = 0;
const arrivals: { path: string; at: number }[] = [];
/** Every huge answer's socket, to see that the delivery hung up before the end. */
let hugeClosedEarly: Promise<boolean> = Promise.resolve(false);
const SLOW_ANSWER_MS = 4_000;
const HUGE_CHUNKS = 100_000; // 100,000 × 16 kB ≈ 1.6 GB, never all sent

function sendHuge(response: ServerResponse) {
  const chunk = Buffer.alloc(16_384, 'x');
  let sent = 0;
  hugeClosedEarly = new Promise((resolve) => {
    response.on('close', () => resolve(sent < HUGE_CHUNKS));
    response.writeHead(200, { 'content-type': 'text/plain' });
    const pump = () => {
      while (sent < HUGE_CHUNKS && !response.destroyed) {
        sent += 1;
        if (!response.write(chunk)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!response.destroyed) response.end();
    };
    pump();
  });
}

const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const path = request.url ?? '';
    arrivals.push({ path, at: Date.now() });
    if (path.startsWith('/huge')) return sendHuge(response);
    if (path.startsWith('/slow')) {
      setTimeout(() => response.writeHead(200).end('slow but fine'), SLOW_ANSWER_MS);
      return;
    }
    response.writeHead(200).end('fine');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({
    RESEARCH_DATA: 'offline',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    HOST: '127.0.0.1',
    WEBHOOK_DELIVERY_CONCURRENCY: '4',
  });
});
afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

async function endpointAt(url: string): Promise<number> {
  const user = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/account/webhooks',
    headers: { cookie: user.cookie },
    payload: { url, events: ['report.completed'] },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().endpoint.id;
}

let messages = 0;
async function deliveryTo(endpointId: number): Promise<number> {
  messages += 1;
  const [row] = await t.ctx.db
    .insert(webhookDeliveries)
    .values({
      endpointId,
      messageId: `msg_test_${messages}`,
      event: 'report.completed',
      payload: { n: messages },
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

describe('webhook deliveries', () => {
  it('connect to the address the check resolved, never looking the name up again', async () => {
    const endpointId = await endpointAt(`http://rebind.example:${port}/pinned`);
    const deliveryId = await deliveryTo(endpointId);
    expect(await deliverWebhook(t.ctx, deliveryId)).toBe('delivered');
    expect(arrivals.some((a) => a.path === '/pinned')).toBe(true);
  });

  it('read only the start of a huge answer, then hang up', async () => {
    const endpointId = await endpointAt(`http://127.0.0.1:${port}/huge`);
    const deliveryId = await deliveryTo(endpointId);
    const started = Date.now();
    expect(await deliverWebhook(t.ctx, deliveryId)).toBe('delivered');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await hugeClosedEarly).toBe(true);
    const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ lastStatus: 200, attempts: 1 });
  }, 20_000);

  it("a slow endpoint holds one lane: another user's delivery goes out meanwhile", async () => {
    const slow = await endpointAt(`http://127.0.0.1:${port}/slow`);
    const fast = await endpointAt(`http://127.0.0.1:${port}/fast`);
    // Three messages for the slow endpoint queued first, then one for the fast one.
    for (const endpointId of [slow, slow, slow, fast]) {
      await sendJob(t.ctx.queue, JOBS.webhookDelivery, { deliveryId: await deliveryTo(endpointId) });
    }
    const started = Date.now();
    await registerApiJobs(t.ctx);
    await expect
      .poll(() => arrivals.find((a) => a.path === '/fast')?.at ?? null, { timeout: 15_000, interval: 100 })
      .not.toBeNull();
    const fastAfter = arrivals.find((a) => a.path === '/fast')!.at - started;
    // Behind the slow endpoint it would wait 4 s per slow message (12 s); its own lane takes a poll.
    expect(fastAfter).toBeLessThan(SLOW_ANSWER_MS - 500);
    // The slow endpoint never gets two at once: its arrivals are at least its answer time apart.
    await expect.poll(() => arrivals.filter((a) => a.path === '/slow').length, { timeout: 40_000 }).toBe(3);
    const slowTimes = arrivals.filter((a) => a.path === '/slow').map((a) => a.at);
    expect(slowTimes[1]! - slowTimes[0]!).toBeGreaterThanOrEqual(SLOW_ANSWER_MS - 100);
    // Each delivered on its first attempt: waiting for its lane cost none an attempt.
    const slowRows = () =>
      t.ctx.db
        .select({ deliveredAt: webhookDeliveries.deliveredAt, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, slow));
    await expect
      .poll(async () => (await slowRows()).map((r) => [r.attempts, r.deliveredAt !== null]), {
        timeout: 10_000,
      })
      .toEqual([
        [1, true],
        [1, true],
        [1, true],
      ]);
  }, 90_000);
});
