import { distance as editDistance } from 'fastest-levenshtein';
import type { Source } from '../../../contract/reports';
import type { AssetRef, MarketEvidence, SecurityEvidence, UnlockFacts } from '../evidence';
import { sourceProblem } from '../source-check';
import { curatedIncidents } from './incidents';
import { datasetRef, PUBLIC_DATA, SNAPSHOT_ASSETS, type SnapshotAsset } from './snapshot-data';
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
  kind: asset.kind,
  ...(asset.platform ? { platform: asset.platform } : {}),
});
const refOf = snapshotRef;

const stablecoins = new Map(PUBLIC_DATA.stablecoins.records.map((record) => [record.geckoId, record]));
const pegged = PUBLIC_DATA.stablecoins.dataset;

const unlockSchedules = new Map(PUBLIC_DATA.unlocks.records.map((record) => [record.geckoId, record]));
const emissions = PUBLIC_DATA.unlocks.dataset;

/**
 * The asset's published unlock schedule: the plan as the dataset file holds it at its commit,
 * and the documents its author cites (a homepage is not a document and is left out).
 */
export function snapshotUnlocks(asset: SnapshotAsset): MarketEvidence['unlocks'] {
  const record = unlockSchedules.get(asset.id);
  if (!record) return undefined;
  const dated = {
    publishedAt: emissions.committedAt,
    dataset: datasetRef(emissions),
    retrievedAt: `${emissions.committedAt}T00:00:00.000Z`,
    live: false,
  } as const;
  const documents: Source[] = record.sources
    .map((url) => ({ title: `Source cited by the ${asset.name} unlock schedule: ${url}`, url, ...dated }))
    .filter((source) => sourceProblem(source) === null);
  const value: UnlockFacts = {
    totalScheduled: record.totalScheduled,
    ...(record.statedTotal ? { statedTotal: record.statedTotal } : {}),
    asOf: emissions.committedAt,
    datasetName: emissions.name,
    sections: record.sections,
    releases: record.releases,
    schedule: record.monthly.map((p) => ({ date: p.date, cumulativeUnlockedShare: p.unlockedShare })),
    documents,
  };
  return {
    value,
    source: {
      title: `DefiLlama emissions-adapters unlock schedule for ${asset.name} (${record.path}, commit ${emissions.version.slice(0, 7)})`,
      url: `https://github.com/${emissions.name}/blob/${emissions.version}/${record.path}`,
      ...dated,
    },
  };
}

export function findSnapshotAsset(text: string): SnapshotAsset | undefined {
  return byKey.get(normalizeAssetText(text));
}

/**
 * Market facts of the offline data: only what a public dataset states. Figures no permissive
 * dataset holds (market cap, volume, supply, holders, order books, followers, developer
 * activity) are absent offline, and the report says they are missing.
 */
export function snapshotMarketEvidence(asset: SnapshotAsset): MarketEvidence {
  const unlocks = snapshotUnlocks(asset);
  const stablecoin = stablecoins.get(asset.id);
  if (!stablecoin) return unlocks ? { unlocks } : {};
  const source: Source = {
    title: `DefiLlama stablecoin registry entry for ${stablecoin.name} (${stablecoin.path}, commit ${pegged.version.slice(0, 7)})`,
    url: `https://github.com/${pegged.name}/blob/${pegged.version}/${stablecoin.path}`,
    publishedAt: pegged.committedAt,
    dataset: datasetRef(pegged),
    retrievedAt: `${pegged.committedAt}T00:00:00.000Z`,
    live: false,
  };
  return {
    stablecoin: {
      value: {
        pegType: stablecoin.pegType,
        pegMechanism: stablecoin.pegMechanism,
        attestations: stablecoin.attestations.map((url) => ({ url })),
      },
      source,
    },
    ...(unlocks ? { unlocks } : {}),
  };
}

/** Security facts of the offline data: the exploits and curated incidents of the asset. */
export function snapshotSecurityEvidence(asset: SnapshotAsset): SecurityEvidence {
  return { incidents: curatedIncidents(asset) };
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

/** Exact symbol/name first, then prefixes, then substrings; catalogue order (largest first) within each. */
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
  return SNAPSHOT_ASSETS.map((asset, order) => ({ asset, order, match: rankOf(asset) }))
    .filter((entry) => entry.match >= 0)
    .sort((a, b) => a.match - b.match || a.order - b.order)
    .slice(0, limit)
    .map((entry) => refOf(entry.asset));
}

/**
 * "Did you mean": snapshot assets whose name, symbol or alias is within a small edit distance
 * of the text (a quarter of its length, at least 1), closest first.
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
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map((entry) => refOf(entry.asset));
}
