import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createAppContext } from '../providers';
import { grantNewReport } from '../testing/grant';
import { NO_REDIS_TITLE, testRedisUrl } from '../testing/redis';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { redisConnectionName } from './rate-limits';

// Two web processes behind one load balancer must count one login limit together (Redis found
// by server/testing/redis.ts; required on CI).

const redisUrl = await testRedisUrl('rate-limits-redis.test.ts');

describe.runIf(redisUrl)(`shared rate limits on Redis (${redisUrl ?? NO_REDIS_TITLE})`, () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ REDIS_URL: redisUrl!, LOGIN_ACCOUNT_RATE_LIMIT: '3' });
  });
  afterAll(() => first?.close());

  it('two app instances with the same REDIS_URL share the login limit', async () => {
    // A second web process: its own app and Redis connection on the same database and Redis.
    const second = await buildApp(
      createAppContext({ ...first.ctx, config: loadConfig({ ...configEnv(first), REDIS_URL: redisUrl! }) }),
    );
    try {
      // A fresh account per run, so counts left in Redis by an earlier run never interfere.
      const email = `shared-${randomUUID()}@example.com`;
      const attempt = (app: typeof second) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Wrong#Pass1' } });
      expect((await attempt(first.app)).statusCode).toBe(401);
      expect((await attempt(second)).statusCode).toBe(401);
      expect((await attempt(first.app)).statusCode).toBe(401);
      // The fourth attempt overall is refused by the process that saw only one of them.
      expect((await attempt(second)).statusCode).toBe(429);
      expect((await attempt(first.app)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it("two app instances count one user's open report streams together", async () => {
    const config = loadConfig({
      ...configEnv(first),
      REDIS_URL: redisUrl!,
      REPORT_EVENT_STREAMS_PER_USER: '1',
    });
    const one = await buildApp(createAppContext({ ...first.ctx, config }));
    const two = await buildApp(createAppContext({ ...first.ctx, config }));
    const originOf = async (app: typeof one) => {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };
    try {
      const [oneOrigin, twoOrigin] = [await originOf(one), await originOf(two)];
      const buyer = await signUp(first.app);
      const { reportId } = await grantNewReport(first.ctx.db, first.ctx.queue, buyer.user.id, 'litecoin');
      const open = (origin: string) => {
        const controller = new AbortController();
        const response = fetch(`${origin}/api/reports/${reportId}/events`, {
          headers: { cookie: buyer.cookie },
          signal: controller.signal,
        });
        return { response, close: () => controller.abort() };
      };
      const held = open(oneOrigin);
      expect((await held.response).status).toBe(200);
      // The other process has never seen this user's stream, yet refuses a second one.
      const second = open(twoOrigin);
      const refused = await second.response;
      if (refused.status !== 429) second.close(); // an open stream never ends by itself
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      held.close();
      await expect
        .poll(
          async () => {
            const again = open(twoOrigin);
            const status = (await again.response).status;
            again.close();
            return status;
          },
          { timeout: 3_000 },
        )
        .toBe(200);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('closes its Redis connection when the app closes', async () => {
    const app = await buildApp(
      createAppContext({ ...first.ctx, config: loadConfig({ ...configEnv(first), REDIS_URL: redisUrl! }) }),
    );
    await app.ready();
    const clients = async () => {
      const admin = new Redis(redisUrl!);
      try {
        const list = String(await admin.client('LIST'));
        return list.split('\n').filter((line) => line.includes(`name=${redisConnectionName()} `)).length;
      } finally {
        admin.disconnect();
      }
    };
    await expect.poll(clients, { timeout: 2_000 }).toBe(2); // this app's and the first app's
    await app.close();
    await expect.poll(clients, { timeout: 2_000 }).toBe(1);
  });
});

/** The first app's settings as environment, so the second instance is configured the same way. */
function configEnv(t: TestApp): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: t.databaseUrl,
    ENABLE_SANDBOX: 'true',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_ACCOUNT_RATE_LIMIT: String(t.ctx.config.LOGIN_ACCOUNT_RATE_LIMIT),
  };
}
