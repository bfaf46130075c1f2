// One CoinGecko request budget per process, shared by research, ADA quotes and asset search.
// Paid work (research for a bought report, a quote a customer pays with) always goes first
// and may use the whole budget; anonymous search only gets spare capacity: it never waits,
// never takes the last `reserve` tokens, never runs while paid work is waiting, and has its
// own daily allowance so a flood of searches cannot spend the monthly plan. The plan's monthly
// allowance, when configured, is counted here too (per process, from its start: the operator
// sets the share each process may spend) and refuses every call once spent.

import { SourceUnavailableError } from './types';

export type QuotaPriority = 'paid' | 'search';

export interface QuotaOptions {
  /** The plan's rate limit (public API ~10, demo 100, pro 500 and more). */
  callsPerMinute: number;
  /** Calls search may make per UTC day, whatever the minute budget allows. */
  searchCallsPerDay: number;
  /** The plan's monthly allowance (calls per UTC calendar month); unlimited when absent. */
  callsPerMonth?: number | undefined;
  now?: () => number;
}

/** The month's allowance is spent: paid research fails like an unavailable source (retry or snapshot). */
export class QuotaExhaustedError extends SourceUnavailableError {
  constructor(callsPerMonth: number) {
    super(
      'CoinGecko',
      `the monthly allowance of ${callsPerMonth} calls (COINGECKO_CALLS_PER_MONTH) is used up`,
    );
  }
}

/** Search asked when no spare capacity was left; the caller answers from the snapshot instead. */
export class QuotaReservedError extends Error {
  constructor(reason: string) {
    super(`CoinGecko quota kept for paid research: ${reason}`);
  }
}

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal | undefined;
  onAbort?: () => void;
}

const DAY_MS = 86_400_000;

/**
 * A token bucket holding a quarter of a minute's calls, refilled at three quarters of the
 * plan's rate: no rolling minute ever sees more than `callsPerMinute` calls.
 */
export class CoinGeckoQuota {
  readonly capacity: number;
  /** Tokens search must leave in the bucket: enough for one report's calls at once. */
  readonly reserve: number;
  private readonly refillPerMs: number;
  private readonly searchPerDay: number;
  private readonly now: () => number;
  private tokens: number;
  private refilledAt: number;
  private readonly waiting: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private searchDay = -1;
  private searchUsed = 0;
  private readonly counts = { paid: 0, search: 0, searchRefused: 0, monthRefused: 0 };
  private readonly perMonth: number | undefined;
  private month = '';
  private monthUsed = 0;

  constructor(options: QuotaOptions) {
    const perMinute = Math.max(1, options.callsPerMinute);
    this.capacity = Math.max(1, Math.ceil(perMinute / 4));
    this.reserve = Math.min(this.capacity, Math.max(1, Math.ceil(this.capacity / 2)));
    this.refillPerMs = (perMinute - this.capacity) / 60_000 || perMinute / 60_000;
    this.searchPerDay = Math.max(0, options.searchCallsPerDay);
    this.now = options.now ?? Date.now;
    this.perMonth = options.callsPerMonth;
    this.tokens = this.capacity;
    this.refilledAt = this.now();
  }

  private refill() {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.refilledAt) * this.refillPerMs);
    this.refilledAt = now;
  }

  /** Counts one call against the month; false when the month's allowance is spent. */
  private takeFromMonth(): boolean {
    if (this.perMonth === undefined) return true;
    const month = new Date(this.now()).toISOString().slice(0, 7);
    if (month !== this.month) {
      this.month = month;
      this.monthUsed = 0;
    }
    if (this.monthUsed >= this.perMonth) return false;
    this.monthUsed += 1;
    return true;
  }

  /** Take one call's token: paid waits its turn (FIFO); search gets spare capacity or a refusal. */
  acquire(priority: QuotaPriority, signal?: AbortSignal): Promise<void> {
    this.refill();
    if (this.perMonth !== undefined) {
      const month = new Date(this.now()).toISOString().slice(0, 7);
      if (month === this.month && this.monthUsed >= this.perMonth) {
        this.counts.monthRefused += 1;
        return Promise.reject(
          priority === 'search'
            ? new QuotaReservedError('the monthly allowance is used up')
            : new QuotaExhaustedError(this.perMonth),
        );
      }
    }
    if (priority === 'search') {
      const day = Math.floor(this.now() / DAY_MS);
      if (day !== this.searchDay) {
        this.searchDay = day;
        this.searchUsed = 0;
      }
      const refusal =
        this.waiting.length > 0
          ? 'paid requests are waiting'
          : this.tokens - 1 < this.reserve
            ? 'no spare capacity this minute'
            : this.searchUsed >= this.searchPerDay
              ? 'the daily search allowance is used up'
              : undefined;
      if (refusal) {
        this.counts.searchRefused += 1;
        return Promise.reject(new QuotaReservedError(refusal));
      }
      this.tokens -= 1;
      this.searchUsed += 1;
      this.counts.search += 1;
      this.takeFromMonth();
      return Promise.resolve();
    }
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.waiting.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      this.counts.paid += 1;
      this.takeFromMonth();
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
      this.schedule();
    });
  }

  private schedule() {
    if (this.timer || this.waiting.length === 0) return;
    this.refill();
    const wait = this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / this.refillPerMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refill();
      while (this.waiting.length > 0 && this.tokens >= 1) {
        const waiter = this.waiting.shift()!;
        if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
        this.tokens -= 1;
        this.counts.paid += 1;
        this.takeFromMonth();
        waiter.resolve();
      }
      this.schedule();
    }, wait);
    this.timer.unref?.();
  }

  /**
   * A fetch for an SDK client: every HTTP request it makes (retries too) takes a token first.
   * With `requestTimeoutMs`, that timeout starts once the token is taken: waiting for the quota
   * never counts against the request (the SDK's own timeout must then cover the wait too).
   */
  fetchFor(
    priority: QuotaPriority,
    fetchImpl: typeof fetch = fetch,
    requestTimeoutMs?: number,
  ): typeof fetch {
    return async (input, init) => {
      await this.acquire(priority, init?.signal ?? undefined);
      if (requestTimeoutMs === undefined) return fetchImpl(input, init);
      const timeout = AbortSignal.timeout(requestTimeoutMs);
      return fetchImpl(input, {
        ...init,
        signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
      });
    };
  }

  stats() {
    this.refill();
    return {
      ...this.counts,
      tokens: this.tokens,
      waiting: this.waiting.length,
      ...(this.perMonth !== undefined ? { monthUsed: this.monthUsed, callsPerMonth: this.perMonth } : {}),
    };
  }
}

/**
 * Default budgets per plan: CoinGecko's published limits ("Demo plan: 100 calls/min", its
 * "Errors & Rate Limits" page, docs.coingecko.com/docs/errors-and-rate-limits), with headroom for
 * the keyless API, whose limit is per IP and shared.
 */
export function defaultCallsPerMinute(plan: 'public' | 'demo' | 'pro'): number {
  return plan === 'pro' ? 500 : plan === 'demo' ? 100 : 10;
}

let shared: { key: string; quota: CoinGeckoQuota } | undefined;

/** The process's one quota (web and worker share it when they run in one process). */
export function sharedCoinGeckoQuota(options: Omit<QuotaOptions, 'now'>): CoinGeckoQuota {
  const key = `${options.callsPerMinute}/${options.searchCallsPerDay}/${options.callsPerMonth ?? ''}`;
  if (!shared || shared.key !== key) shared = { key, quota: new CoinGeckoQuota(options) };
  return shared.quota;
}
