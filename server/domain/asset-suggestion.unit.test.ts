import { describe, expect, it } from 'vitest';
import { assetSuggestion } from './asset-suggestion';

describe('an asset offered as a suggestion', () => {
  it("takes the source's rank, kind and platform", () => {
    expect(
      assetSuggestion({
        id: 'uniswap',
        name: 'Uniswap',
        symbol: 'UNI',
        rank: 30,
        kind: 'defi',
        platform: 'Base',
      }),
    ).toEqual({ id: 'uniswap', name: 'Uniswap', symbol: 'UNI', rank: 30, kind: 'defi', platform: 'Base' });
  });

  it('fills a kind and platform the source left out from the offline catalogue', () => {
    expect(assetSuggestion({ id: 'uniswap', name: 'Uniswap', symbol: 'UNI' })).toEqual({
      id: 'uniswap',
      name: 'Uniswap',
      symbol: 'UNI',
      kind: 'defi',
      platform: 'Ethereum',
    });
  });

  it('leaves out what nobody knows', () => {
    expect(assetSuggestion({ id: 'no-such-coin', name: 'No Such', symbol: 'NSC' })).toEqual({
      id: 'no-such-coin',
      name: 'No Such',
      symbol: 'NSC',
    });
  });
});
