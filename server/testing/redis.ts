import { Redis } from 'ioredis';

// Tests of shared (Redis) rate limits run against REDIS_URL, or the local Redis at
// 127.0.0.1:6379 when it answers (this machine and CI have one). On CI a missing Redis is a
// failure, never a silent skip.

const LOCAL_REDIS = 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** The Redis to test against, or undefined (then the caller skips, saying why in its title). */
export async function testRedisUrl(file: string): Promise<string | undefined> {
  const url = process.env.REDIS_URL ?? ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);
  if (!url && process.env.CI) throw new Error(`${file}: CI needs Redis at REDIS_URL or ${LOCAL_REDIS}`);
  if (!url)
    console.warn(`${file}: no Redis at REDIS_URL or ${LOCAL_REDIS}; the shared-limit checks are skipped`);
  return url;
}

export const NO_REDIS_TITLE = `not run: no Redis at REDIS_URL or ${LOCAL_REDIS}`;
