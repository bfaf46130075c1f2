import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../../contract/payments';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// "Download your data" holds the account's API use: keys with their requests per day (never the
// key's hash), credit packs and what the credits paid for, webhook endpoints (never the signing
// secret) and their deliveries with the endpoint's answers. Made through the real routes.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RESEARCH_DATA: 'offline',
    API_CREDIT_PACK_CREDITS: '3',
    API_CREDIT_PACK_PRICE_USD: '12.50',
  });
});
afterAll(async () => {
  await t.close();
});

async function buyCreditPack(user: SignedInUser) {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { purchaseType: 'credit_pack' },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/card-payment',
    headers: { cookie: user.cookie },
    payload: { paymentIntentId: intent.json().paymentIntentId, cardNumber: SANDBOX_CARDS.succeeds },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('the data export', () => {
  it('lists API keys with usage, credits bought and spent, and webhooks with deliveries, without secrets', async () => {
    const user = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      headers: { cookie: user.cookie },
      payload: { name: 'research bot', scopes: ['reports:read', 'reports:buy', 'webhooks'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, apiKey } = created.json() as { key: string; apiKey: { prefix: string } };
    const bearer = { authorization: `Bearer ${key}` };

    await buyCreditPack(user);
    const search = await t.app.inject({ url: '/api/v1/assets?q=bitcoin', headers: bearer });
    expect(search.statusCode).toBe(200);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reports',
      headers: { ...bearer, 'idempotency-key': 'export-1' },
      payload: { assetId: 'bitcoin' },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: bearer,
      payload: { url: 'https://93.184.215.14/hooks/crow', events: ['report.completed'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const { endpoint, secret } = hook.json() as { endpoint: { id: number }; secret: string };
    // A delivery as the job logs it after the endpoint answered.
    await t.ctx.db.insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      messageId: 'msg_report_completed_1',
      event: 'report.completed',
      payload: { type: 'report.completed', data: { reportId: 1 } },
      attempts: 2,
      lastStatus: 200,
      lastResponse: 'thanks',
      deliveredAt: new Date(),
    });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    const data = JSON.parse(text);
    const today = new Date().toISOString().slice(0, 10);

    expect(data.api.keys).toEqual([
      {
        name: 'research bot',
        prefix: apiKey.prefix,
        scopes: ['reports:read', 'reports:buy', 'webhooks'],
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        replacedUntil: null,
        revokedAt: null,
        requestsPerDay: [{ day: today, requests: 3 }], // the search, the purchase, the webhook
      },
    ]);
    expect(data.api.credits.balance).toBe(2);
    expect(data.api.credits.packs).toEqual([
      expect.objectContaining({ credits: 3, amountUsd: '12.50', paymentMethod: 'card', status: 'completed' }),
    ]);
    expect(
      data.api.credits.entries.map((e: { delta: number; reason: string }) => [e.delta, e.reason]),
    ).toEqual([
      [3, 'pack_bought'],
      [-1, 'report_bought'],
    ]);
    expect(data.api.credits.entries[1].purchaseId).toBe(bought.json().purchaseId);
    expect(data.api.webhooks).toEqual([
      {
        url: 'https://93.184.215.14/hooks/crow',
        events: ['report.completed'],
        createdAt: expect.any(String),
        deliveries: [
          expect.objectContaining({
            messageId: 'msg_report_completed_1',
            event: 'report.completed',
            attempts: 2,
            lastStatus: 200,
            lastResponse: 'thanks',
            deliveredAt: expect.any(String),
          }),
        ],
      },
    ]);
    // Credentials are not data about the user: neither the key, its hash nor the signing secret.
    expect(text).not.toContain(key);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/secret_?hash/i);
    expect(text).not.toContain('whsec_');
  });
});
