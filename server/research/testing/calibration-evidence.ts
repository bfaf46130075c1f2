import { readdirSync, readFileSync } from 'node:fs';
import type { Source } from '../../../contract/reports';
import type {
  AssetEvidence,
  AssetKind,
  AssetRef,
  AuditFacts,
  ChainKind,
  DeveloperFacts,
  Fact,
  HackRecord,
  HolderFacts,
  IncidentRecord,
  LiquidityFacts,
  PriceHistoryFacts,
  SocialFacts,
  TeamFacts,
} from '../evidence';
import { runResearch } from '../pipeline';
import { createSnapshotSources } from '../sources/snapshot';
import { normalizeAssetText, type ResearchSources } from '../sources/types';
import { deterministicWriter } from '../writer';

// TEST FIXTURE, NOT DATA. Hand-written evidence profiles of well-known assets (the former demo
// snapshot, written from memory and never shown to readers any more), used only to calibrate
// the scoring rules: a profile says what kind of evidence an asset like Bitcoin or a collapsed
// token has, so the rules can be checked to put each in the band an analyst expects.

export interface CalibrationProfile {
  id: string;
  name: string;
  symbol: string;
  aliases?: string[];
  rank: number;
  kind: AssetKind;
  platform?: string;
  marketCapUsd: number | null;
  volume24hUsd: number | null;
  circulating: number;
  total: number;
  max: number | null;
  watchlistUsers: number;
  genesisDate: string;
  athChangeRatio: number;
  team: TeamFacts;
  description: string;
  categories: string[];
  liquidity?: LiquidityFacts;
  social?: SocialFacts;
  developer?: DeveloperFacts;
  priceHistory?: PriceHistoryFacts;
  holders?: HolderFacts;
  audits: AuditFacts;
  hacks: HackRecord[];
  tvl?: { currentUsd: number; change30d?: number; change365d?: number };
}

const DIRECTORY = new URL('calibration-profiles/', import.meta.url);
const readJson = (file: string) => JSON.parse(readFileSync(new URL(file, DIRECTORY), 'utf8'));

export const CALIBRATION_DATE: string = readJson('manifest.json').date;
export const CALIBRATION_PROFILES: readonly CalibrationProfile[] = readdirSync(DIRECTORY)
  .filter((file) => file.endsWith('.json') && file !== 'manifest.json' && file !== 'incidents.json')
  .flatMap((file) => readJson(file).assets as CalibrationProfile[])
  .sort((a, b) => a.rank - b.rank);

const incidentsByAsset = new Map<string, IncidentRecord[]>();
for (const { assets, id: _id, ...record } of readJson('incidents.json').incidents as (IncidentRecord & {
  id: string;
  assets: string[];
})[]) {
  for (const asset of assets) incidentsByAsset.set(asset, [...(incidentsByAsset.get(asset) ?? []), record]);
}

const byKey = new Map<string, CalibrationProfile>();
for (const profile of CALIBRATION_PROFILES) {
  for (const key of [profile.id, profile.name, profile.symbol, ...(profile.aliases ?? [])]) {
    const normalized = normalizeAssetText(key);
    if (!byKey.has(normalized)) byKey.set(normalized, profile);
  }
}

export const findCalibrationProfile = (text: string) => byKey.get(normalizeAssetText(text));

const SOURCE: Source = {
  title: 'Calibration profile (hand-written test fixture, not data)',
  retrievedAt: `${CALIBRATION_DATE}T00:00:00.000Z`,
  live: false,
};

function chainOf(profile: CalibrationProfile): ChainKind {
  if (profile.kind === 'layer2') return 'layer2';
  return profile.platform ? 'token' : 'layer1';
}

/** The evidence a profile describes, in the shape the scorers read. */
export function calibrationEvidence(profile: CalibrationProfile): AssetEvidence {
  const fact = <T>(value: T): Fact<T> => ({ value, source: SOURCE });
  const optional = <K extends string, T>(key: K, value: T | null | undefined) =>
    (value === undefined || value === null ? {} : { [key]: fact(value) }) as Partial<Record<K, Fact<T>>>;
  return {
    profile: fact({ kind: profile.kind, ...(profile.platform ? { platform: profile.platform } : {}) }),
    ...optional('marketCapUsd', profile.marketCapUsd),
    ...optional('volume24hUsd', profile.volume24hUsd),
    supply: fact({ circulating: profile.circulating, total: profile.total, max: profile.max }),
    watchlistUsers: fact(profile.watchlistUsers),
    genesisDate: fact(profile.genesisDate),
    athChangeRatio: fact(profile.athChangeRatio),
    team: fact(profile.team),
    useCase: fact({
      description: profile.description,
      categories: profile.categories,
      marketCapRank: profile.rank,
      ...(profile.tvl ? { tvlUsd: profile.tvl.currentUsd } : {}),
    }),
    chain: fact(chainOf(profile)),
    ...optional('topHoldersShare', profile.holders?.top10Share),
    ...optional('holders', profile.holders),
    ...optional('liquidity', profile.liquidity),
    ...optional('social', profile.social),
    ...optional('developer', profile.developer),
    ...optional('priceHistory', profile.priceHistory),
    audits: fact(profile.audits),
    hacks: fact(profile.hacks),
    ...(profile.tvl ? { tvlUsd: fact(profile.tvl.currentUsd), tvlTrend: fact(profile.tvl) } : {}),
    incidents: fact(incidentsByAsset.get(profile.id) ?? []),
  };
}

/**
 * Research sources for tests that need a rated report (versions, alerts, PDF sections): assets
 * resolve as the offline sources resolve them, and their evidence comes from the calibration
 * profiles. The product never uses these; its offline reports hold only public-dataset facts.
 */
export function createCalibrationSources(): ResearchSources {
  const offline = createSnapshotSources();
  const profileOf = (asset: AssetRef) => byKey.get(normalizeAssetText(asset.id));
  return {
    mode: 'offline',
    resolve: (text) => offline.resolve(text),
    search: (text, limit) => offline.search(text, limit),
    market: async (asset) => {
      const profile = profileOf(asset);
      return profile ? calibrationEvidence(profile) : offline.market(asset);
    },
    security: async (asset) => {
      const profile = profileOf(asset);
      return profile ? calibrationEvidence(profile) : offline.security(asset);
    },
  };
}

/** Researches a report as the worker would, from the calibration profiles with the rules writer. */
export function researchFromCalibration(
  deps: Omit<Parameters<typeof runResearch>[0], 'sources' | 'writer'>,
  reportId: number,
) {
  return runResearch({ ...deps, sources: createCalibrationSources(), writer: deterministicWriter }, reportId);
}
