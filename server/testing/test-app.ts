import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildWebApp } from '../app';
import { loadConfig } from '../config';
import type { AppContext, WebContext } from '../context';
import { connectDatabase } from '../db/client';
import { startQueue } from '../jobs/queue';
import { createAppContext } from '../providers';
import { withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The context the app's routes were given: its change feed and session cache. */
  web: WebContext;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh database copied from the migrated template, and the real app on top of it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const templateUrl = inject('templateDatabaseUrl');
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `crow_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const databaseUrl = withDatabase(templateUrl, name);

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    // Tests act as a few users in quick succession; limit tests set their own numbers.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: '1000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '1000',
    CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE: '1000',
    CARDANO_CREATE_RATE_LIMIT_PER_MINUTE: '1000',
    ASSET_SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
    API_AUTH_FAILURES_PER_MINUTE: '1000',
    // Tests run on DATABASE_URL, where the sandbox needs to be asked for (never in production).
    ...(env.NODE_ENV === 'production' ? {} : { ENABLE_SANDBOX: 'true' }),
    ...env,
  });
  const log = pino({ level: 'silent' });
  const handle = connectDatabase(databaseUrl, 5);
  const queue = await startQueue({ databaseUrl, runsWorkers: false, log });
  const ctx = createAppContext({ config, db: handle.db, queue, log });
  const { app, web } = await buildWebApp(ctx);
  await app.ready();

  return {
    app,
    ctx,
    web,
    databaseUrl,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, wait: true });
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
