import { distance as editDistance } from 'fastest-levenshtein';
import { joinNames, nameWithSymbol, type Source } from '../../../contract/reports';
import type {
  AssetKind,
  AssetRef,
  AuditFacts,
  ChainKind,
  Fact,
  MarketEvidence,
  SecurityEvidence,
  UnlockFacts,
} from '../evidence';
import { sourceProblem } from '../source-check';
import { type CoinMetricsExcerpt, coinMetricsEvidence, loadCoinMetricsExcerpts } from './coinmetrics';
import { curatedIncidents, incidentCoverageOf } from './incidents';
import {
  datasetRef,
  PUBLIC_DATA,
  type PublicAuditRecord,
  SNAPSHOT_ASSETS,
  type SnapshotAsset,
} from './snapshot-data';
import { type AssetMarketData, createMarketData, loadMarketFile } from './snapshot-market';
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

const coinMetrics = loadCoinMetricsExcerpts(new Set(SNAPSHOT_ASSETS.map((asset) => asset.id)));

/**
 * Market figures dated more than this before the offline data's newest dataset are too old to
 * score the asset by (the stored copies of some Coin Metrics files end years ago): a reader would
 * be told of a market that is gone. See docs/decisions/0171.
 */
const FIGURES_MAX_AGE_DAYS = 540;
const newestDatasetDate = [PUBLIC_DATA.hacks.dataset.committedAt, PUBLIC_DATA.stablecoins.dataset.committedAt]
  .sort()
  .at(-1)!;
export const COIN_METRICS_FIGURES_NOT_BEFORE = new Date(
  Date.parse(`${newestDatasetDate}T00:00:00Z`) - FIGURES_MAX_AGE_DAYS * 86_400_000,
)
  .toISOString()
  .slice(0, 10);

/** The assets with a Coin Metrics excerpt (market figures in the offline demo). */
export const COIN_METRICS_ASSETS: ReadonlySet<string> = new Set(coinMetrics.keys());

const marketFile = loadMarketFile(undefined, new Set(SNAPSHOT_ASSETS.map((asset) => asset.id)));
const marketFiles = marketFile ? createMarketData(marketFile) : undefined;
/** The market files' figures and history of an asset (offline demo only; decision 0241). */
export function snapshotMarketData(asset: SnapshotAsset): AssetMarketData | undefined {
  return marketFiles?.marketData(asset);
}

export interface SnapshotOptions {
  /**
   * Include figures of datasets the offline demo alone may use: Coin Metrics community data
   * (CC BY-NC 4.0) and the unlicensed copies of CoinMarketCap's and CoinGecko's market data.
   * Only the offline demo asks for them; the live sources' fallback must not.
   */
  nonCommercial?: boolean;
}

/**
 * Merges the market files and Coin Metrics: the market files' figures are newer and win; a Coin
 * Metrics copy that ended long ago (no point-in-time figures) adds nothing beside them, so an
 * age or a chain record from it does not date the report years back. The age starts at the
 * earliest day a file shows the asset.
 */
