import { CATEGORIES, type CategoryKey, type RiskLevel, type Scores } from '../../../contract/methodology';
import type { AssetEvidence, IncidentRecord } from '../evidence';
import { assessEvidence } from '../peers';
import { coverageOf } from '../report-text';
import type { CategoryAssessment } from '../scoring';
import {
  CURATED_INCIDENTS,
  INCIDENT_LIST_SOURCE,
  incidentCoverage,
  incidentOfCurated,
  incidentOfHack,
  incidentOfSecAction,
  incidentOfW3igg,
  toldElsewhere,
} from '../sources/incidents';
import {
  auditFactOf,
  snapshotMarketEvidenceOf,
  snapshotTokenContracts,
  TOKEN_LABELS_DATE,
} from '../sources/snapshot';
import {
  PUBLIC_DATA,
  type PublicAuditRecord,
  type PublicHackRecord,
  type PublicSecAction,
  type PublicW3iggEntry,
  SNAPSHOT_ASSETS,
  type SnapshotAsset,
} from '../sources/snapshot-data';
import { createMarketData, loadMarketFile, type MarketFile } from '../sources/snapshot-market';
import { hasEvidence, verdictOf } from '../verdict';

// The back-test's as-of view (decision 0290): what the offline datasets knew on a given day.
// Every dated fact after that day is removed before the evidence is built, and the evidence goes
// through the research job's own scorers and verdict (assessEvidence, then verdictOf, as
// pipeline.ts does), so no rule is copied here.

/** Every dated fact the back-test reads; a test deletes from it to prove there is no look-ahead. */
export interface BacktestData {
  market: MarketFile;
  hacks: PublicHackRecord[];
  secActions: PublicSecAction[];
  incidents: typeof CURATED_INCIDENTS;
  w3igg: PublicW3iggEntry[];
  audits: PublicAuditRecord[];
}

export function loadBacktestData(): BacktestData {
  const market = loadMarketFile(undefined, new Set(SNAPSHOT_ASSETS.map((a) => a.id)));
  if (!market) throw new Error('the back-test needs datasets/public/market/market.json (offline data)');
  return {
    market,
    hacks: PUBLIC_DATA.hacks.records,
    secActions: PUBLIC_DATA.secEnforcement.records,
    incidents: CURATED_INCIDENTS,
    w3igg: PUBLIC_DATA.w3igg.records,
    audits: PUBLIC_DATA.audits.records,
  };
}

/** An asset as the market files identify it: the catalogue id, else CoinMarketCap's name and symbol. */
export interface BacktestIdentity {
  /** Stable across renames and reused symbols (market.json's map, decision 0241). */
  id: string;
  name: string;
  symbols: string[];
  kind: SnapshotAsset['kind'] | null;
  catalogue?: SnapshotAsset;
}

const catalogueById = new Map(SNAPSHOT_ASSETS.map((asset) => [asset.id, asset]));

export function identitiesOf(market: MarketFile): BacktestIdentity[] {
  return market.cmcMonthly.assets.map((asset) => {
    const catalogue = asset.id ? catalogueById.get(asset.id) : undefined;
    return {
      id: asset.id ?? asset.key,
      name: catalogue?.name ?? asset.listings.at(-1)!.name,
      symbols: [...new Set(asset.listings.map((l) => l.symbol))],
      kind: catalogue?.kind ?? null,
      ...(catalogue ? { catalogue } : {}),
    };
  });
}

/** A month-only date ("2022-05") counts as known from the month's end, never its start. */
const knownOn = (date: string) => (date.length === 7 ? `${date}-31` : date);
const onOrBefore = (date: string, asOf: string) => knownOn(date) <= asOf;

/**
 * The market file as it stood on `asOf`: the snapshots up to that day only, CoinGecko's row and
 * Bitcoin's daily history only if dated by then. Assets outside the catalogue get their stable key
 * as id so the same market reader serves them.
 */
export function marketAsOf(market: MarketFile, asOf: string): MarketFile {
  const { cmcMonthly, coingeckoMarkets, bitcoinDaily } = market;
  const last = cmcMonthly.months.filter((month) => month <= asOf).length;
  return {
    cmcMonthly: {
      ...cmcMonthly,
      months: cmcMonthly.months.slice(0, last),
      paths: cmcMonthly.paths.slice(0, last),
      assets: cmcMonthly.assets
        .map((asset) => ({
          ...asset,
          id: asset.id ?? asset.key,
          points: asset.points.filter((p) => p[0] < last),
        }))
        .filter((asset) => asset.points.length > 0),
    },
    coingeckoMarkets: {
      ...coingeckoMarkets,
      records: coingeckoMarkets.records.filter((r) => r.timestamp.slice(0, 10) <= asOf),
    },
    // The daily file keeps its last year only: usable only once that year has ended by the day.
    bitcoinDaily:
      bitcoinDaily.lastPricedDate <= asOf && bitcoinDaily.lastYear.filter(([day]) => day <= asOf).length >= 2
        ? bitcoinDaily
        : { ...bitcoinDaily, assetId: '' },
  };
}

