import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { buildApp } from './app';
import { createLogger, redactUrl } from './logger';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request logs', () => {
  it('never contain Stripe’s payment_intent_client_secret or other secret query values', async () => {
    const lines: string[] = [];
    const log = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { write: (line) => lines.push(line) });
    const app = await buildApp({ ...t.ctx, log });
    try {
      // Where Stripe sends the buyer back after 3-D Secure.
      await app.inject({
        method: 'GET',
        url: '/checkout?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_XYZ&redirect_status=succeeded',
      });
      await app.inject({ method: 'GET', url: '/api/health?access_token=tok_ABC&reset%5Ftoken=rt_DEF' });
    } finally {
      await app.close();
    }
    const output = lines.join('');
    expect(output).toContain('/checkout?payment_intent=pi_123&payment_intent_client_secret=[REDACTED]');
    expect(output).toContain('redirect_status=succeeded');
    expect(output).not.toContain('secret_XYZ');
    expect(output).not.toContain('tok_ABC');
    expect(output).not.toContain('rt_DEF');
  });

  it('redactUrl keeps URLs without secrets unchanged', () => {
    expect(redactUrl('/api/reports/5')).toBe('/api/reports/5');
    expect(redactUrl('/api/assets/search?q=bit&limit=8')).toBe('/api/assets/search?q=bit&limit=8');
    expect(redactUrl('/x?flag&client_secret=')).toBe('/x?flag&client_secret=[REDACTED]');
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
