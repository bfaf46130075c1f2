import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetRef } from '../evidence';
import { LiveSourceTooSlowError, liveOrSnapshot, withSnapshotFallback } from './fallback';
import { createSnapshotSources, searchSnapshot } from './snapshot';
import { type ResearchSources, SourceUnavailableError } from './types';

const outage = () => new SourceUnavailableError('CoinGecko', 'HTTP 503');
const failing = (error: () => Error): ResearchSources => ({
  mode: 'live',
  resolve: async () => {
    throw error();
  },
  search: async () => {
    throw error();
  },
  market: async () => {
    throw error();
  },
  security: async () => {
    throw error();
  },
});
const liveAsset: AssetRef = { id: 'live-id', name: 'Live', symbol: 'LIV' };
const never = <T>() => new Promise<T>(() => {});

afterEach(() => {
  vi.useRealTimers();
});

describe('liveOrSnapshot', () => {
  it('answers live when the live source answers, without asking the snapshot', async () => {
    const snapshot = vi.fn(async () => 'snapshot');
    expect(await liveOrSnapshot({ failures: 'any' }, async () => 'live', snapshot)).toBe('live');
    expect(snapshot).not.toHaveBeenCalled();
  });

  it("answers from the snapshot for any failure under 'any', and tells onFallback why", async () => {
    const onFallback = vi.fn();
    const bug = new TypeError('cannot read properties of undefined');
    const answer = await liveOrSnapshot(
      { failures: 'any', onFallback },
      async () => {
        throw bug;
      },
      async () => 'snapshot',
    );
    expect(answer).toBe('snapshot');
    expect(onFallback).toHaveBeenCalledWith(bug);
  });

  it("answers from the snapshot for an unavailable source only under 'unavailable'", async () => {
    const onFallback = vi.fn();
    const policy = { failures: 'unavailable', onFallback } as const;
    expect(
      await liveOrSnapshot(
        policy,
        async () => {
          throw outage();
        },
        async () => 'snapshot',
      ),
    ).toBe('snapshot');
    const bug = new RangeError('bad score');
    await expect(
      liveOrSnapshot(
        policy,
        async () => {
          throw bug;
        },
        async () => 'snapshot',
      ),
    ).rejects.toBe(bug);
    expect(onFallback).toHaveBeenCalledTimes(1);
  });

  it('treats a live source that throws before it returns a promise like one that rejects', async () => {
    const answer = await liveOrSnapshot(
      { failures: 'any' },
      () => {
        throw new Error('thrown at once');
      },
      async () => 'snapshot',
    );
    expect(answer).toBe('snapshot');
  });

  it('gives the live lookup the time limit, then answers from the snapshot', async () => {
    vi.useFakeTimers();
    const onFallback = vi.fn();
    const answer = liveOrSnapshot(
      { failures: 'unavailable', timeLimitMs: 3_000, onFallback },
      never,
      async () => 'snapshot',
    );
    await vi.advanceTimersByTimeAsync(2_999);
    expect(onFallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBe('snapshot');
    expect(onFallback.mock.calls[0]![0]).toBeInstanceOf(LiveSourceTooSlowError);
    expect(String(onFallback.mock.calls[0]![0])).toContain('no answer within 3000 ms');
  });

  it('keeps a live answer that comes within the time limit, and a late live failure is nobody’s', async () => {
    vi.useFakeTimers();
    let rejectLive: (error: Error) => void = () => {};
    const lateFailure = new Promise<string>((_resolve, reject) => {
      rejectLive = reject;
    });
    const slow = liveOrSnapshot(
      { failures: 'any', timeLimitMs: 100 },
      () => lateFailure,
      async () => 'snapshot',
    );
    await vi.advanceTimersByTimeAsync(100);
    expect(await slow).toBe('snapshot');
    rejectLive(new Error('late')); // must not surface as an unhandled rejection
    const quick = liveOrSnapshot(
      { failures: 'any', timeLimitMs: 100 },
      () => new Promise<string>((resolve) => setTimeout(() => resolve('live'), 50)),
      async () => 'snapshot',
    );
    await vi.advanceTimersByTimeAsync(50);
    expect(await quick).toBe('live');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('withSnapshotFallback', () => {
  it('searches and resolves from the snapshot when the live source fails, and turns offline', async () => {
    const sources = withSnapshotFallback(failing(outage), { failures: 'any' });
    expect(sources.mode).toBe('live');
    expect(await sources.search('eth', 8)).toEqual(searchSnapshot('eth', 8));
    expect(await sources.resolve('Ethereum')).toEqual(await createSnapshotSources().resolve('Ethereum'));
    expect(sources.mode).toBe('offline');
  });

  it('stays live while the live source answers', async () => {
    const live: ResearchSources = { ...failing(outage), search: async () => [liveAsset] };
    const sources = withSnapshotFallback(live, { failures: 'any' });
    expect(await sources.search('live', 8)).toEqual([liveAsset]);
    expect(sources.mode).toBe('live');
  });

  it('asks the snapshot about the asset it knows, under its own id', async () => {
    const sources = withSnapshotFallback(failing(outage), {
      failures: 'unavailable',
      onlyKnownAsset: 'Litecoin',
    });
    const typed: AssetRef = { id: 'LTC typed', name: 'Litecoin', symbol: 'LTC' };
    const snapshot = createSnapshotSources();
    const litecoin = (await snapshot.resolve('Litecoin'))!;
    expect(await sources.market(typed)).toEqual(await snapshot.market(litecoin));
    expect(await sources.security(typed)).toEqual(await snapshot.security(litecoin));
    expect(sources.mode).toBe('offline');
  });

  it('lets the live failure stand for an asset the snapshot does not know', async () => {
    const sources = withSnapshotFallback(failing(outage), {
      failures: 'unavailable',
      onlyKnownAsset: 'Obscure Token',
    });
    await expect(sources.market(liveAsset)).rejects.toBeInstanceOf(SourceUnavailableError);
    await expect(sources.search('obscure', 8)).rejects.toBeInstanceOf(SourceUnavailableError);
    expect(sources.mode).toBe('live');
  });

  it("lets an error that is not an outage stand under 'unavailable'", async () => {
    const sources = withSnapshotFallback(
      failing(() => new TypeError('bug')),
      { failures: 'unavailable', onlyKnownAsset: 'Litecoin' },
    );
    await expect(sources.market(liveAsset)).rejects.toBeInstanceOf(TypeError);
    expect(sources.mode).toBe('live');
  });

  it('gives each call the time limit', async () => {
    vi.useFakeTimers();
    const slow: ResearchSources = { ...failing(outage), search: never };
    const sources = withSnapshotFallback(slow, { failures: 'unavailable', timeLimitMs: 3_000 });
    const found = sources.search('btc', 3);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await found).toEqual(searchSnapshot('btc', 3));
  });
});
