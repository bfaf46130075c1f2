import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SANDBOX_CARDS } from '../contract/payments';
import { freePort, withDatabase } from './testing/postgres';
import { NO_REDIS_TITLE, testRedisUrl } from './testing/redis';
import { STRONG_PASSWORD } from './testing/users';

// Scale-out as an operator runs it: two ROLE=web processes and one ROLE=worker, the
// real entry point each, on one PostgreSQL (this file's throwaway database). Users are served by
// whichever web process the load balancer picks; this test alternates between them on purpose.

let databaseUrl: string;
let admin: pg.Client;
/** A connection to the test database, for checks the API does not show. */
let database: pg.Client;
const processes: ChildProcess[] = [];
let webA: string;
let webB: string;
const redisUrl = await testRedisUrl('scale-out.test.ts');
/** Sign-in attempts per account before 429, counted across both web processes through Redis. */
const LOGIN_LIMIT = 4;

/** Starts `node --import tsx server/main.ts` with a role; resolves when it says it is ready. */
function startProcess(role: 'web' | 'worker', extraEnv: Record<string, string> = {}): Promise<string> {
  return (async () => {
    const port = await freePort();
    const {
      DATABASE_URL: _db,
      STRIPE_SECRET_KEY: _s,
      STRIPE_PUBLISHABLE_KEY: _p,
      ...parentEnv
    } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...parentEnv,
        NODE_ENV: 'test',
        ROLE: role,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        RESEARCH_DATA: 'offline',
        // With DATABASE_URL the sandbox must be asked for (decision 0070).
        ENABLE_SANDBOX: 'true',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const giveUp = setTimeout(() => reject(new Error(`${role} process not ready: ${output}`)), 120_000);
      const timer = setInterval(() => {
        if (output.includes(' ready in ')) {
          clearInterval(timer);
          clearTimeout(giveUp);
          resolve();
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`${role} process exited with ${code}: ${output}`));
      });
    });
    return `http://127.0.0.1:${port}`;
  })();
}

beforeAll(async () => {
  const templateUrl = inject('templateDatabaseUrl');
  const name = `crow_scale_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name} template ${new URL(templateUrl).pathname.slice(1)}`);
  databaseUrl = withDatabase(templateUrl, name);
  database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const shared: Record<string, string> = redisUrl
    ? { REDIS_URL: redisUrl, LOGIN_ACCOUNT_RATE_LIMIT: String(LOGIN_LIMIT) }
    : {};
  [webA, webB] = await Promise.all([
    startProcess('web', shared),
    startProcess('web', shared),
    startProcess('worker'),
  ]);
}, 150_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database.end();
  await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await admin.end();
});

async function call(
  origin: string,
  path: string,
  init: { cookie?: string; body?: unknown; method?: string } = {},
) {
  return fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function register(origin: string): Promise<string> {
  const username = `scale_${randomUUID().slice(0, 8)}`;
  const response = await call(origin, '/api/auth/register', {
    body: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    },
  });
  expect(response.status).toBe(201);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('session_id='))!;
  return cookie.split(';')[0]!;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('two web processes and one worker on one PostgreSQL', () => {
  it('a session made on one web process is valid on the other, and a logout on one ends it on the other within 1 s', async () => {
    const cookie = await register(webA);
    expect((await call(webB, '/api/auth/me', { cookie })).status).toBe(200);
    // Web B now holds the session in its cache; the logout on A must evict it there.
    expect((await call(webB, '/api/auth/me', { cookie })).status).toBe(200);
    const loggedOutAt = Date.now();
    expect((await call(webA, '/api/auth/logout', { cookie, body: {} })).status).toBeLessThan(400);
    const status = await until(
      async () => (await call(webB, '/api/auth/me', { cookie })).status,
      (code) => code === 401,
      1_000,
    );
    expect(status).toBe(401);
    expect(Date.now() - loggedOutAt).toBeLessThan(1_000);
  });

  it('a sandbox card payment started on one web process completes on the other; the worker researches it once', async () => {
    const cookie = await register(webA);
    const intent = await call(webA, '/api/create-payment-intent', {
      cookie,
      body: { purchaseType: 'new_report', assetName: 'Cardano' },
    });
    expect(intent.status).toBe(200);
    const { paymentIntentId } = (await intent.json()) as { paymentIntentId: string };

    const paid = await call(webB, '/api/sandbox/card-payment', {
      cookie,
      body: { paymentIntentId, cardNumber: SANDBOX_CARDS.succeeds },
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'succeeded', paymentIntentId });

    // Web A learns of the purchase by notification and lists it; the worker completes the research.
    const mine = await until(
      async () =>
        (await (await call(webA, '/api/my-reports', { cookie })).json()) as Array<{
          reportId: number;
          report_status: string;
        }>,
      (items) => items[0]?.report_status === 'completed',
      25_000,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.report_status).toBe('completed');
    const report = await call(webB, `/api/reports/${mine[0]!.reportId}`, { cookie });
    expect(((await report.json()) as { progressData: unknown[] }).progressData).toHaveLength(12);

    const jobs = await database.query<{ name: string; state: string; retry_count: number }>(
      `select name, state, retry_count from ${ALL_JOBS} where name = 'research'`,
    );
    expect(jobs.rows).toEqual([{ name: 'research', state: 'completed', retry_count: 0 }]);
  });

  it('no job of any kind ran twice', async () => {
    const retried = await database.query(
      `select name, state, retry_count from ${ALL_JOBS} where retry_count > 0 or state = 'failed'`,
    );
    expect(retried.rows).toEqual([]);
  });

  it.runIf(redisUrl)(
    `with Redis, one account's sign-in limit is counted across both web processes (${redisUrl ?? NO_REDIS_TITLE})`,
    async () => {
      const cookie = await register(webA);
      const me = await (await call(webA, '/api/auth/me', { cookie })).json();
      const attempt = (origin: string) =>
        call(origin, '/api/auth/login', { body: { email: me.user.email, password: 'Wrong#Pass1' } });
      // Alternating processes: each alone has seen at most half the attempts.
      for (let i = 0; i < LOGIN_LIMIT; i++) {
        expect((await attempt(i % 2 ? webB : webA)).status).toBe(401);
      }
      expect((await attempt(webA)).status).toBe(429);
      expect((await attempt(webB)).status).toBe(429);
    },
  );
});

/** pg-boss keeps jobs in pgboss.job and moves finished ones to pgboss.archive later: both count. */
const ALL_JOBS =
  '(select name, state, retry_count from pgboss.job union all select name, state, retry_count from pgboss.archive) jobs';
