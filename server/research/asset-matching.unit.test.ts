import { describe, expect, it } from 'vitest';
import { assetsMatching } from '../../contract/assets';
import { closeSnapshotMatches, searchSnapshot } from './sources/snapshot';

// The right asset: one name means one asset, or the buyer picks; typos get "did you mean".

describe('asset matching', () => {
  it('suggests Ethereum first for "Etherium"', () => {
    expect(closeSnapshotMatches('Etherium', 5)[0]?.id).toBe('ethereum');
  });

  it('never resolves "Luna" silently: Terra and Terra Luna Classic both match', () => {
    const ids = assetsMatching('Luna', searchSnapshot('Luna', 25)).map((a) => a.id);
    expect(ids.sort()).toEqual(['terra-luna', 'terra-luna-2']);
  });

  it('resolves an exact name to that one asset even when other names contain it', () => {
    expect(assetsMatching('Bitcoin', searchSnapshot('Bitcoin', 25)).map((a) => a.id)).toEqual(['bitcoin']);
    expect(assetsMatching('Cardano', searchSnapshot('Cardano', 25)).map((a) => a.id)).toEqual(['cardano']);
    expect(assetsMatching('ETH', searchSnapshot('ETH', 25)).map((a) => a.id)).toEqual(['ethereum']);
  });

  it('offers nothing for a name far from every known asset', () => {
    expect(closeSnapshotMatches('Quantum Hedgehog Coin', 5)).toEqual([]);
  });
});
