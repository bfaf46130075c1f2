import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createAppContext } from '../../providers';
import { NO_REDIS_TITLE, testRedisUrl } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';

// Two web processes with one REDIS_URL count an API key's per-minute limit together, and the
// failed key attempts of an address (decision 0375).

const redisUrl = await testRedisUrl('api-v1/rate-limit-redis.test.ts');

describe.runIf(redisUrl)(`per-key API limits on Redis (${redisUrl ?? NO_REDIS_TITLE})`, () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp({
      REDIS_URL: redisUrl!,
      API_RATE_LIMIT_PER_MINUTE: '4',
      API_AUTH_FAILURES_PER_MINUTE: '3',
    });
  });
  afterAll(() => first?.close());

  it('a key used through two processes is refused after the shared limit', async () => {
    const second = await buildApp(
      createAppContext({
        ...first.ctx,
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          DATABASE_URL: first.databaseUrl,
          ENABLE_SANDBOX: 'true',
          REDIS_URL: redisUrl!,
          API_RATE_LIMIT_PER_MINUTE: '4',
          API_AUTH_FAILURES_PER_MINUTE: '3',
        }),
      }),
    );
    try {
      const user = await signUp(first.app);
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: { cookie: user.cookie },
        payload: { name: 'shared', scopes: ['watchlist'] },
      });
      const key = created.json().key as string;
      const call = (app: typeof second) =>
        app.inject({ url: '/api/v1/watchlist', headers: { authorization: `Bearer ${key}` } });
      const codes = [];
      for (const app of [first.app, second, first.app, second, first.app])
        codes.push((await call(app)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 429]);
      const refused = await call(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);

      // Wrong keys from one address, spread over both processes, run out together.
      const wrong = (app: typeof second) =>
        app.inject({
          url: '/api/v1/watchlist',
          remoteAddress: '203.0.113.50',
          headers: { authorization: `Bearer ${key.slice(0, -3)}zzz` },
        });
      const failures = [];
      for (const app of [first.app, second, first.app, second]) failures.push((await wrong(app)).statusCode);
      expect(failures).toEqual([401, 401, 401, 429]);
    } finally {
      await second.close();
    }
  });
});
