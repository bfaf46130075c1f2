import { LRUCache } from 'lru-cache';
import type { CurrentUser } from '../../contract/auth';
import { type ChangeFeed, SESSION_REVOKED_CHANNEL } from '../db/change-feed';

export interface CachedSession {
  user: CurrentUser;
  expiresAt: number;
}

/** What the cache needs of the process's change feed. */
type RevocationFeed = Pick<ChangeFeed, 'healthy' | 'on' | 'onReset' | 'notify'>;

/**
 * Recently seen sessions, so polling clients do not cost a database round trip per request.
 * A logout in any web process evicts the session everywhere at once through the process's
 * change feed (PostgreSQL LISTEN/NOTIFY); entries live 30 s at most besides. While the feed is
 * not listening, nothing is cached, and everything is dropped when it reconnects.
 *
 * A lookup that was in flight while a session was revoked must not put it back: callers take a
 * ticket (`lookupStarted`) before reading the database and `set` ignores a stale ticket.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({ max: 20_000, ttl: 30_000 });
  /** Counts revocations seen by this process (own logouts, other processes', feed resets). */
  private revocations = 0;

  constructor(private readonly feed: RevocationFeed) {
    feed.on(SESSION_REVOKED_CHANNEL, (sessionId) => this.evict(sessionId));
    feed.onReset(() => {
      this.revocations += 1;
      this.entries.clear();
    });
  }

  get(sessionId: string): CachedSession | undefined {
    if (!this.feed.healthy) return undefined;
    const entry = this.entries.get(sessionId);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** A ticket to take before looking a session up in the database; pass it to `set`. */
  lookupStarted(): number {
    return this.revocations;
  }

  /** Caches the entry unless a revocation happened since the lookup began (it may be this one). */
  set(sessionId: string, entry: CachedSession, ticket: number): void {
    if (this.feed.healthy && ticket === this.revocations) this.entries.set(sessionId, entry);
  }

  private evict(sessionId: string): void {
    this.revocations += 1;
    this.entries.delete(sessionId);
  }

  /** Evicts here and tells every other process to do the same. */
  async revoke(sessionId: string): Promise<void> {
    this.evict(sessionId);
    await this.feed.notify(SESSION_REVOKED_CHANNEL, sessionId);
  }

  close(): void {
    this.entries.clear();
  }
}
