import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './features/card-payments/fake-stripe';
import { withDatabase } from './testing/global-setup';
import { freePort } from './testing/postgres';
import { STRONG_PASSWORD } from './testing/users';

// A hole now closed: a server on a real database with live Stripe keys and no NODE_ENV
// used to run a simulated Cardano chain whose "Simulate incoming payment" gave reports away.
// Here the real entry point runs as an operator would start it, and no sandbox may show anywhere.

let fake: FakeStripe;
let server: ChildProcess;
let baseUrl: string;
let admin: pg.Client;
const databaseName = `crow_modes_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

beforeAll(async () => {
  fake = await startFakeStripe();
  const templateUrl = inject('templateDatabaseUrl');
  admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${databaseName} template ${new URL(templateUrl).pathname.slice(1)}`);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const { NODE_ENV: _nodeEnv, ENABLE_SANDBOX: _sandbox, ...parentEnv } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...parentEnv,
      ROLE: 'web',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: withDatabase(templateUrl, databaseName),
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_modes',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_modes',
      STRIPE_WEBHOOK_SECRET: 'whsec_modes',
      STRIPE_API_BASE: fake.url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not start: ${stderr}`);
}, 60_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
  await fake?.close();
});

describe('a server with DATABASE_URL and Stripe keys and no NODE_ENV', () => {
  it('reports card payments live and Cardano unavailable in /api/config and /api/health', async () => {
    const config = await (await fetch(`${baseUrl}/api/config`)).json();
    expect(config).toMatchObject({ cardPayments: 'live', cardanoPayments: 'unavailable' });
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    expect(health.payments).toEqual({ card: 'live', cardano: 'unavailable' });
    expect(JSON.stringify({ config, health })).not.toContain('sandbox');
  });

  it('refuses the sandbox card, Cardano payments and the Cardano simulate endpoint', async () => {
    const headers = { 'content-type': 'application/json', origin: baseUrl };
    const registered = await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        username: 'modes_buyer',
        email: 'modes_buyer@example.com',
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      }),
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const signedIn = { ...headers, cookie };

    const cardano = await fetch(`${baseUrl}/api/cardano/create-payment`, {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ amount: 9.98, currency: 'ADA', description: 'd', researchAsset: 'Bitcoin' }),
    });
    expect(cardano.status).toBe(503);
    const simulated = await fetch(`${baseUrl}/api/cardano/sandbox/simulate-payment/1`, {
      method: 'POST',
      headers: { origin: baseUrl, cookie },
    });
    expect(simulated.status).toBe(403);
    const sandboxCard = await fetch(`${baseUrl}/api/sandbox/card-payment`, {
      method: 'POST',
      headers: signedIn,
      body: JSON.stringify({ paymentIntentId: 'pi_sandbox_x', cardNumber: '4242424242424242' }),
    });
    expect(sandboxCard.status).toBe(404);
  });
});
