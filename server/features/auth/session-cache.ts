import { LRUCache } from 'lru-cache';
import type { CurrentUser } from '../../../contract/auth';
import { type ChangeFeed, SESSION_REVOKED_CHANNEL } from '../../db/change-feed';

interface CachedSession {
  user: CurrentUser;
  expiresAt: number;
}

/**
 * Recently seen sessions, so polling clients do not cost a database round trip per request.
 * A logout in any web process evicts the session everywhere at once through the process's
 * change feed (PostgreSQL LISTEN/NOTIFY); entries live 30 s at most besides. While the feed is
 * not listening, nothing is cached, and everything is dropped when it reconnects.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({ max: 20_000, ttl: 30_000 });

  constructor(private readonly feed: ChangeFeed) {
    feed.on(SESSION_REVOKED_CHANNEL, (sessionId) => this.entries.delete(sessionId));
    feed.onReset(() => this.entries.clear());
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

  set(sessionId: string, entry: CachedSession): void {
    if (this.feed.healthy) this.entries.set(sessionId, entry);
  }

  /** Evicts here and tells every other process to do the same. */
  async revoke(sessionId: string): Promise<void> {
    this.entries.delete(sessionId);
    await this.feed.notify(SESSION_REVOKED_CHANNEL, sessionId);
  }

  close(): void {
    this.entries.clear();
  }
}
