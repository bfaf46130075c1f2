import { sql } from 'drizzle-orm';
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

describe('GET /api/health/live and /api/health/ready', () => {
  it('answers liveness without touching the database', async () => {
    const unreachable = connectDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, 1);
    const app = await buildApp({ ...t.ctx, db: unreachable.db, log: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'ok' });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('is ready when the database answers, migrations are current and the queue is started', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { process: 'ok', database: 'ok', migrations: 'ok', queue: 'ok' },
      failing: [],
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database when it cannot be reached', async () => {
    const unreachable = connectDatabase(`postgres://postgres@127.0.0.1:${await freePort()}/nowhere`, 1);
    const app = await buildApp({ ...t.ctx, db: unreachable.db, log: pino({ level: 'silent' }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().failing).toEqual(expect.arrayContaining(['database', 'migrations']));
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('answers 503 naming the migrations when the database is behind this build', async () => {
    const newest = sql`(select max(id) from drizzle.__drizzle_migrations)`;
    const { rows } = await t.ctx.db.execute<{ hash: string; created_at: string }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations where id = ${newest}`,
    );
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest}`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        failing: ['migrations'],
        checks: { migrations: expect.stringMatching(/^1 of \d+ migrations not applied$/) },
      });
    } finally {
      await t.ctx.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${rows[0]!.hash}, ${rows[0]!.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('answers 503 naming the process as soon as shutdown begins, while liveness still answers', async () => {
    const app = await buildApp({
      ...t.ctx,
      lifecycle: { shuttingDown: true },
      log: pino({ level: 'silent' }),
    });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ failing: ['process'], checks: { process: 'shutting down' } });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('names Redis when REDIS_URL is set and it does not answer', async () => {
    const app = await buildApp({
      ...t.ctx,
      config: { ...t.ctx.config, REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
      log: pino({ level: 'silent' }),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().failing).toEqual(['redis']);
    } finally {
      await app.close();
    }
  });
});