function mergedMarket(
  fromFiles: MarketEvidence | undefined,
  fromCoinMetrics: MarketEvidence,
): MarketEvidence {
  if (!fromFiles) return fromCoinMetrics;
  const coinMetricsCurrent =
    fromCoinMetrics.marketCapUsd !== undefined || fromCoinMetrics.supply !== undefined;
  const coinMetrics = coinMetricsCurrent ? fromCoinMetrics : {};
  const merged: MarketEvidence = { ...coinMetrics, ...fromFiles };
  // That the file counts the blocks of the asset's own chain stays true however old the copy:
  // the chain is cited from it as a reference, which does not date the report (decision 0249).
  if (!coinMetricsCurrent && fromCoinMetrics.chain)
    merged.chain = {
      value: fromCoinMetrics.chain.value,
      source: { ...fromCoinMetrics.chain.source, reference: true },
    };
  // The newer market cap wins, with the chart drawn from the same file (its last point is the
  // figure stated): Coin Metrics' copy of Litecoin (2025-12) is newer than CoinGecko's row.
  const dateOf = (fact: { source: Source } | undefined) => fact?.source.publishedAt ?? '';
  if (coinMetrics.marketCapUsd && dateOf(coinMetrics.marketCapUsd) > dateOf(fromFiles.marketCapUsd)) {
    merged.marketCapUsd = coinMetrics.marketCapUsd;
    if (coinMetrics.marketHistory) merged.marketHistory = coinMetrics.marketHistory;
  } else if (!fromFiles.marketHistory) delete merged.marketHistory;
  // The first day is the earliest any file shows the asset (priced, or its chain counting
  // blocks), whatever the copy's age: that it was priced then stays true, so an old copy is cited
  // for it as a reference and does not date the report (decision 0277). The age it proves runs
  // to the newest day a file shows the asset priced.
  const asReference = (fact: Fact<string> | undefined): Fact<string> | undefined =>
    fact && !coinMetricsCurrent ? { ...fact, source: { ...fact.source, reference: true as const } } : fact;
  const priced = [fromFiles.pricedSince, asReference(fromCoinMetrics.pricedSince)].filter(
    (fact): fact is Fact<string> => fact !== undefined,
  );
  const chain = asReference(fromCoinMetrics.chainRecordedSince);
  delete merged.pricedSince;
  delete merged.chainRecordedSince;
  const earliestPriced = [...priced].sort((a, b) => a.value.localeCompare(b.value))[0];
  if (earliestPriced) merged.pricedSince = earliestPriced;
  if (chain) merged.chainRecordedSince = chain;
  const first = [earliestPriced, chain]
    .filter((fact): fact is Fact<string> => fact !== undefined)
    .sort((a, b) => a.value.localeCompare(b.value))[0];
  const newest = [...priced].sort((a, b) => figureDay(b).localeCompare(figureDay(a)))[0];
  if (first && newest && figureDay(newest) > figureDay(first))
    merged.pricedUntil = { value: figureDay(newest), source: newest.source };
  return merged;
}

/** The day a dataset's first-day fact was read to: its file's own date. */
const figureDay = (fact: Fact<string>) => (fact.source.publishedAt ?? fact.value).slice(0, 10);

/**
 * Market facts of the offline data: only what a public dataset states. With `nonCommercial`
 * (the offline demo): market cap, volume and supply from the market files (CoinGecko's row of
 * 2025-11-03, else CoinMarketCap's newest monthly snapshot), how long the asset has been priced,
 * and Coin Metrics' price statistics and on-chain activity. Holders, order books, followers and
 * developer activity are absent offline, and the report says they are missing.
 */
export function snapshotMarketEvidence(asset: SnapshotAsset, options: SnapshotOptions = {}): MarketEvidence {
  const excerpt = options.nonCommercial ? coinMetrics.get(asset.id) : undefined;
  const market = snapshotMarketEvidenceOf(
    asset,
    options.nonCommercial ? snapshotMarketData(asset) : undefined,
    excerpt,
  );
  // The client files count the validators and nodes of Ethereum's own chain: with the
  // catalogue's word that it is a layer 1, they corroborate it, as Coin Metrics' block counts do.
  const clients = snapshotClientDiversity(asset);
  if (!market.chain && clients && asset.kind === 'layer1')
    market.chain = { value: 'layer1', source: clients.source };
  const contracts = snapshotTokenContracts(asset);
  const listed = contracts.chain || market.chain ? undefined : snapshotChainListing(asset);
  // The catalogue's kind goes along unscored: it picks the peer group, and a gap line says so.
  return { ...market, ...listed, ...contracts, catalogueKind: asset.kind };
}

const chainList = PUBLIC_DATA.chains;
const chainRecordsById = new Map(chainList.records.map((record) => [record.id, record]));
const CHAIN_RANK: Record<ChainKind, number> = { token: 0, layer2: 1, layer1: 2 };

