import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createAppContext } from '../../providers';
import { NO_REDIS_TITLE, testRedisUrl } from '../../testing/redis';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';

// Two web processes with one REDIS_URL count an API key's per-minute limit together.

const redisUrl = await testRedisUrl('api-v1/rate-limit-redis.test.ts');

describe.runIf(redisUrl)(`per-key API limits on Redis (${redisUrl ?? NO_REDIS_TITLE})`, () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: redisUrl!, API_RATE_LIMIT_PER_MINUTE: '4' });
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
    } finally {
      await second.close();
    }
  });
});
