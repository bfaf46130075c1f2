import type { Config } from '../../config';
import type { AssetRef } from '../evidence';
import { CoinGeckoSource } from './coingecko';
import { DefiLlamaSource } from './defillama';
import { withCuratedIncidents } from './incidents';
import { createSnapshotSources } from './snapshot';
import type { ResearchSources } from './types';

export interface LiveSourceOptions {
  coingecko?: ConstructorParameters<typeof CoinGeckoSource>[0];
  defillama?: ConstructorParameters<typeof DefiLlamaSource>[0];
}

/** Live market data (CoinGecko) and security data (DeFiLlama, plus the curated incident list). */
export function createLiveSources(options: LiveSourceOptions = {}): ResearchSources {
  const coingecko = new CoinGeckoSource(options.coingecko);
  const defillama = new DefiLlamaSource(options.defillama);
  return withCuratedIncidents({
    mode: 'live',
    resolve: (text) => coingecko.resolve(text),
    search: async (text, limit) =>
      (await coingecko.search(text, limit)).map(({ id, name, symbol }): AssetRef => ({ id, name, symbol })),
    market: (asset) => coingecko.market(asset),
    security: (asset) => defillama.security(asset),
  });
}

/** The sources the configuration asks for (offline snapshot on the embedded demo). */
export function sourcesFromConfig(config: Config): ResearchSources {
  if (config.researchData === 'offline') return createSnapshotSources();
  return createLiveSources({
    coingecko: {
      apiKey: config.COINGECKO_API_KEY,
      plan: config.COINGECKO_PLAN,
      baseUrl: config.COINGECKO_BASE_URL,
    },
    defillama: { ...(config.DEFILLAMA_BASE_URL ? { baseUrl: config.DEFILLAMA_BASE_URL } : {}) },
  });
}
