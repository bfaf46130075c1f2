import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssetRef } from '../research/evidence';
import { type ResearchSources, SourceUnavailableError } from '../research/sources/types';
import { CHECKOUT_LOOKUP_TIMEOUT_MS, checkPurchaseAsset, UnknownAssetError } from './purchase-asset';

const never = <T>() => new Promise<T>(() => {});
const unavailable = async (): Promise<never> => {
  throw new SourceUnavailableError('CoinGecko', 'HTTP 503');
};
const live = (overrides: Partial<ResearchSources>): ResearchSources => ({
  mode: 'live',
  resolve: unavailable,
  search: unavailable,
  market: unavailable,
  security: unavailable,
  ...overrides,
});
const liveOnly: AssetRef = { id: 'live-only', name: 'Live Only', symbol: 'LVO' };

afterEach(() => {
  vi.useRealTimers();
});

describe('checkPurchaseAsset with live sources failing', () => {
  it('answers from live sources when they answer', async () => {
    const sources = live({ search: async () => [liveOnly], resolve: async () => liveOnly });
    expect(await checkPurchaseAsset(sources, { assetName: 'Live Only' })).toEqual({
      assetName: 'Live Only',
      assetId: 'live-only',
    });
  });

  it('resolves from the snapshot when the live sources are down', async () => {
    expect(await checkPurchaseAsset(live({}), { assetName: 'litecoin' })).toEqual({
      assetName: 'Litecoin',
      assetId: 'litecoin',
    });
  });

  it('resolves from the snapshot when a live source fails with any error, not only an outage', async () => {
    const broken = async (): Promise<never> => {
      throw new TypeError('unexpected answer');
    };
    const sources = live({ search: broken, resolve: broken });
    expect(await checkPurchaseAsset(sources, { assetName: 'Ethereum' })).toMatchObject({
      assetId: 'ethereum',
    });
  });

  it('waits CHECKOUT_LOOKUP_TIMEOUT_MS for each lookup, then answers from the snapshot', async () => {
    vi.useFakeTimers();
    const sources = live({ search: never, resolve: never });
    let settled = false;
    const checked = checkPurchaseAsset(sources, { assetName: 'Cardano' }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(CHECKOUT_LOOKUP_TIMEOUT_MS); // the ambiguity search
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(CHECKOUT_LOOKUP_TIMEOUT_MS); // the resolution
    expect(await checked).toEqual({ assetName: 'Cardano', assetId: 'cardano' });
  });

  it('suggests known assets from the snapshot when the live resolution failed', async () => {
    const error = await checkPurchaseAsset(live({}), { assetName: 'Etherium' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownAssetError);
    expect((error as UnknownAssetError).suggestions[0]).toMatchObject({ id: 'ethereum' });
  });
});
