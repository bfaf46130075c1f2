import autocannon from 'autocannon';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { startQueue } from '../server/jobs/queue';
import { createAppContext } from '../server/providers';
import { startThrowawayPostgres, withDatabase } from '../server/testing/postgres';

/** A running app on a throwaway database: DATABASE_URL's server when set, else embedded. */
export async function startBenchApp(env: Record<string, string> = {}) {
  const { serverUrl, stop: stopServer } = await startThrowawayPostgres('bench');
  const name = `crow_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const databaseUrl = withDatabase(serverUrl, name);
  await runMigrations(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LOGIN_ACCOUNT_RATE_LIMIT: '100000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    CARDANO_CREATE_RATE_LIMIT_PER_MINUTE: '100000',
    ASSET_SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    ENABLE_SANDBOX: 'true',
    ...env,
  });
  const log = pino({ level: 'silent' });
  const handle = connectDatabase(databaseUrl, config.DATABASE_POOL_SIZE);
  const queue = await startQueue({ databaseUrl, runsWorkers: false, log });
  const ctx = createAppContext({ config, db: handle.db, queue, log });
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    ctx,
    baseUrl,
    databaseUrl,
    async stop() {
      await app.close();
      await queue.stop({ graceful: false, wait: true });
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await stopServer();
    },
  };
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time of this process per answered request, load generator included: on a busy shared
   * machine it moves far less than req/s does, since waiting for a core costs no CPU time.
   */
  cpuUsPerRequest: number;
}

/** Runs autocannon against one URL for a fixed time and returns the figures that matter. */
export async function load(
  label: string,
  url: string,
  options: { seconds?: number; connections?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    duration: options.seconds ?? 8,
    connections: options.connections ?? 20,
    headers: options.headers,
  });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    label,
    cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total),
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[], baseline: LoadResult) {
  console.info(
    '| route | req/s | p99 ms | errors | non-2xx | vs bare route | CPU µs/req | bare CPU / this CPU |',
  );
  console.info('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const ratio = ((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0);
    const cpuRatio = ((baseline.cpuUsPerRequest / row.cpuUsPerRequest) * 100).toFixed(0);
    console.info(
      `| ${row.label} | ${row.requestsPerSecond} | ${row.p99Ms} | ${row.errors} | ${row.non2xx} | ${ratio}% | ${row.cpuUsPerRequest.toFixed(0)} | ${cpuRatio}% |`,
    );
  }
}
