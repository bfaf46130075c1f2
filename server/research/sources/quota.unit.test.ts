import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { coingeckoQuotaFromConfig } from './live';
import { CoinGeckoQuota, QuotaReservedError } from './quota';

// The priority rule: paid work (research, ADA quotes) may use the whole CoinGecko budget and
// waits its turn; anonymous search only gets spare capacity and is refused, never queued.

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return state;
};

describe('CoinGecko quota', () => {
  it('sizes the bucket so no rolling minute exceeds the plan', () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 30, searchCallsPerDay: 100 });
    expect(quota.capacity).toBe(8);
    expect(quota.reserve).toBe(4);
  });

  it('lets search use only what is above the reserve kept for paid work', async () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 30, searchCallsPerDay: 100 });
    for (let i = 0; i < 4; i += 1) await quota.acquire('search');
    await expect(quota.acquire('search')).rejects.toBeInstanceOf(QuotaReservedError);
    // The reserve is still there for a report's calls, at once.
    for (let i = 0; i < 4; i += 1) expect(await settle(quota.acquire('paid'))).toBe('resolved');
    expect(quota.stats()).toMatchObject({ paid: 4, search: 4, searchRefused: 1 });
  });

  it('queues paid work when the bucket is empty and refuses search while paid work waits', async () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 30, searchCallsPerDay: 100 });
    for (let i = 0; i < 8; i += 1) await quota.acquire('paid');
    const waiting = quota.acquire('paid');
    expect(await settle(waiting)).toBe('pending');
    // A token comes every 60 s / 22 ≈ 2.7 s (the bucket refills at three quarters of the plan).
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await settle(waiting)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settle(waiting)).toBe('resolved');
    const next = quota.acquire('paid');
    await expect(quota.acquire('search')).rejects.toThrow(/paid requests are waiting/);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await settle(next)).toBe('resolved');
  });

  it('keeps a daily search allowance however much spare capacity there is', async () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 500, searchCallsPerDay: 3 });
    for (let i = 0; i < 3; i += 1) await quota.acquire('search');
    await expect(quota.acquire('search')).rejects.toThrow(/daily search allowance/);
    vi.setSystemTime(new Date('2026-11-23T00:00:01Z'));
    await expect(quota.acquire('search')).resolves.toBeUndefined();
  });

  it('drops a waiting paid call whose request was aborted (the SDK timed out)', async () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 4, searchCallsPerDay: 10 });
    await quota.acquire('paid');
    const controller = new AbortController();
    const aborted = quota.acquire('paid', controller.signal);
    controller.abort(new Error('timed out'));
    await expect(aborted).rejects.toThrow('timed out');
    expect(quota.stats().waiting).toBe(0);
  });

  it('puts every HTTP request of a client through the budget (retries included)', async () => {
    const quota = new CoinGeckoQuota({ callsPerMinute: 30, searchCallsPerDay: 100 });
    const calls: string[] = [];
    const fakeFetch = (async (input: string | URL | Request) => {
      calls.push(String(input));
      return new Response('{}');
    }) as typeof fetch;
    const searchFetch = quota.fetchFor('search', fakeFetch);
    for (let i = 0; i < 4; i += 1) await searchFetch('http://127.0.0.1/search');
    await expect(searchFetch('http://127.0.0.1/search')).rejects.toBeInstanceOf(QuotaReservedError);
    expect(calls).toHaveLength(4);
    await quota.fetchFor('paid', fakeFetch)('http://127.0.0.1/coins/bitcoin');
    expect(calls).toHaveLength(5);
  });
  it('gives a demo key CoinGecko’s published 100 calls a minute by default', async () => {
    // CoinGecko's "Errors & Rate Limits" page: "Demo plan: 100 calls/min."
    const quota = coingeckoQuotaFromConfig(
      loadConfig({
        NODE_ENV: 'test',
        RESEARCH_DATA: 'live',
        COINGECKO_API_KEY: 'demo-key',
        COINGECKO_PLAN: 'demo',
      }),
    );
    let calls = 0;
    let running = true;
    const minute = (async () => {
      while (running) {
        await quota.acquire('paid');
        calls += 1;
      }
    })();
    await vi.advanceTimersByTimeAsync(60_000);
    running = false;
    void minute;
    // No rolling minute sees more than the plan's 100; the bucket lets nearly all of them through.
    expect(calls).toBeLessThanOrEqual(100);
    expect(calls).toBeGreaterThan(95);
  });
});
