import { describe, expect, it } from 'vitest';
import { chainRecordsOf, listedChainsOf } from './defillama-chains';

// The chain list as normalizeChain.ts writes it: a TypeScript literal with unquoted keys, single
// and double quotes, trailing commas, null ids, parents, and aliases assigned after the object.
const SOURCE = `export const nonChains = ['PK']
export const chainCoingeckoIds = {
  "Ethereum": {
    geckoId: "ethereum",
    symbol: "ETH",
    cmcId: "1027",
    categories: ["EVM"],
    chainId: 1,
  },
  "Arbitrum": {
    geckoId: null,
    symbol: null,
    cmcId: null,
    categories: ["EVM", "Rollup"],
    parent: {
      chain: "Ethereum",
      types: ["L2", "gas"]
    },
    chainId: 42161,
  },
  "Shiden": {
    geckoId: 'shiden',
    symbol: 'SDN',
    cmcId: '11451',
  },
  "Optimism": {
    geckoId: "optimism",
    symbol: "OP",
    cmcId: "11840",
    parent: {
      chain: "Ethereum",
      types: ["L2", "gas"]
    },
  },
  "smartBCH": {
    geckoId: "bitcoin-cash",
    symbol: "BCH",
    cmcId: "1831",
  },
  "Bitcoincash": {
    geckoId: "bitcoin-cash",
    symbol: "BCH",
    cmcId: "1831",
  },
} as unknown as {
  [chain: string]: { geckoId: string | null }
}
chainCoingeckoIds["xDai"] = chainCoingeckoIds["Gnosis"]
`;

describe('DefiLlama chain list import', () => {
  it('reads every chain entry with its coin id, symbol and parent', () => {
    const chains = listedChainsOf(SOURCE);
    expect(chains.map((c) => c.name)).toEqual([
      'Ethereum',
      'Arbitrum',
      'Shiden',
      'Optimism',
      'smartBCH',
      'Bitcoincash',
    ]);
    expect(chains[1]).toEqual({
      name: 'Arbitrum',
      geckoId: null,
      symbol: null,
      cmcId: null,
      categories: ['EVM', 'Rollup'],
      parent: { chain: 'Ethereum', types: ['L2', 'gas'] },
    });
    expect(chains[2]).toMatchObject({ geckoId: 'shiden', symbol: 'SDN' });
  });

  it('matches catalogue assets by exact CoinGecko id only, keeping every chain of a coin', () => {
    const records = chainRecordsOf(
      listedChainsOf(SOURCE),
      new Set(['optimism', 'bitcoin-cash', 'eth', 'arbitrum']),
    );
    // "eth" is Ethereum's symbol, not its id; Arbitrum's entry names no coin.
    expect(records.map((r) => r.id)).toEqual(['bitcoin-cash', 'optimism']);
    expect(records[0]!.chains.map((c) => c.name)).toEqual(['smartBCH', 'Bitcoincash']);
    expect(records[1]!.chains[0]!.parent).toEqual({ chain: 'Ethereum', types: ['L2', 'gas'] });
  });

  it('refuses a file without the chain list', () => {
    expect(() => listedChainsOf('export const other = {}')).toThrow(/chainCoingeckoIds not found/);
  });
});
