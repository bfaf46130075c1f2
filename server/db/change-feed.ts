import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';

/** Channel of the change triggers (migration 0002): payload "purchase:<userId>", "report:<id>", "progress:<reportId>". */
export const CHANGES_CHANNEL = 'crow_changes';
/** Channel of session revocations (logout in any process). */
export const SESSION_REVOKED_CHANNEL = 'crow_session_revoked';
/** Channel of this feed's own markers (see sync). */
const SYNC_CHANNEL = 'crow_changes_sync';

export type Change =
  | { kind: 'purchase'; userId: number }
  | { kind: 'report'; reportId: number }
  | { kind: 'progress'; reportId: number };

export interface ChangeFeedOptions {
  /** How often the listener connection proves it is alive; a silent dead connection is a lost one. */
  pingMs?: number;
  /** Longest wait between reconnection attempts. */
  maxRetryMs?: number;
}

type NotificationHandler = (payload: string) => void;

/** Parses a trigger payload; null for anything else (treated as a missed notification). */
export function parseChange(payload: string): Change | null {
  const match = /^(purchase|report|progress):(\d{1,10})$/.exec(payload);
  if (!match) return null;
  const id = Number(match[2]);
  if (match[1] === 'purchase') return { kind: 'purchase', userId: id };
  return { kind: match[1] as 'report' | 'progress', reportId: id };
}

/**
 * The process's one PostgreSQL LISTEN connection, shared by everything that caches database
 * state (sessions, list versions, report event streams). Whatever the process holds is only
 * trusted while `healthy`: when the connection is lost, or a notification cannot be read,
 * every subscriber is told to drop what it holds (`onReset`), and the feed reconnects and
 * resets once more when it is listening again (changes made in between were not heard).
 */
export class ChangeFeed {
  private client: pg.PoolClient | undefined;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private readonly resetHandlers = new Set<() => void>();
  private pingTimer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = 0;
  private closed = false;
  /** Counts resets; tests and logs use it. */
  resets = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Logger,
    private readonly options: ChangeFeedOptions = {},
  ) {}

  /** True while notifications are being received: only then may database state be cached. */
  get healthy(): boolean {
    return this.client !== undefined;
  }

  on(channel: string, handler: NotificationHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Typed subscription to the change triggers' channel. */
  onChange(handler: (change: Change) => void): () => void {
    return this.on(CHANGES_CHANNEL, (payload) => {
      const change = parseChange(payload);
      if (change) handler(change);
      else this.reset(`unreadable change notification ${JSON.stringify(payload.slice(0, 60))}`);
    });
  }

  /** Called whenever cached state can no longer be trusted (lost connection, missed notification). */
  onReset(handler: () => void): () => void {
    this.resetHandlers.add(handler);
    return () => this.resetHandlers.delete(handler);
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [channel, payload]);
  }

  /**
   * Resolves once every change committed before the call has been heard. PostgreSQL delivers
   * notifications in commit order, so hearing a marker sent now means everything before it arrived.
   */
  async sync(timeoutMs = 5_000): Promise<void> {
    const marker = randomUUID();
    let stop = () => {};
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('change feed did not hear its marker')), timeoutMs);
      const off = this.on(SYNC_CHANNEL, (payload) => {
        if (payload === marker) resolve();
      });
      stop = () => {
        clearTimeout(timer);
        off();
      };
    });
    try {
      await this.notify(SYNC_CHANNEL, marker);
      await heard;
    } finally {
      stop();
    }
  }

  /** Connects and listens; on failure the feed stays unhealthy (nothing cached) and keeps retrying. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      await client.query("set application_name = 'crow_change_listener'");
      for (const channel of [CHANGES_CHANNEL, SESSION_REVOKED_CHANNEL, SYNC_CHANNEL]) {
        await client.query(`listen ${channel}`);
      }
    } catch (error) {
      client?.release(true);
      this.log.warn({ err: error }, 'change listener unavailable; caches stay off until it reconnects');
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      client.release(true);
      return;
    }
    const listener = client;
    listener.on('notification', (message) => {
      const handlers = this.handlers.get(message.channel);
      if (!handlers || message.payload === undefined) return;
      for (const handler of handlers) handler(message.payload);
    });
    listener.on('error', (error) => this.lost(listener, error));
    listener.on('end', () => this.lost(listener, new Error('connection ended')));
    this.client = listener;
    this.retryMs = 0;
    // Changes made while no one listened were not heard: whatever was cached before is stale.
    this.reset('listening');
    this.pingTimer = setInterval(() => {
      listener.query('select 1').catch((error: unknown) => this.lost(listener, error));
    }, this.options.pingMs ?? 10_000);
    this.pingTimer.unref();
  }

  private lost(listener: pg.PoolClient, error: unknown): void {
    if (this.client !== listener) return;
    this.log.warn({ err: error }, 'change listener lost; cached state dropped, reconnecting');
    clearInterval(this.pingTimer);
    this.client = undefined;
    listener.release(true);
    this.reset('listener lost');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    this.retryMs = Math.min(this.options.maxRetryMs ?? 5_000, Math.max(100, this.retryMs * 2));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
  }

  private reset(reason: string): void {
    this.resets += 1;
    this.log.debug({ reason }, 'change feed reset');
    for (const handler of this.resetHandlers) handler();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    client?.release(true);
  }
}
