import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

// Forgot-password limits (issue 14): per caller address (through @fastify/rate-limit on the
// route) and per email address (here), so nobody can flood one inbox from many addresses.
// In memory, like the other rate limits: with several web processes each counts on its own.
export const FORGOT_PASSWORD_LIMITS = {
  perAddress: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} as const;

export class FixedWindowLimiter {
  private readonly windows: LRUCache<string, { count: number; resetAt: number }>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.windows = new LRUCache({ max: 50_000, ttl: windowMs });
  }

  /** Counts one attempt for the key; answers how long to wait when it is over the limit. */
  hit(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterMs: number } {
    // Emails are kept only as hashes in memory.
    const id = createHash('sha256').update(key).digest('base64url');
    const window = this.windows.get(id);
    if (!window || window.resetAt <= now) {
      this.windows.set(id, { count: 1, resetAt: now + this.windowMs });
      return { allowed: true };
    }
    window.count += 1;
    if (window.count > this.max) return { allowed: false, retryAfterMs: window.resetAt - now };
    return { allowed: true };
  }
}
