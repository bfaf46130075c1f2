import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWebhookListSchema,
  createdWebhookSchema,
  WEBHOOK_MESSAGES,
  webhookDeliveryListSchema,
} from '../../../contract/webhooks';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// The account page's webhooks, through the signed-in session: the same endpoints a key manages
// on /api/v1/webhooks, listed with the newest delivery, the delivery log, deletion; another
// account's endpoint is not found.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline', ENABLE_SANDBOX: 'false' });
});
afterAll(async () => {
  await t.close();
});

const call = (user: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

describe('webhooks on the account page', () => {
  it('registers, lists with the newest delivery, shows the log and deletes; the secret only in the first answer', async () => {
    const owner = await signUp(t.app);
    const refused = await call(owner, 'POST', '/api/account/webhooks', {
      url: 'http://example.com/hook',
      events: ['report.completed'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.httpsOnly);
    const noEvents = await call(owner, 'POST', '/api/account/webhooks', {
      url: 'https://example.com/h',
      events: [],
    });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().message).toContain(WEBHOOK_MESSAGES.eventsRequired);

    const created = await call(owner, 'POST', '/api/account/webhooks', {
      url: 'https://93.184.215.14/hooks/crow',
      events: ['report.completed', 'watchlist.changed'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = createdWebhookSchema.parse(created.json());
    expect(secret).toMatch(/^whsec_/);

    let listed = accountWebhookListSchema.parse((await call(owner, 'GET', '/api/account/webhooks')).json());
    expect(listed.endpoints).toEqual([{ ...endpoint, lastDelivery: null }]);

    await t.ctx.db.insert(webhookDeliveries).values([
      {
        endpointId: endpoint.id,
        messageId: 'msg_a',
        event: 'report.completed',
        payload: {},
        attempts: 1,
        lastStatus: 200,
        lastResponse: 'ok',
        deliveredAt: new Date(),
      },
      {
        endpointId: endpoint.id,
        messageId: 'msg_b',
        event: 'watchlist.changed',
        payload: {},
        attempts: 2,
        lastStatus: 503,
        lastResponse: 'try later',
        lastError: 'endpoint answered 503',
      },
    ]);
    const listing = await call(owner, 'GET', '/api/account/webhooks');
    expect(listing.headers['cache-control']).toBe('no-store');
    expect(listing.body).not.toContain(secret);
    listed = accountWebhookListSchema.parse(listing.json());
    expect(listed.endpoints[0]!.lastDelivery).toMatchObject({
      event: 'watchlist.changed',
      attempts: 2,
      lastStatus: 503,
      deliveredAt: null,
    });
    const log = webhookDeliveryListSchema.parse(
      (await call(owner, 'GET', `/api/account/webhooks/${endpoint.id}/deliveries`)).json(),
    );
    expect(log.deliveries.map((d) => [d.messageId, d.lastStatus, d.lastResponse])).toEqual([
      ['msg_b', 503, 'try later'],
      ['msg_a', 200, 'ok'],
    ]);

    // Another account sees neither the log nor can delete the endpoint.
    const stranger = await signUp(t.app);
    expect((await call(stranger, 'GET', `/api/account/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(
      404,
    );
    expect((await call(stranger, 'DELETE', `/api/account/webhooks/${endpoint.id}`)).statusCode).toBe(404);

    expect((await call(owner, 'DELETE', `/api/account/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    listed = accountWebhookListSchema.parse((await call(owner, 'GET', '/api/account/webhooks')).json());
    expect(listed.endpoints).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/webhooks' })).statusCode).toBe(401);
  });
});