/** The audits known on the day, newest first. */
const auditsFact = (records: PublicAuditRecord[]) =>
  auditFactOf([...records].sort((x, y) => y.date.localeCompare(x.date)));

/** The as-of evidence builder for one day: built once per day, then per asset. */
export function evidenceOn(data: BacktestData, asOf: string) {
  const files = createMarketData(marketAsOf(data.market, asOf));
  const incidents = new Map<string, IncidentRecord[]>();
  const add = (id: string, record: IncidentRecord) =>
    incidents.set(id, [...(incidents.get(id) ?? []), record]);
  for (const hack of data.hacks)
    if (onOrBefore(hack.date, asOf)) for (const id of hack.assets) add(id, incidentOfHack(hack));
  for (const action of data.secActions)
    if (onOrBefore(action.date, asOf)) for (const id of action.assets) add(id, incidentOfSecAction(action));
  for (const entry of data.incidents)
    if (onOrBefore(entry.date, asOf)) for (const id of entry.assets) add(id, incidentOfCurated(entry, id));
  // Web3 is Going Just Great's entries, but not an event another source already tells (decision 0312).
  for (const entry of data.w3igg) {
    const record = onOrBefore(entry.date, asOf) ? incidentOfW3igg(entry) : undefined;
    if (record)
      for (const id of entry.assets) if (!toldElsewhere(incidents.get(id) ?? [], record)) add(id, record);
  }
  const audits = new Map<string, PublicAuditRecord[]>();
  for (const record of data.audits)
    if (onOrBefore(record.date, asOf))
      for (const id of record.assets) audits.set(id, [...(audits.get(id) ?? []), record]);

  return (identity: BacktestIdentity): AssetEvidence => {
    const market = files.marketData({
      id: identity.id,
      name: identity.name,
      kind: identity.kind ?? 'unknown',
    });
    // The catalogue's timeless records (the stablecoin registry's design, the unlock plan) with the
    // as-of market figures; assets outside the catalogue have market figures only.
    const marketEvidence = identity.catalogue
      ? {
          ...snapshotMarketEvidenceOf(identity.catalogue, market, undefined),
          // The token label file is dated: its contracts count from its day on.
          ...(asOf >= TOKEN_LABELS_DATE ? snapshotTokenContracts(identity.catalogue) : {}),
        }
      : (market?.evidence ?? {});
    const own = (incidents.get(identity.id) ?? []).sort((a, b) => a.date.localeCompare(b.date));
    const audit = auditsFact(audits.get(identity.id) ?? []);
    return {
      ...marketEvidence,
      incidents: { value: own, source: INCIDENT_LIST_SOURCE },
      // Which incident source covered the asset on the day (decision 0311).
      incidentCoverage: incidentCoverage(
        { id: identity.id, ...(identity.kind ? { kind: identity.kind } : {}) },
        asOf,
      ),
      ...(audit ? { audits: audit } : {}),
    };
  };
}

export type BacktestBand = RiskLevel | 'Not rated';

export interface AsOfRating {
  scores: Scores;
  band: BacktestBand;
  categories: Record<CategoryKey, CategoryAssessment>;
  withEvidence: CategoryKey[];
}

/** The research job's verdict on as-of evidence: its scorers, its total over the categories with evidence. */
export function rateAsOf(evidence: AssetEvidence, asOf: string): AsOfRating {
  const { categories } = assessEvidence(evidence, new Date(`${asOf}T00:00:00Z`));
  const scored = CATEGORIES.map((c) => ({
    key: c.key,
    score: categories[c.key].score,
    coverage: coverageOf(categories[c.key].sources, categories[c.key].evidenceFound),
    ...(categories[c.key].knockout ? { knockout: categories[c.key].knockout } : {}),
  }));
  const withEvidence = scored.filter(hasEvidence).map((c) => c.key);
  const scores = verdictOf(scored);
  return { scores, band: scores.riskLevel ?? 'Not rated', categories, withEvidence };
}
