import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How many live report views (event streams) each user may hold open at once. A slot is taken
 * before a stream opens and given back when it ends. With Redis every web process counts in one
 * place; without it each process counts for itself.
 */
export interface StreamSlots {
  /** A slot id, or null when all the user's slots are in use. */
  take(userId: number): Promise<string | null>;
  give(userId: number, slot: string): Promise<void>;
}

/** Counts in this process only (no REDIS_URL). */
export class LocalStreamSlots implements StreamSlots {
  private readonly open = new Map<number, Set<string>>();

  constructor(private readonly perUser: number) {}

  async take(userId: number): Promise<string | null> {
    const slots = this.open.get(userId) ?? new Set<string>();
    if (slots.size >= this.perUser) return null;
    const slot = randomUUID();
    slots.add(slot);
    this.open.set(userId, slots);
    return slot;
  }

  async give(userId: number, slot: string): Promise<void> {
    const slots = this.open.get(userId);
    slots?.delete(slot);
    if (slots?.size === 0) this.open.delete(userId);
  }
}

// One sorted set per user: member = slot id, score = when the slot lapses. Expired slots (a web
// process that died with streams open) are dropped before counting; all in one atomic script.
const TAKE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

/** Counts in Redis, shared by every web process (REDIS_URL). */
export class RedisStreamSlots implements StreamSlots {
  /**
   * @param holdMs how long a slot lasts if it is never given back: a little over a stream's
   *   longest life, since streams end at their maximum age and the browser reconnects.
   * @param onError a Redis failure lets the stream open (as every other limit does) and is reported.
   */
  constructor(
    private readonly redis: Redis,
    private readonly perUser: number,
    private readonly holdMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  private key(userId: number): string {
    return `crow:stream-slots:${userId}`;
  }

  async take(userId: number): Promise<string | null> {
    const slot = randomUUID();
    const now = Date.now();
    try {
      const taken = await this.redis.eval(
        TAKE_SLOT,
        1,
        this.key(userId),
        now,
        this.perUser,
        now + this.holdMs,
        slot,
        this.holdMs,
      );
      return taken === 1 ? slot : null;
    } catch (error) {
      this.onError(error);
      return slot;
    }
  }

  async give(userId: number, slot: string): Promise<void> {
    try {
      await this.redis.zrem(this.key(userId), slot);
    } catch (error) {
      this.onError(error);
    }
  }
}
