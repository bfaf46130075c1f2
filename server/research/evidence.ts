import type { DatasetRef, Source } from '../../contract/reports';

// What the agents score: facts about one asset, each with the source it came from.
// Every field is optional: a source fills what it holds, and the scorers say plainly what
// was missing. Sources (live services, the dated snapshot) merge into one AssetEvidence.

export interface Fact<T> {
  value: T;
  source: Source;
}

/** What an asset is, in the words a buyer uses ("layer 1", "token on Ethereum", "meme"…). */
export const ASSET_KINDS = ['layer1', 'layer2', 'token', 'stablecoin', 'meme', 'defi', 'exchange'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

export interface AssetRef {
  /** Canonical id (CoinGecko's coin id, e.g. "bitcoin"). */
  id: string;
  name: string;
  symbol: string;
  /** Market-cap rank when the source knows it. */
  rank?: number;
  kind?: AssetKind;
  /** Host chain of a token (e.g. "Ethereum"), absent for native coins. */
  platform?: string;
}

export type ChainKind = 'layer1' | 'layer2' | 'token';

export interface HackRecord {
  name: string;
  /** ISO date of the incident. */
  date: string;
  amountUsd: number;
  returnedUsd: number;
  technique?: string;
  /** Write-up of the incident (DeFiLlama's source link, a post-mortem). */
  link?: string;
}

/** Incidents beyond hacks: collapses, rug pulls, regulator actions, depegs, fraud. */
export const INCIDENT_KINDS = [
  'hack',
  'exploit',
  'rug pull',
  'exchange collapse',
  /** A project or service that stopped (its team ceased operations), not an exchange. */
  'collapse',
  'depeg',
  'regulatory action',
  'fraud',
] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/**
 * What an incident proves on its own, set only when a primary document (court, regulator,
 * issuer filing or post-mortem) supports it; that document is among the record's sources.
 */
export const KNOCKOUT_KINDS = [
  'fraud-conviction',
  'regulator-fraud-finding',
  'issuer-bankruptcy',
  'collapse',
  'permanent-depeg',
] as const;
export type KnockoutKind = (typeof KNOCKOUT_KINDS)[number];

/** Where an incident record came from: a public dataset, or the curated list with its primary document. */
export type IncidentOrigin =
  | {
      kind: 'dataset';
      dataset: DatasetRef /** File inside the dataset the record was read from. */;
      path: string;
    }
  | {
      kind: 'curated' /** The primary document the curated record rests on. */;
      document: string;
      publishedAt: string;
    };

export interface IncidentRecord {
  kind: IncidentKind;
  /** ISO date. */
  date: string;
  title: string;
  summary: string;
  /** Loss to holders or users, when known. */
  amountUsd?: number;
  /** The main document about the incident (the first of `sources`). */
  link: string;
  /** Every document about the incident: post-mortems, filings, explorer pages, each dated. */
  sources?: Source[];
  origin?: IncidentOrigin;
  /** Set only when a primary document supports it (see KNOCKOUT_KINDS). */
  knockout?: KnockoutKind;
  /** The incident destroyed most of the asset's value (the asset itself failed). */
  collapse?: boolean;
  /** The collapse's own date ("2022-05" or a day) when the record is of a later event; else `date`. */
  collapseDate?: string;
  /** What the record's event is, said of the collapse ("its issuer filed for chapter 11"). */
  collapseEvent?: string;
  /** The primary document as prose names it ("the SEC's release"), dated by `origin.publishedAt`. */
  documentName?: string;
  /** The people behind the asset were charged, convicted or admitted wrongdoing. */
  teamAtFault?: boolean;
}

export interface TeamFacts {
  identified: boolean;
  publicCode: boolean;
  note: string;
  /**
   * The source says nothing about who the team is (a map of public code): not identified here,
   * which is not a finding that the team is anonymous.
   */
  identityNotStated?: true;
  /** The project's public repositories as a dated map of ecosystems lists them (decision 0330). */
  repositories?: PublicCodeFacts;
}

export interface PublicCodeFacts {
  /** The map, as its licence asks to be credited ("Open Dev Data by Electric Capital"). */
  map: string;
  /** The project's ecosystem as the map names it. */
  ecosystem: string;
  /** Repositories listed in the ecosystem itself, as of `asOf` (a lower bound when `lowerBound`). */
  count: number;
  /** The GitHub owners with the most of them, most first. */
  organisations: { name: string; repositories: number }[];
  asOf: string;
  /** Part of the map's history could not be read: the count may be higher. */
  lowerBound?: true;
}

export interface UseCaseFacts {
  description: string;
  categories: string[];
  tvlUsd?: number;
  marketCapRank?: number;
}

export const AUDIT_KINDS = [
  'code-audit',
  'reserve-attestation',
  'bug-bounty',
  'formal-verification',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditReport {
  auditor: string;
  /** What was reviewed ("Uniswap v4 Core"), as the auditor's listing names it. */
  scope?: string;
  /** ISO date, year-month or year. */
  date?: string;
  /** The report itself (never only the auditor's homepage). */
  url?: string;
  kind?: AuditKind;
  /** The auditor is the asset's own developer (not an independent review). */
  auditorIsDeveloper?: boolean;
  /** The report as a citable source, when the listing that carried it is a dated dataset. */
  source?: Source;
}

export interface AuditFacts {
  count: number;
  latestYear?: number;
  /** The individual audits with their auditors and links, when the source lists them. */
  reports?: AuditReport[];
}

export interface StablecoinFacts {
  /** "peggedUSD", "peggedEUR"… as the dataset names it. */
  pegType: string;
  /** "fiat-backed", "crypto-backed", "algorithmic"… */
  pegMechanism: string;
  /** How minting and redeeming work, in the dataset's words. */
  mintRedeem?: string;
  /** Reserve attestations or proof-of-reserve pages. */
  attestations: { url: string; date?: string }[];
  /** Links the registry lists beside them that are not attestations (smart-contract audits). */
  otherAuditLinks?: { url: string }[];
  issuer?: string;
  jurisdiction?: string;
  freezeOrBlacklist?: boolean;
  /**
   * Lowest price seen, with its date; `sampling` says how the prices were sampled when not daily,
   * and `source` cites the price file when it is not the registry the other facts come from.
   */
  worstDepeg?: { date: string; low: number; sampling?: string; source?: Source };
}

/** One release of a published unlock schedule: a cliff, equal steps, or a linear release. */
export type UnlockRelease =
  | { section: string; type: 'cliff'; at: string; amount: number }
  | {
      section: string;
      type: 'step';
      /** Step i (0-based) unlocks at from + (i + 1) × everySeconds. */
      from: string;
      everySeconds: number;
      steps: number;
      amountPerStep: number;
    }
  | { section: string; type: 'linear'; from: string; to: string; amount: number };

/**
 * A token's published unlock schedule, as a dataset records it: a plan, not a measurement. The
 * locked share and the next unlock are computed from it at the report's scoring time.
 */
export interface UnlockFacts {
  /** Sum of every scheduled release (the supply the schedule covers). */
  totalScheduled: number;
  /** The total the schedule's author states, when it states one (it may cover more than the releases). */
  statedTotal?: number;
  /** Date of the dataset the plan was read from (YYYY-MM-DD). */
  asOf: string;
  /** The dataset's name, for "per the schedule in <dataset> as of <date>". */
  datasetName: string;
  sections: { name: string; amount: number }[];
  releases: UnlockRelease[];
  /** Cumulative unlocked share on the first day of each month (for the chart). */
  schedule: { date: string; cumulativeUnlockedShare: number }[];
  /** The documents the schedule's author cites (tokenomics pages, blog posts), each dated by the dataset. */
  documents: Source[];
}

export interface MarketHistoryFacts {
  /** Daily points over (up to) 365 days, oldest first. */
  points: { date: string; priceUsd: number; marketCapUsd?: number }[];
}

export interface OnchainFacts {
  activeAddresses?: number;
  transactions?: number;
  feesUsd?: number;
  /** ISO date of the figures. */
  asOf: string;
}

/** Order-book quality over the asset's most liquid markets (CoinGecko tickers). */
export interface LiquidityFacts {
  /** Distinct exchanges with a live market; absent when the source's list was not read to its end. */
  exchangeCount?: number;
  /** Median bid-ask spread over the top markets, as a ratio (0.001 = 0.1%). */
  medianSpread?: number;
  /** Summed order-book depth within ±2% of the price over the top markets, USD. */
  depthPlus2Usd?: number;
  depthMinus2Usd?: number;
}

export interface SocialFacts {
  twitterFollowers?: number;
  redditSubscribers?: number;
  telegramUsers?: number;
  /** Official accounts and sites, as links. */
  links: string[];
}

export interface DeveloperFacts {
  commits4Weeks: number;
  /** Absent when the source could not count them (GitHub: a contributor list too large to list). */
  contributors?: number;
  /** GitHub refused to list the contributors because there are too many. */
  contributorsTooManyToList?: boolean;
  /**
   * The count is a lower bound: GitHub links only the first 500 author emails of a repository to
   * accounts, and the others (anonymous) are not counted.
   */
  contributorsAtLeast?: boolean;
  stars?: number;
  repoUrl?: string;
}

/** From daily prices over (up to) the last 365 days, or a dataset's own price statistics. */
export interface SnapshotPriceRange {
  high: { date: string; priceUsd: number };
  latest: { date: string; priceUsd: number };
  /** How many monthly snapshots price the asset. */
  snapshots: number;
}

export interface PriceHistoryFacts {
  /**
   * Largest peak-to-trough fall in the window, as a positive ratio (0.55 = 55%). Absent when
   * the prices at hand cannot show it (a dataset excerpt of a few days).
   */
  maxDrawdown?: number;
  /** How the prices behind `maxDrawdown` were sampled, when not daily over `days`. */
  drawdownSampling?: string;
  /** Annualised standard deviation of daily log returns (0.6 = 60%). */
  annualisedVolatility: number;
  /** Days of daily prices behind the volatility (and the drawdown, unless it says otherwise). */
  days: number;
  /** Price change over the last year, as a ratio (-0.3 = down 30%), when the source states it. */
  oneYearReturn?: number;
}

export interface HolderEntry {
  address: string;
  /** Share of the supply, as a ratio. */
  share: number;
  /** "Exchange: Binance", "Contract: bridge", … when known. */
  label?: string;
}

export interface HolderFacts {
  /** Share held by the 10 largest addresses, as a ratio. */
  top10Share: number;
  /** Same, leaving out addresses labelled as exchanges or contracts. */
  top10ShareExcludingLabelled?: number;
  holderCount?: number;
  largest: HolderEntry[];
}

export interface TvlTrendFacts {
  currentUsd: number;
  /** Change over 30 and 365 days, as ratios (-0.2 = down 20%). */
  change30d?: number;
  change365d?: number;
}

/** One file's newest reading of Ethereum's client shares (clientdiversity.org's data files). */
export interface ClientShareReading {
  layer: 'execution' | 'consensus';
  /** Who measured it and how, as the repository's methodology page says. */
  measuredBy: string;
  method: string;
  /** The data file, e.g. `_data/migalabs.json`. */
  path: string;
  /** The reading's day (the file's newest). */
  date: string;
  /** Every client the reading lists, largest first, as ratios. */
  shares: { client: string; share: number }[];
  /** The file's own flags: one client at 50% or more, at 66% or more. */
  hasMajority: boolean;
  hasSupermajority: boolean;
  source: Source;
}

/** Which clients run Ethereum, per file, newest reading each (decision 0243). */
export interface ClientDiversityFacts {
  readings: ClientShareReading[];
}

/** A live source that did not answer: its facts are missing, and the report can say why. */
export interface SourceGap {
  source: string;
  /** The evidence fields left missing (e.g. "liquidity", "holders"). */
  facts: string[];
  reason: string;
}

/**
 * One market record's own price and valuation figures, all of its date: a fully diluted value is
 * read from (or derived within) this one record, never from figures of other records or days.
 */
export interface ValuationFacts {
  priceUsd: number;
  marketCapUsd: number | null;
  /** The record's own fully diluted valuation, when it states one. */
  fullyDilutedUsd: number | null;
  circulating: number | null;
  total: number | null;
  max: number | null;
}

/** Market and project facts (CoinGecko or the snapshot). */
export interface MarketEvidence {
  profile?: Fact<{ kind: AssetKind; platform?: string }>;
  marketCapUsd?: Fact<number>;
  volume24hUsd?: Fact<number>;
  /**
   * `max: null` means no hard cap, unless `maxUnknown` says the source does not tell (a dataset
   * that counts issued units only).
   */
  supply?: Fact<{
    circulating: number | null;
    total: number | null;
    max: number | null;
    maxUnknown?: boolean;
  }>;
  /** The price and valuation of the record the supply figures come from (the fully diluted value). */
  valuation?: Fact<ValuationFacts>;
  /**
   * The earliest date a dataset shows the asset priced, when its launch date is unknown: the
   * asset is at least this old.
   */
  pricedSince?: Fact<string>;
  /**
   * The earliest day is the asset's first month in the monthly top-200 files: it may have been
   * priced before (the files begin in 2020, and list only the top 200), so the report says "at
   * least since", never a first listing.
   */
  pricedSinceInTopList?: boolean;
  /** The first day a dataset records the asset's own chain (it counts its blocks): a lower bound of its age. */
  chainRecordedSince?: Fact<string>;
  /**
   * The newest day a cited dataset shows the asset priced, when it is later than the dataset of
   * the first day: the age a lower bound proves runs to it (priced in 2015 in one file, still
   * priced in 2025 in another).
   */
  pricedUntil?: Fact<string>;
  watchlistUsers?: Fact<number>;
  genesisDate?: Fact<string>;
  athChangeRatio?: Fact<number>;
  /**
   * The highest and the latest of a dataset's monthly snapshot prices (offline demo): a fall from
   * the highest snapshot is a lower bound of the fall from the all-time high, which a price between
   * snapshots may have set higher.
   */
  snapshotPrices?: Fact<SnapshotPriceRange>;
  /**
   * The newest market row of an asset the monthly snapshots stopped listing long ago (offline
   * demo): too old to score, stated with its date instead of being called missing.
   */
  staleMarket?: Fact<{ date: string; marketCapUsd: number; volume24hUsd: number; circulating: number }>;
  team?: Fact<TeamFacts>;
  useCase?: Fact<UseCaseFacts>;
  /**
   * How many projects' ecosystems a map of crypto ecosystems connects to the asset's own (offline:
   * Electric Capital's, decision 0331): projects built on it, a platform's use.
   */
  ecosystemProjects?: Fact<{ ecosystem: string; projects: number; asOf: string }>;
  chain?: Fact<ChainKind>;
  /**
   * The chains whose coin the asset is, as a chain list names them (offline demo: DefiLlama's
   * `chainCoingeckoIds`, decision 0274), each with the chain it is built on, if any.
   */
  chainListing?: Fact<{ chains: { name: string; parent?: string }[] }>;
  /**
   * The offline catalogue's kind, which picks the peer group: ours, not a cited record. Never
   * scored; a gap the report states says that no dataset states it (decision 0274).
   */
  catalogueKind?: AssetKind;
  /**
   * The token's contracts on its host chain, as a dataset of explorer labels names them (offline
   * demo: dawsbot/eth-labels, decision 0244): what the asset is, by address.
   */
  tokenContracts?: Fact<{
    chainId: number;
    /** The host chain as the catalogue names it. */
    chain: string;
    contracts: {
      address: string;
      name: string;
      symbol: string;
      website?: string;
      /** The catalogue's tags ("defi", "stablecoin", "dex"…), as the file writes them. */
      labels?: string[];
    }[];
  }>;
  /** Share of the 10 largest holders (kept for reports scored before HolderFacts). */
  topHoldersShare?: Fact<number>;
  holders?: Fact<HolderFacts>;
  liquidity?: Fact<LiquidityFacts>;
  social?: Fact<SocialFacts>;
  developer?: Fact<DeveloperFacts>;
  priceHistory?: Fact<PriceHistoryFacts>;
  /** Live market sources that failed for this report (their facts are missing). */
  marketGaps?: SourceGap[];
  stablecoin?: Fact<StablecoinFacts>;
  unlocks?: Fact<UnlockFacts>;
  marketHistory?: Fact<MarketHistoryFacts>;
  onchain?: Fact<OnchainFacts>;
}

/** Security facts (DeFiLlama, the curated incident list or the snapshot). */
export interface SecurityEvidence {
  audits?: Fact<AuditFacts>;
  /** Present (possibly empty) when the incident database was consulted. */
  hacks?: Fact<HackRecord[]>;
  tvlUsd?: Fact<number>;
  tvlTrend?: Fact<TvlTrendFacts>;
  /** Present (possibly empty) when the curated incident list was consulted. */
  incidents?: Fact<IncidentRecord[]>;
  /** Every incident source searched for this asset: whether it covers the asset (its kind and
   *  period, and the asset is mapped into it) and why not when it does not. */
  incidentCoverage?: {
    source: Source;
    covers: boolean;
    reason: string;
    /** The kinds of incident the source records (an exploit list records no collapse or fraud). */
    kinds?: readonly IncidentKind[];
  }[];
  /**
   * Who produces the chain's blocks, the newest monthly reading (offline: the Blockchain
   * Technology Lab's EDI outputs, decision 0333): how many entities produced a majority.
   */
  blockProduction?: Fact<{
    date: string;
    nakamotoCoefficient: number;
    top1Share: number;
    top3Share: number;
    entities: number;
  }>;
  /** The network's own client shares (Ethereum only, from clientdiversity.org's files). */
  clientDiversity?: Fact<ClientDiversityFacts>;
  /** Live security sources that failed for this report (their facts are missing). */
  securityGaps?: SourceGap[];
}

export type AssetEvidence = MarketEvidence &
  SecurityEvidence & {
    /**
     * ISO date of the evidence: the dataset's date offline, the retrieval date live (the
     * oldest when sources mix), so the report can say how old its data is.
     */
    dataAsOf?: string;
  };

/**
 * The evidence a report was scored on, kept in its research_data (reports researched before it
 * was kept have none): `scoredAt` is the "now" the scorers used, so re-scoring is repeatable.
 */
export type StoredEvidence = AssetEvidence & { scoredAt: string };