/**
 * The chain DefiLlama's chain list names the asset the coin of (decision 0274): exact CoinGecko
 * id, never a symbol. A chain with a parent is a layer 2's; without one, a layer 1's. Where the
 * catalogue places the asset lower (a layer 2, or a token on a host chain) the lower class is
 * scored: a field the list leaves out is no statement that the chain has no parent.
 */
export function snapshotChainListing(asset: SnapshotAsset): Pick<MarketEvidence, 'chain' | 'chainListing'> {
  const record = chainRecordsById.get(asset.id);
  if (!record) return {};
  const { dataset } = chainList;
  const listed: ChainKind = record.chains.some((c) => c.parent) ? 'layer2' : 'layer1';
  const catalogued: ChainKind =
    asset.kind === 'layer2' ? 'layer2' : asset.platform && asset.kind !== 'layer1' ? 'token' : 'layer1';
  const names = record.chains.map((c) => c.name);
  const source: Source = {
    title: `DefiLlama chain list: ${asset.symbol} as the coin of ${joinNames(names)} (${chainList.path}, commit ${dataset.version.slice(0, 7)})`,
    url: `https://github.com/${dataset.name}/blob/${dataset.version}/${chainList.path}`,
    dataset: datasetRef(dataset),
    retrievedAt: `${dataset.retrievedAt}T00:00:00.000Z`,
    live: false,
    // What the asset is, not a figure on a day: the list's date does not date the report.
    reference: true,
  };
  return {
    chain: { value: CHAIN_RANK[catalogued] < CHAIN_RANK[listed] ? catalogued : listed, source },
    chainListing: {
      value: {
        chains: record.chains.map((c) => ({ name: c.name, ...(c.parent ? { parent: c.parent.chain } : {}) })),
      },
      source,
    },
  };
}

/** What Coin Metrics' excerpt alone gives an asset (the offline demo's rules for its copies). */
export function snapshotCoinMetricsEvidence(asset: SnapshotAsset): MarketEvidence {
  const excerpt = coinMetrics.get(asset.id);
  return excerpt
    ? coinMetricsEvidence(excerpt, {
        figuresNotBefore: COIN_METRICS_FIGURES_NOT_BEFORE,
        // The catalogue names no host chain and no layer 2: the coin of its own chain (Dogecoin
        // too, catalogued as a meme coin), whose blocks the file counts.
        nativeChain: !asset.platform && asset.kind !== 'layer2',
      })
    : {};
}

export function snapshotMarketEvidenceOf(
  asset: SnapshotAsset,
  files: AssetMarketData | undefined,
  excerpt: CoinMetricsExcerpt | undefined,
): MarketEvidence {
  const unlocks = snapshotUnlocks(asset);
  const stablecoin = stablecoins.get(asset.id);
  // A stablecoin's peg is judged on the market files' prices, whole; beside them a Coin Metrics
  // excerpt of a few days would be a second, partial price record.
  const useCoinMetrics = excerpt && !(stablecoin && files);
  const market: MarketEvidence = {
    ...mergedMarket(files?.evidence, useCoinMetrics ? snapshotCoinMetricsEvidence(asset) : {}),
    ...(unlocks ? { unlocks } : {}),
  };
  if (!stablecoin) return market;
  const source: Source = {
    title: `DefiLlama stablecoin registry entry for ${stablecoin.name} (${stablecoin.path}, commit ${pegged.version.slice(0, 7)})`,
    url: `https://github.com/${pegged.name}/blob/${pegged.version}/${stablecoin.path}`,
    publishedAt: pegged.committedAt,
    dataset: datasetRef(pegged),
    retrievedAt: `${pegged.committedAt}T00:00:00.000Z`,
    live: false,
  };
  return {
    ...market,
    stablecoin: {
      value: {
        pegType: stablecoin.pegType,
        pegMechanism: stablecoin.pegMechanism,
        attestations: stablecoin.attestations.map((url) => ({ url })),
        ...(stablecoin.mintRedeem ? { mintRedeem: `The registry states: “${stablecoin.mintRedeem}”` } : {}),
        ...(files?.worstDepeg ? { worstDepeg: files.worstDepeg } : {}),
      },
      source,
    },
    ...(unlocks ? { unlocks } : {}),
  };
}

