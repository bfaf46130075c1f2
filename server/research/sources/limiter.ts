import { SourceUnavailableError } from './types';

// A provider's published call limits (Ethplorer's free key: 2 a second up to 3,000 a week; GitHub:
// 60 an hour keyless, 5,000 with a token), kept per process and shared by every report: each
// call waits its turn in the shortest window, and a call that would wait longer than maxWaitMs
// (a spent hourly allowance) fails at once as the source being unavailable, with the reason.

export interface RateWindow {
  calls: number;
  perMs: number;
}

export interface RateLimiterOptions {
  source: string;
  windows: RateWindow[];
  /** The longest a call may wait for its turn; longer is a refusal. */
  maxWaitMs?: number;
  now?: () => number;
}

const WINDOW_NAMES: [number, string][] = [
  [604_800_000, 'a week'],
  [86_400_000, 'a day'],
  [3_600_000, 'an hour'],
  [60_000, 'a minute'],
  [1_000, 'a second'],
];
const describeWindow = (window: RateWindow) =>
  `${window.calls} calls ${WINDOW_NAMES.find(([ms]) => ms === window.perMs)?.[1] ?? `per ${window.perMs} ms`}`;

export class RateLimiter {
  private readonly source: string;
  private readonly windows: RateWindow[];
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  /** Start times of the calls made, newest last (as many as the largest window allows). */
  private readonly starts: number[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(options: RateLimiterOptions) {
    this.source = options.source;
    this.windows = options.windows.filter((w) => w.calls > 0 && w.perMs > 0);
    this.maxWaitMs = options.maxWaitMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** How long the next call must wait, and the window that makes it wait. */
  private waitFor(): { ms: number; window?: RateWindow } {
    const now = this.now();
    let longest: { ms: number; window?: RateWindow } = { ms: 0 };
    for (const window of this.windows) {
      const inWindow = this.starts.filter((t) => t > now - window.perMs);
      if (inWindow.length < window.calls) continue;
      const oldest = inWindow[inWindow.length - window.calls]!;
      const ms = oldest + window.perMs - now;
      if (ms > longest.ms) longest = { ms, window };
    }
    return longest;
  }

  /** Waits for this call's turn (calls go in order); rejects when the turn is too far off. */
  acquire(): Promise<void> {
    const turn = this.queue.then(async () => {
      for (;;) {
        const { ms, window } = this.waitFor();
        if (ms <= 0) break;
        if (ms > this.maxWaitMs)
          throw new SourceUnavailableError(
            this.source,
            `its limit of ${window ? describeWindow(window) : 'calls'} is used up (next call possible in ${Math.ceil(ms / 1000)} s)`,
          );
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      this.starts.push(this.now());
      const keep = Math.max(...this.windows.map((w) => w.calls), 1);
      if (this.starts.length > keep) this.starts.splice(0, this.starts.length - keep);
    });
    // A refusal is this call's; the next one still gets its turn.
    this.queue = turn.catch(() => {});
    return turn;
  }
}

const shared = new Map<string, RateLimiter>();

/** The process's one limiter per provider and limits (all reports share it). */
export function sharedLimiter(key: string, options: Omit<RateLimiterOptions, 'now'>): RateLimiter {
  const id = `${key}|${options.windows.map((w) => `${w.calls}/${w.perMs}`).join(',')}`;
  let limiter = shared.get(id);
  if (!limiter) {
    limiter = new RateLimiter(options);
    shared.set(id, limiter);
  }
  return limiter;
}
