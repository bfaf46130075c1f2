import type { Logger } from 'pino';
import type { ReportEvent } from '../../../contract/research';
import type { ChangeFeed } from '../../db/change-feed';
import type { StreamSlots } from '../../http/stream-slots';

/** One open event stream (a report page), as the registry sees it. */
export interface EventStream {
  userId: number;
  /** The user's stream slot this stream holds (from `reserve`), given back when it ends. */
  slot: string;
  reportId: number;
  openedAt: number;
  /** Writes raw server-sent-event text. */
  write(text: string): void;
  /** Ends the response. */
  end(): void;
}

interface StreamState {
  stream: EventStream;
  lastSent: string;
  lastWriteAt: number;
}

interface ReportStreamsOf {
  streams: Set<StreamState>;
  loading: boolean;
  /** A change arrived while loading: load again afterwards. */
  dirty: boolean;
}

export interface ReportStreamsOptions {
  /** Reads the event for a report; null when the report no longer exists. */
  load(reportId: number): Promise<ReportEvent | null>;
  feed: ChangeFeed;
  log: Logger;
  /** Per-user limit on open streams, counted in this process or shared through Redis. */
  slots: StreamSlots;
  /** Changes arriving within this window are sent as one event. */
  coalesceMs?: number;
  heartbeatMs?: number;
  maxAgeMs?: number;
}

const isFinal = (event: ReportEvent) =>
  event.report.report_status === 'completed' || event.report.report_status === 'failed';

/**
 * The process's open report event streams. Nothing polls the database: a change notification
 * for a report (its status or a progress row) loads its event once and pushes it to every
 * stream open on it; a reset of the change feed (lost listener, missed notification) reloads
 * every open report. Streams end after the final status, after `maxAgeMs` (the browser
 * reconnects) and when the server shuts down.
 */
export class ReportStreams {
  private readonly reports = new Map<number, ReportStreamsOf>();
  private readonly due = new Set<number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly sweepTimer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly options: ReportStreamsOptions) {
    this.unsubscribe = [
      options.feed.onChange((change) => {
        if (change.kind !== 'purchase' && this.reports.has(change.reportId)) this.schedule(change.reportId);
      }),
      options.feed.onReset(() => {
        for (const reportId of this.reports.keys()) this.schedule(reportId);
      }),
    ];
    const heartbeatMs = options.heartbeatMs ?? 15_000;
    this.sweepTimer = setInterval(() => this.sweep(), Math.min(heartbeatMs, 5_000));
    this.sweepTimer.unref();
  }

  /**
   * Takes one of the user's stream slots: its id, or null when all are in use. Pass it to `open`,
   * or to `release` when the stream will not open after all.
   */
  reserve(userId: number): Promise<string | null> {
    return this.options.slots.take(userId);
  }

  release(userId: number, slot: string): void {
    void this.options.slots.give(userId, slot);
  }

  /** Registers a stream (its slot reserved) and sends it the report's current state. */
  open(stream: EventStream): () => void {
    let entry = this.reports.get(stream.reportId);
    if (!entry) {
      entry = { streams: new Set(), loading: false, dirty: false };
      this.reports.set(stream.reportId, entry);
    }
    const state: StreamState = { stream, lastSent: '', lastWriteAt: Date.now() };
    entry.streams.add(state);
    void this.refresh(stream.reportId);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      this.detach(state);
    };
  }

  get openStreams(): number {
    let count = 0;
    for (const entry of this.reports.values()) count += entry.streams.size;
    return count;
  }

  /** Ends every stream (server shutdown). */
  close(): void {
    clearInterval(this.sweepTimer);
    clearTimeout(this.flushTimer);
    for (const off of this.unsubscribe) off();
    for (const entry of [...this.reports.values()]) {
      for (const state of [...entry.streams]) this.finish(state);
    }
  }

  private schedule(reportId: number): void {
    this.due.add(reportId);
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      const reportIds = [...this.due];
      this.due.clear();
      for (const id of reportIds) void this.refresh(id);
    }, this.options.coalesceMs ?? 50);
  }

  /** Loads a report's event once for all its streams; one load at a time per report keeps events in order. */
  private async refresh(reportId: number): Promise<void> {
    const entry = this.reports.get(reportId);
    if (!entry) return;
    if (entry.loading) {
      entry.dirty = true;
      return;
    }
    entry.loading = true;
    try {
      do {
        entry.dirty = false;
        let event: ReportEvent | null;
        try {
          event = await this.options.load(reportId);
        } catch (error) {
          // The next change or feed reset tries again; the page polls meanwhile if it must.
          this.options.log.warn({ err: error, reportId }, 'report event could not be loaded');
          return;
        }
        this.deliver(entry, event);
      } while (entry.dirty && this.reports.get(reportId) === entry);
    } finally {
      entry.loading = false;
    }
  }

  private deliver(entry: ReportStreamsOf, event: ReportEvent | null): void {
    const payload = event ? JSON.stringify(event) : '';
    for (const state of [...entry.streams]) {
      if (event && payload !== state.lastSent) {
        state.stream.write(`event: report\ndata: ${payload}\n\n`);
        state.lastSent = payload;
        state.lastWriteAt = Date.now();
      }
      if (!event || isFinal(event)) this.finish(state);
    }
  }

  private sweep(): void {
    const now = Date.now();
    const heartbeatMs = this.options.heartbeatMs ?? 15_000;
    const maxAgeMs = this.options.maxAgeMs ?? 15 * 60_000;
    for (const entry of this.reports.values()) {
      for (const state of [...entry.streams]) {
        if (now - state.stream.openedAt >= maxAgeMs) this.finish(state);
        else if (now - state.lastWriteAt >= heartbeatMs) {
          state.stream.write(': keep-alive\n\n');
          state.lastWriteAt = now;
        }
      }
    }
  }

  private finish(state: StreamState): void {
    if (this.detach(state)) state.stream.end();
  }

  private detach(state: StreamState): boolean {
    const entry = this.reports.get(state.stream.reportId);
    if (!entry?.streams.delete(state)) return false;
    if (entry.streams.size === 0) this.reports.delete(state.stream.reportId);
    this.release(state.stream.userId, state.stream.slot);
    return true;
  }
}