const auditsByAsset = new Map<string, PublicAuditRecord[]>();
for (const record of PUBLIC_DATA.audits.records) {
  for (const id of record.assets) auditsByAsset.set(id, [...(auditsByAsset.get(id) ?? []), record]);
}

const KIND_TITLES: Record<PublicAuditRecord['kind'], string> = {
  'code-audit': 'security review',
  'formal-verification': 'formal verification',
  'reserve-attestation': 'reserve attestation',
  'bug-bounty': 'bug bounty',
};

/** The report as a source: the document at the listing's commit, dated as the listing dates it. */
export function auditSource(record: PublicAuditRecord): Source {
  const what = record.scope ? `${record.project}: ${record.scope}` : record.project;
  return {
    title: `${record.auditor} ${KIND_TITLES[record.kind]} of ${what} (${record.date}, as listed in ${record.dataset.name})`,
    url: record.url,
    publishedAt: record.date,
    dataset: datasetRef(record.dataset),
    retrievedAt: `${record.dataset.committedAt}T00:00:00.000Z`,
    live: false,
  };
}

/**
 * The published audits of the asset, newest first, from the auditors' own listings. Absent when
 * no listing names the asset: a few firms' listings are not every audit, so silence is no
 * evidence that the code was never audited.
 */
export function snapshotAudits(asset: Pick<SnapshotAsset, 'id'>): Fact<AuditFacts> | undefined {
  return auditFactOf(auditsByAsset.get(asset.id) ?? []);
}

/** The audit fact of some listing records, in the order given (the first one's source is the fact's). */
export function auditFactOf(records: readonly PublicAuditRecord[]): Fact<AuditFacts> | undefined {
  if (!records.length) return undefined;
  const reports = records.map((record) => ({
    auditor: record.auditor,
    scope: record.scope ? `${record.project}: ${record.scope}` : record.project,
    date: record.date,
    url: record.url,
    kind: record.kind,
    ...(record.auditorIsDeveloper ? { auditorIsDeveloper: true } : {}),
    source: auditSource(record),
  }));
  const independentYears = reports
    .filter((report) => !report.auditorIsDeveloper)
    .map((report) => Number(report.date.slice(0, 4)));
  return {
    value: {
      count: independentYears.length,
      ...(independentYears.length ? { latestYear: Math.max(...independentYears) } : {}),
      reports,
    },
    source: reports[0]!.source,
  };
}

const clientFiles = PUBLIC_DATA.clientDiversity;
const tokenLabels = PUBLIC_DATA.tokenContracts;
const tokenContractsById = new Map(tokenLabels.records.map((record) => [record.id, record]));
/** The day the token label file is as of: the back-test uses it only from then on. */
export const TOKEN_LABELS_DATE = tokenLabels.dataset.committedAt;

/** The eth-labels tags that say what kind of token a contract is (decisions 0247, 0279). */
const LABEL_KINDS: Readonly<Record<string, AssetKind>> = {
  stablecoin: 'stablecoin',
  meme: 'meme',
  defi: 'defi',
  dex: 'defi',
  // Liquid staking is one of DefiLlama's DeFi protocol categories (decision 0279).
  'liquid-staking': 'defi',
};

/**
 * The kind the labels state: the catalogue's kind when a label says it (the labels corroborate
 * it), else the one kind the labels say; none when they say none, or several the catalogue is not.
 */
