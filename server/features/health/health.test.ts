import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { connectDatabase } from '../../db/client';
import { freePort } from '../../testing/postgres';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports database and queue as ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: 'ok',
      queue: 'ok',
      payments: { card: 'sandbox', cardano: 'sandbox' },
    });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const unreachable = connectDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, 1);
    const app = await buildApp({ ...t.ctx, db: unreachable.db, log: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('sends the fixed security headers on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBeUndefined();
  });
});
