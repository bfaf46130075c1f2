import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { CurrentUser } from '../../../contract/auth';

const REVOKED_CHANNEL = 'crow_session_revoked';

interface CachedSession {
  user: CurrentUser;
  expiresAt: number;
}

/**
 * Recently seen sessions, so polling clients do not cost a database round trip per request.
 * Entries live 30 s at most; a logout in any web process evicts the session everywhere at once
 * through PostgreSQL LISTEN/NOTIFY, so the short TTL only bounds a missed notification.
 *
 * A lookup that was in flight while a session was revoked must not put it back: callers take a
 * ticket (`lookupStarted`) before reading the database and `set` ignores a stale ticket.
 */
export class SessionCache {
  private readonly entries = new LRUCache<string, CachedSession>({ max: 20_000, ttl: 30_000 });
  private listener: pg.PoolClient | undefined;
  private enabled = true;
  /** Counts revocations seen by this process (own logouts and other processes' notifications). */
  private revocations = 0;

  get(sessionId: string): CachedSession | undefined {
    if (!this.enabled) return undefined;
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
    if (this.enabled && ticket === this.revocations) this.entries.set(sessionId, entry);
  }

  private evict(sessionId: string): void {
    this.revocations += 1;
    this.entries.delete(sessionId);
  }

  /** Evicts here and tells every other process to do the same. */
  async revoke(pool: pg.Pool, sessionId: string): Promise<void> {
    this.evict(sessionId);
    await pool.query('select pg_notify($1, $2)', [REVOKED_CHANNEL, sessionId]);
  }

  /** Without a working listener the cache stays off: correctness over speed. */
  async listen(pool: pg.Pool, log: Logger): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
      await client.query(`listen ${REVOKED_CHANNEL}`);
    } catch (error) {
      log.warn({ err: error }, 'session revocation listener unavailable; session cache disabled');
      this.enabled = false;
      return;
    }
    client.on('notification', (message) => {
      if (message.channel === REVOKED_CHANNEL && message.payload) this.evict(message.payload);
    });
    client.on('error', (error) => {
      // Without notifications, stale entries could outlive a logout: stop caching.
      log.warn({ err: error }, 'session revocation listener lost; session cache cleared');
      this.enabled = false;
      this.revocations += 1;
      this.entries.clear();
    });
    this.listener = client;
  }

  close(): void {
    this.listener?.release(true);
    this.listener = undefined;
    this.entries.clear();
  }
}