function labelledKind(asset: SnapshotAsset, labels: readonly string[]): AssetKind | undefined {
  const kinds = new Set(labels.flatMap((label) => (LABEL_KINDS[label] ? [LABEL_KINDS[label]] : [])));
  if (kinds.has(asset.kind)) return asset.kind;
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/**
 * A token's contracts as dawsbot/eth-labels' tokens.csv labels them (decision 0244), and with
 * them the fact that it is a token on its host chain: the file shows the contract there, and
 * what kind of token it is when its labels say so (decisions 0247, 0279).
 * Absent for native coins, layer-2 coins and tokens the reviewed map leaves out.
 */
export function snapshotTokenContracts(
  asset: SnapshotAsset,
): Pick<MarketEvidence, 'chain' | 'tokenContracts' | 'profile'> {
  const record = tokenContractsById.get(asset.id);
  if (!record || !asset.platform || asset.kind === 'layer1' || asset.kind === 'layer2') return {};
  const { dataset } = tokenLabels;
  const first = record.contracts[0]!;
  const source: Source = {
    title: `eth-labels token list: ${nameWithSymbol(first.name, first.symbol)}, ${record.contracts.map((c) => c.address).join(' and ')} on chain ${record.chainId} (${tokenLabels.path}, commit ${dataset.version.slice(0, 7)})`,
    url: `https://github.com/${dataset.name}/blob/${dataset.version}/${tokenLabels.path}`,
    publishedAt: dataset.committedAt,
    dataset: datasetRef(dataset),
    retrievedAt: `${dataset.committedAt}T00:00:00.000Z`,
    live: false,
  };
  const kind = labelledKind(
    asset,
    record.contracts.flatMap((c) => c.labels),
  );
  return {
    chain: { value: 'token', source },
    ...(kind ? { profile: { value: { kind, platform: asset.platform }, source } } : {}),
    tokenContracts: {
      value: {
        chainId: record.chainId,
        chain: asset.platform,
        contracts: record.contracts.map(({ address, name, symbol, website, labels }) => ({
          address,
          name,
          symbol,
          ...(website ? { website } : {}),
          ...(labels.length ? { labels } : {}),
        })),
      },
      source,
    },
  };
}

/**
 * Ethereum's client shares: each clientdiversity.org file's newest reading, cited by file,
 * commit and the reading's day (decision 0243). Only Ethereum's own report holds them: the
 * files measure Ethereum's nodes and validators, not a token's or a layer 2's.
 */
export function snapshotClientDiversity(
  asset: Pick<SnapshotAsset, 'id'>,
): SecurityEvidence['clientDiversity'] {
  if (asset.id !== 'ethereum') return undefined;
  const { dataset } = clientFiles;
  const readings = clientFiles.files.map((file) => {
    const newest = file.readings.at(-1)!;
    return {
      layer: file.layer,
      measuredBy: file.source,
      method: file.method,
      path: file.path,
      date: newest.date,
      shares: newest.shares,
      hasMajority: newest.hasMajority,
      hasSupermajority: newest.hasSupermajority,
      source: {
        title: `clientdiversity.org ${file.layer} client shares by ${file.source}, reading of ${newest.date} (${file.path}, commit ${dataset.version.slice(0, 7)})`,
        url: `https://github.com/${dataset.name}/blob/${dataset.version}/${file.path}`,
        publishedAt: newest.date,
        dataset: datasetRef(dataset),
        retrievedAt: `${dataset.committedAt}T00:00:00.000Z`,
        live: false,
      } satisfies Source,
    };
  });
  // Newest readings first within each layer, execution before consensus.
  readings.sort((a, b) => a.layer.localeCompare(b.layer) * -1 || b.date.localeCompare(a.date));
  return { value: { readings }, source: readings[0]!.source };
}

/** Security facts of the offline data: the exploits, curated incidents, published audits and client shares. */
export function snapshotSecurityEvidence(asset: SnapshotAsset): SecurityEvidence {
  const audits = snapshotAudits(asset);
  const clientDiversity = snapshotClientDiversity(asset);
  return {
    incidents: curatedIncidents(asset),
    incidentCoverage: incidentCoverageOf(asset),
    ...(audits ? { audits } : {}),
    ...(clientDiversity ? { clientDiversity } : {}),
  };
}

/** The offline sources: no network, instant, dated. */
export function createSnapshotSources(options: SnapshotOptions = {}): ResearchSources {
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
      return snapshotMarketEvidence(require(asset), options);
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
