import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScores, type CategoryScores } from '../../../contract/methodology';
import { createdWebhookSchema, webhookDeliveryListSchema } from '../../../contract/webhooks';
import { researchReports, webhookDeliveries } from '../../db/schema';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';
import { deliverWebhook, fanOutReportCompleted, isPrivateAddress, signWebhook } from './webhooks';

// Webhooks through the real routes and the delivery code the job runs: signed per the Standard
// Webhooks spec (checked with its reference library), retried after a failure, logged with the
// endpoint's answers; private and loopback URLs refused outside the zero-config demo.

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let strict: TestApp;
const received: Received[] = [];
/** The statuses the receiver answers with, in order; 200 once they are used up. */
const answers: number[] = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push({ headers: request.headers, body });
    const status = answers.shift() ?? 200;
    response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'try later');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The zero-config demo's rules (sandbox on): a local receiver may be tried out.
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
  strict = await createTestApp({ RESEARCH_DATA: 'offline', ENABLE_SANDBOX: 'false' });
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function keyFor(app: TestApp, user: SignedInUser) {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/account/api-keys',
    headers: { cookie: user.cookie },
    payload: { name: 'hooks', scopes: ['reports:read', 'watchlist'] },
  });
  return response.json().key as string;
}
const register = (app: TestApp, key: string, url: string, events: string[]) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks',
    headers: { authorization: `Bearer ${key}` },
    payload: { url, events },
  });

async function researched(user: SignedInUser, asset: string) {
  const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, asset);
  expect(await researchFromCalibration(t.ctx, reportId)).toBe('completed');
  return reportId;
}

describe('webhook endpoints', () => {
  it('outside the demo: only https, never a private or loopback address', async () => {
    const user = await signUp(strict.app);
    const key = await keyFor(strict, user);
    const http = await register(strict, key, 'http://example.com/hook', ['report.completed']);
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('Webhook endpoints must use https://.');
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.1.2.3/x',
      'https://[::1]/x',
    ]) {
      const refused = await register(strict, key, url, ['report.completed']);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toMatch(/private or loopback/);
    }
    expect(isPrivateAddress('192.168.1.10')).toBe(true);
    expect(isPrivateAddress('::ffff:169.254.169.254')).toBe(true);
    expect(isPrivateAddress('93.184.215.14')).toBe(false);
  });

  it('report.completed and watchlist.changed are signed per Standard Webhooks, retried after a failure and logged', async () => {
    const buyer = await signUp(t.app);
    const watcher = await signUp(t.app);
    const v1 = await researched(buyer, 'litecoin');
    await t.app.inject({
      method: 'POST',
      url: '/api/watchlist',
      headers: { cookie: watcher.cookie },
      payload: { assetId: 'litecoin' },
    });
    const buyerHook = createdWebhookSchema.parse(
      (await register(t, await keyFor(t, buyer), receiverUrl, ['report.completed'])).json(),
    );
    const watcherKey = await keyFor(t, watcher);
    const registered = await register(t, watcherKey, receiverUrl, ['watchlist.changed']);
    expect(registered.statusCode, registered.body).toBe(201);
    const watcherHook = createdWebhookSchema.parse(registered.json());
    expect(watcherHook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = await t.app.inject({
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${watcherKey}` },
    });
    expect(JSON.stringify(listed.json())).not.toContain(watcherHook.secret);

    // The first version looked much weaker: the second moves the total by more than 3 points.
    const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, v1));
    const weaker = buildScores({
      ...(row!.scores as CategoryScores),
      marketCap: 1,
      volumeX2: 1,
      socialMetricsX2: 1,
    });
    await t.ctx.db
      .update(researchReports)
      .set({ scores: weaker, compositeScore: weaker.totalScore.toFixed(2) })
      .where(eq(researchReports.id, v1));
    const v2 = await researched(buyer, 'litecoin');

    expect(await fanOutReportCompleted(t.ctx, v2)).toBe(2);
    expect(await fanOutReportCompleted(t.ctx, v2)).toBe(0); // a repeated fan-out adds nothing
    const deliveries = await t.ctx.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);
    expect(deliveries.map((d) => d.event)).toEqual(['report.completed', 'watchlist.changed']);
    const jobs = await t.ctx.db.execute(
      sql`select retry_limit, retry_delay, retry_backoff from pgboss.job where name = 'webhook-delivery'`,
    );
    expect(jobs.rows).toEqual([
      { retry_limit: 11, retry_delay: 45, retry_backoff: true },
      { retry_limit: 11, retry_delay: 45, retry_backoff: true },
    ]);

    // The watcher's endpoint fails once, then accepts: two attempts, both logged.
    const watchDelivery = deliveries[1]!;
    answers.push(503);
    await expect(deliverWebhook(t.ctx, watchDelivery.id)).rejects.toThrow('endpoint answered 503');
    expect(await deliverWebhook(t.ctx, watchDelivery.id)).toBe('delivered');
    expect(await deliverWebhook(t.ctx, deliveries[0]!.id)).toBe('delivered');
    expect(await deliverWebhook(t.ctx, watchDelivery.id)).toBe('delivered'); // never sent twice
    expect(received).toHaveLength(3);

    const [failed, retried, completed] = received as [Received, Received, Received];
    expect(retried.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    const verified = new Webhook(watcherHook.secret).verify(retried.body, {
      'webhook-id': String(retried.headers['webhook-id']),
      'webhook-timestamp': String(retried.headers['webhook-timestamp']),
      'webhook-signature': String(retried.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({
      type: 'watchlist.changed',
      data: { assetId: 'litecoin', reportId: v2, previousReportId: v1, version: 2 },
    });
    const report = new Webhook(buyerHook.secret).verify(completed.body, {
      'webhook-id': String(completed.headers['webhook-id']),
      'webhook-timestamp': String(completed.headers['webhook-timestamp']),
      'webhook-signature': String(completed.headers['webhook-signature']),
    });
    expect(report).toMatchObject({ type: 'report.completed', data: { reportId: v2, version: 2 } });
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(buyerHook.secret).verify(retried.body, {
        'webhook-id': String(retried.headers['webhook-id']),
        'webhook-timestamp': String(retried.headers['webhook-timestamp']),
        'webhook-signature': String(retried.headers['webhook-signature']),
      }),
    ).toThrow();

    const log = await t.app.inject({
      url: `/api/v1/webhooks/${watcherHook.endpoint.id}/deliveries`,
      headers: { authorization: `Bearer ${watcherKey}` },
    });
    const [entry] = webhookDeliveryListSchema.parse(log.json()).deliveries;
    expect(entry).toMatchObject({
      event: 'watchlist.changed',
      attempts: 2,
      lastStatus: 200,
      lastResponse: 'thanks',
    });
    expect(entry!.deliveredAt).not.toBeNull();
  });

  it('signs exactly as the spec example does', () => {
    // The Standard Webhooks reference example (spec, "Signature scheme").
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});
