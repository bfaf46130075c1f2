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
import { isPublicAddress } from './webhook-target';
import { deliverWebhook, fanOutReportCompleted, signWebhook } from './webhooks';

// Webhooks through the real routes and the delivery code the job runs: signed per the Standard
// Webhooks spec (checked with its reference library), retried after a failure, logged; private,
// loopback and IPv4-embedding URLs refused unless WEBHOOK_ALLOW_PRIVATE (loopback HOST only),
// the sandbox notwithstanding (issue 47).

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
  // A local trial: private receivers allowed, the server on loopback.
  t = await createTestApp({ RESEARCH_DATA: 'offline', WEBHOOK_ALLOW_PRIVATE: 'true', HOST: '127.0.0.1' });
  // A staging server: DATABASE_URL with the sandbox on, listening on every interface.
  strict = await createTestApp({ RESEARCH_DATA: 'offline', ENABLE_SANDBOX: 'true' });
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
    payload: { name: 'hooks', scopes: ['webhooks'] },
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
  it('with the sandbox on, as on staging: only https to public addresses, IPv4 inside IPv6 included', async () => {
    expect(strict.ctx.config.sandboxAllowed).toBe(true);
    const user = await signUp(strict.app);
    const key = await keyFor(strict, user);
    for (const url of ['http://example.com/hook', 'http://169.254.169.254/latest/meta-data/']) {
      const http = await register(strict, key, url, ['report.completed']);
      expect(http.statusCode, url).toBe(400);
      expect(http.json().message, url).toBe('Webhook endpoints must use https://.');
    }
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5:6379/',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/x',
      'https://[::ffff:169.254.169.254]/x', // IPv4-mapped
      'https://[::a9fe:a9fe]/x', // IPv4-compatible, ::/96
      'https://[64:ff9b::a9fe:a9fe]/x', // NAT64
      'https://[2002:a9fe:a9fe::1]/x', // 6to4
      'https://[fd00::1]/x',
    ]) {
      const refused = await register(strict, key, url, ['report.completed']);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toMatch(/private or loopback/);
    }
    const listed = await strict.app.inject({
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(listed.json().endpoints).toEqual([]);
    expect(isPublicAddress('192.168.1.10')).toBe(false);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('::ffff:169.254.169.254')).toBe(false);
    expect(isPublicAddress('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toBe(false); // Teredo
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:2800:21f:cb07:6820:80da:af6b:8b2c')).toBe(true);
  });

  it('a read-only key cannot register or delete webhooks; the webhooks scope can', async () => {
    const user = await signUp(t.app);
    const readOnly = (
      await t.app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: { cookie: user.cookie },
        payload: { name: 'reader', scopes: ['reports:read'] },
      })
    ).json().key as string;
    const onPage = await t.app.inject({
      method: 'POST',
      url: '/api/account/webhooks',
      headers: { cookie: user.cookie },
      payload: { url: receiverUrl, events: ['report.completed'] },
    });
    expect(onPage.statusCode, onPage.body).toBe(201);
    const id = onPage.json().endpoint.id as number;
    const made = await register(t, readOnly, receiverUrl, ['report.completed']);
    expect(made.statusCode).toBe(403);
    expect(made.json().message).toBe('This API key lacks the "webhooks" scope.');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/webhooks/${id}`,
      headers: { authorization: `Bearer ${readOnly}` },
    });
    expect(removed.statusCode).toBe(403);
    const mine = await t.app.inject({ url: '/api/account/webhooks', headers: { cookie: user.cookie } });
    expect(mine.json().endpoints.map((e: { id: number }) => e.id)).toEqual([id]);
    const scoped = await keyFor(t, user);
    expect((await register(t, scoped, receiverUrl, ['report.completed'])).statusCode).toBe(201);
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
    // A private receiver (allowed for a local trial) shows its status, never its answer's text.
    expect(entry).toMatchObject({
      event: 'watchlist.changed',
      attempts: 2,
      lastStatus: 200,
      lastResponse: null,
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
