import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { buildApp } from './app';
import { createLogger } from './logger';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never contain query parameters: Stripe’s client secret, tokens, search text', async () => {
    const lines: string[] = [];
    const log = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { write: (line) => lines.push(line) });
    const app = await buildApp({ ...t.ctx, log });
    try {
      // Where Stripe sends the buyer back after 3-D Secure.
      await app.inject({
        method: 'GET',
        url: '/checkout?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_XYZ&redirect_status=succeeded',
      });
      await app.inject({ method: 'GET', url: '/watchlist/unsubscribe?token=wl_token_ABC' });
      await app.inject({ method: 'GET', url: '/api/public-reports?q=my-private-search' });
    } finally {
      await app.close();
    }
    const output = lines.join('');
    expect(output).toContain('"url":"/checkout"');
    expect(output).toContain('"url":"/watchlist/unsubscribe"');
    for (const secret of ['pi_123', 'secret_XYZ', 'wl_token_ABC', 'my-private-search']) {
      expect(output).not.toContain(secret);
    }
  });

  it("never contain a failed query's parameter values, such as a token", async () => {
    const lines: string[] = [];
    const log = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { write: (line) => lines.push(line) });
    const failure = await t.ctx.db.execute(sql`select ${'reset-token-SECRET'}::integer`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    // How http/errors.ts and the job wrapper log a failure.
    log.error({ err: failure }, 'request failed');
    const [entry] = lines.map((line) => JSON.parse(line) as { err: { message: string; stack: string } });
    expect(entry?.err.message).toContain('Failed query: select $1::integer');
    expect(lines.join('')).not.toContain('SECRET');
  });
});

describe('every log line', () => {
  it('says which build (package version and commit) and which role wrote it', () => {
    const lines: string[] = [];
    const previous = process.env.GIT_COMMIT;
    process.env.GIT_COMMIT = '0123456789abcdef0123';
    try {
      const log = createLogger(
        { LOG_LEVEL: 'info', NODE_ENV: 'test', ROLE: 'worker' },
        { write: (line) => lines.push(line) },
      );
      log.info('job started');
      log.child({ jobId: 'x' }).warn('job slow');
    } finally {
      if (previous === undefined) delete process.env.GIT_COMMIT;
      else process.env.GIT_COMMIT = previous;
    }
    const version = `${packageJson.version}+0123456789ab`;
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ msg: 'job started', version, role: 'worker' }),
      expect.objectContaining({ msg: 'job slow', version, role: 'worker', jobId: 'x' }),
    ]);
  });
});
