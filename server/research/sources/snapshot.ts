import { distance as editDistance } from 'fastest-levenshtein';
import type { Source } from '../../../contract/reports';
import type { AssetRef, ChainKind, Fact, MarketEvidence, SecurityEvidence } from '../evidence';
import { curatedIncidents } from './incidents';
import { SNAPSHOT_ASSETS, SNAPSHOT_DATASET, SNAPSHOT_DATE, type SnapshotAsset } from './snapshot-data';
import { normalizeAssetText, type ResearchSources } from './types';

const byKey = new Map<string, SnapshotAsset>();
for (const asset of SNAPSHOT_ASSETS) {
  for (const key of [asset.id, asset.name, asset.symbol, ...(asset.aliases ?? [])]) {
    const normalized = normalizeAssetText(key);
    if (!byKey.has(normalized)) byKey.set(normalized, asset);
  }
}

export const snapshotRef = (asset: SnapshotAsset): AssetRef => ({
  id: asset.id,
  name: asset.name,
  symbol: asset.symbol,
  rank: asset.rank,
  kind: asset.kind,
  ...(asset.platform ? { platform: asset.platform } : {}),
});
const refOf = snapshotRef;

/** A token lives on its platform; a coin without one runs its own chain (a layer 2 when it says so). */
function chainOf(asset: SnapshotAsset): ChainKind {
  if (asset.kind === 'layer2') return 'layer2';
  return asset.platform ? 'token' : 'layer1';
}

function snapshotSource(asset: SnapshotAsset, topic: string): Source {
  return {
    title: `${SNAPSHOT_DATASET}: ${asset.name} ${topic}`,
    dataset: { name: 'crow-offline-snapshot', version: SNAPSHOT_DATE, license: '', url: '' },
    live: false,
    retrievedAt: `${SNAPSHOT_DATE}T00:00:00.000Z`,
  };
}

export function findSnapshotAsset(text: string): SnapshotAsset | undefined {
  return byKey.get(normalizeAssetText(text));
}

/** Facts of the dated offline snapshot, labelled as such in every source they cite. */
export function snapshotMarketEvidence(asset: SnapshotAsset): MarketEvidence {
  const fact = <T>(value: T, topic: string): Fact<T> => ({ value, source: snapshotSource(asset, topic) });
  const optional = <K extends string, T>(key: K, value: T | null | undefined, topic: string) =>
    (value === undefined || value === null ? {} : { [key]: fact(value, topic) }) as Partial<
      Record<K, Fact<T>>
    >;
  return {
    profile: fact(
      { kind: asset.kind, ...(asset.platform ? { platform: asset.platform } : {}) },
      'project profile',
    ),
    ...optional('marketCapUsd', asset.marketCapUsd, 'market data'),
    ...optional('volume24hUsd', asset.volume24hUsd, 'market data'),
    supply: fact({ circulating: asset.circulating, total: asset.total, max: asset.max }, 'supply data'),
    watchlistUsers: fact(asset.watchlistUsers, 'community data'),
    genesisDate: fact(asset.genesisDate, 'history'),
    athChangeRatio: fact(asset.athChangeRatio, 'market data'),
    team: fact(asset.team, 'team information'),
    useCase: fact(
      {
        description: asset.description,
        categories: asset.categories,
        marketCapRank: asset.rank,
        ...(asset.tvl ? { tvlUsd: asset.tvl.currentUsd } : {}),
      },
      'project profile',
    ),
    chain: fact(chainOf(asset), 'chain information'),
    ...optional('topHoldersShare', asset.holders?.top10Share, 'holder distribution'),
    ...optional('holders', asset.holders, 'holder distribution'),
    ...optional('liquidity', asset.liquidity, 'exchange markets'),
    ...optional('social', asset.social, 'social accounts'),
    ...optional('developer', asset.developer, 'developer activity'),
    ...optional('priceHistory', asset.priceHistory, 'price history'),
  };
}

export function snapshotSecurityEvidence(asset: SnapshotAsset): SecurityEvidence {
  const fact = <T>(value: T, topic: string): Fact<T> => ({ value, source: snapshotSource(asset, topic) });
  return {
    audits: fact(asset.audits, 'audit records'),
    hacks: fact(asset.hacks, 'incident records'),
    ...(asset.tvl
      ? {
          tvlUsd: fact(asset.tvl.currentUsd, 'total value locked'),
          tvlTrend: fact(asset.tvl, 'total value locked'),
        }
      : {}),
    incidents: curatedIncidents(asset),
  };
}

/** The offline sources: no network, instant, dated. */
export function createSnapshotSources(): ResearchSources {
  const require = (asset: AssetRef) => {
    const found = byKey.get(asset.id);
    if (!found) throw new Error(`asset ${asset.id} is not in the offline snapshot`);
    return found;
  };
  return {
    mode: 'offline',
    async resolve(text) {
      const found = findSnapshotAsset(text);
      return found ? refOf(found) : null;
    },
    async search(text, limit) {
      return searchSnapshot(text, limit);
    },
    async market(asset) {
      return snapshotMarketEvidence(require(asset));
    },
    async security(asset) {
      return snapshotSecurityEvidence(require(asset));
    },
  };
}

/** Exact symbol/name first, then prefixes, then substrings; larger assets first within each. */
export function searchSnapshot(text: string, limit: number): AssetRef[] {
  const query = normalizeAssetText(text);
  if (!query) return [];
  const rankOf = (asset: SnapshotAsset) => {
    const keys = [asset.symbol, asset.name, asset.id, ...(asset.aliases ?? [])].map(normalizeAssetText);
    if (keys.includes(query)) return 0;
    if (keys.some((k) => k.startsWith(query))) return 1;
    if (keys.some((k) => k.includes(query))) return 2;
    return -1;
  };
  return SNAPSHOT_ASSETS.map((asset) => ({ asset, match: rankOf(asset) }))
    .filter((entry) => entry.match >= 0)
    .sort((a, b) => a.match - b.match || a.asset.rank - b.asset.rank)
    .slice(0, limit)
    .map((entry) => refOf(entry.asset));
}

/**
 * "Did you mean": snapshot assets whose name, symbol or alias is within a small edit distance
 * of the text (a quarter of its length, at least 1), closest first, then larger assets.
 */
export function closeSnapshotMatches(text: string, limit: number): AssetRef[] {
  const query = normalizeAssetText(text);
  if (query.length < 3) return [];
  const allowed = Math.max(1, Math.floor(query.length / 4));
  return SNAPSHOT_ASSETS.map((asset) => {
    const keys = [asset.name, asset.symbol, asset.id, ...(asset.aliases ?? [])].map(normalizeAssetText);
    return { asset, distance: Math.min(...keys.map((key) => editDistance(query, key))) };
  })
    .filter((entry) => entry.distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.asset.rank - b.asset.rank)
    .slice(0, limit)
    .map((entry) => refOf(entry.asset));
}
