import { type CategoryKey, METHODOLOGY_VERSION } from './methodology';

// The documented rule of every category: what it measures, the evidence it reads and how that
// evidence maps to a 1-5 score. The research engine implements exactly these thresholds
// (server/research/scoring.ts reads the numbers below); the documentation page renders them.

export interface ScoringRule {
  measures: string;
  evidence: string;
  /** From 5 down to 1; each line says when that score is given. */
  levels: readonly { score: number; when: string }[];
  /** Adjustments applied after the level (caps, penalties, the writer's bounded change). */
  notes?: readonly string[];
}

export const NO_EVIDENCE_FINDING = 'No evidence found';
export const NO_EVIDENCE_NOTE =
  'A category scores only on cited evidence. Without it the category reads "No evidence found", is not assessed (no score of its own) and enters the total at the lowest level, 1: the total is T = S × 77 / 75 over all twelve, so a gap in the data can never raise a total or improve a risk level, and every verdict says on how many of the twelve categories it is rated. With fewer than 4 categories with evidence a report is Not rated (no total, no risk level); a knockout still makes it Not Safe.';

/**
 * Key risks read from the evidence itself, whatever the category scores (methodology 2026.11-5,
 * decision 0322): a price well below its high, a large fall within the year, supply still to be
 * issued under a cap. Each is stated with its figure, its date and its source.
 */
export const EVIDENCE_RISK_THRESHOLDS = {
  /** The price is this far or more below its all-time (or highest snapshot) high. */
  belowHigh: 0.25,
  /** The largest peak-to-trough fall in the price history reached this. */
  largestFall: 0.25,
  /** Supply still to be created under the cap, as a share of today's total supply. */
  issuanceLeft: 0.01,
  /** This many block producers or fewer together produced a majority of blocks (Nakamoto coefficient). */
  blockMajorityProducers: 3,
} as const;

export const EVIDENCE_RISKS_NOTE = `Key risks also come from the evidence itself, whatever a category scores: a price ${EVIDENCE_RISK_THRESHOLDS.belowHigh * 100}% or more below its high, a fall of ${EVIDENCE_RISK_THRESHOLDS.largestFall * 100}% or more in the price history, supply still to be created under a cap of ${EVIDENCE_RISK_THRESHOLDS.issuanceLeft * 100}% or more of today's supply, and a chain where ${EVIDENCE_RISK_THRESHOLDS.blockMajorityProducers} or fewer block producers made the majority of blocks in the newest reading, each with its figure, date and source. A category scored 5/5 is never itself a key risk; a risk it states is listed under what the evidence shows (price history, supply, network).`;

/** Thresholds of methodology 2026.11-1 (kept so reports scored with it stay explainable). */
export const THRESHOLDS_V1 = {
  marketCapUsd: [10e9, 1e9, 100e6, 10e6],
  volumeToMarketCap: [0.1, 0.05, 0.02, 0.005],
  circulatingToTotal: [0.9, 0.75, 0.5, 0.25],
  totalToMax: [0.9, 0.6, 0.3],
  watchlistUsers: [1_000_000, 200_000, 50_000, 10_000],
  ageYears: [8, 5, 3, 1],
  topHoldersShare: [0.2, 0.35, 0.5, 0.7],
  hackNetLossUsd: [1e6, 10e6, 100e6],
  recentYears: 2,
  staleAuditYears: 3,
  athDrawdownPenalty: 0.9,
} as const;

/**
 * 1000000 as '1,000,000' (en-US grouping of a whole number). Not toLocaleString: in a browser the
 * first Intl number format sets up ICU, about 30 ms of main thread on a phone while the
 * documentation page loads.
 */
export const groupThousands = (value: number) => String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');
const usd = (value: number) =>
  value >= 1e9
    ? `$${value / 1e9} billion`
    : value >= 1e6
      ? `$${value / 1e6} million`
      : `$${groupThousands(value)}`;
const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
const count = groupThousands;
const t = THRESHOLDS_V1;

/** The rules of methodology 2026.11-1: volume judged only against market cap, watchlists only. */
export const SCORING_RULES_V1: Record<CategoryKey, ScoringRule> = {
  marketCap: {
    measures: 'Size of the asset: how much capital the market values it at.',
    evidence: 'Market capitalisation in US dollars (CoinGecko market data).',
    levels: [
      { score: 5, when: `${usd(t.marketCapUsd[0])} or more` },
      { score: 4, when: `${usd(t.marketCapUsd[1])} to ${usd(t.marketCapUsd[0])}` },
      { score: 3, when: `${usd(t.marketCapUsd[2])} to ${usd(t.marketCapUsd[1])}` },
      { score: 2, when: `${usd(t.marketCapUsd[3])} to ${usd(t.marketCapUsd[2])}` },
      { score: 1, when: `below ${usd(t.marketCapUsd[3])}, or no market data` },
    ],
  },
  volumeX2: {
    measures: 'Liquidity: whether the asset can be bought and sold without moving its price.',
    evidence: '24-hour trading volume relative to market capitalisation (CoinGecko market data).',
    levels: [
      { score: 5, when: `24 h volume is ${pct(t.volumeToMarketCap[0])} of market cap or more` },
      { score: 4, when: `${pct(t.volumeToMarketCap[1])} to ${pct(t.volumeToMarketCap[0])}` },
      { score: 3, when: `${pct(t.volumeToMarketCap[2])} to ${pct(t.volumeToMarketCap[1])}` },
      { score: 2, when: `${t.volumeToMarketCap[3] * 100}% to ${pct(t.volumeToMarketCap[2])}` },
      { score: 1, when: `below ${t.volumeToMarketCap[3] * 100}%, or no volume data` },
    ],
  },
  circulatingSupply: {
    measures: 'How much of the supply already trades, i.e. how much could still be unlocked and sold.',
    evidence: 'Circulating supply divided by total supply (CoinGecko market data).',
    levels: [
      { score: 5, when: `${pct(t.circulatingToTotal[0])} or more of the total supply circulates` },
      { score: 4, when: `${pct(t.circulatingToTotal[1])} to ${pct(t.circulatingToTotal[0])}` },
      { score: 3, when: `${pct(t.circulatingToTotal[2])} to ${pct(t.circulatingToTotal[1])}` },
      { score: 2, when: `${pct(t.circulatingToTotal[3])} to ${pct(t.circulatingToTotal[2])}` },
      { score: 1, when: `below ${pct(t.circulatingToTotal[3])}, or no supply data` },
    ],
  },
  totalSupply: {
    measures: 'Future dilution: how far the total supply can still grow.',
    evidence: 'Total supply divided by maximum supply, or the absence of a hard cap (CoinGecko market data).',
    levels: [
      { score: 5, when: `a hard cap exists and ${pct(t.totalToMax[0])} or more of it is issued` },
      {
        score: 4,
        when: `a hard cap exists and ${pct(t.totalToMax[1])} to ${pct(t.totalToMax[0])} is issued`,
      },
      {
        score: 3,
        when: `a hard cap with ${pct(t.totalToMax[2])} to ${pct(t.totalToMax[1])} issued, or no hard cap`,
      },
      { score: 2, when: `a hard cap with less than ${pct(t.totalToMax[2])} issued` },
      { score: 1, when: 'no supply data' },
    ],
  },
  socialMetricsX2: {
    measures: 'Community reach and attention.',
    evidence: 'Number of CoinGecko users who follow the asset in a watchlist or portfolio.',
    levels: [
      { score: 5, when: `${count(t.watchlistUsers[0])} followers or more` },
      { score: 4, when: `${count(t.watchlistUsers[1])} to ${count(t.watchlistUsers[0])}` },
      { score: 3, when: `${count(t.watchlistUsers[2])} to ${count(t.watchlistUsers[1])}` },
      { score: 2, when: `${count(t.watchlistUsers[3])} to ${count(t.watchlistUsers[2])}` },
      { score: 1, when: `below ${count(t.watchlistUsers[3])}, or no data` },
    ],
  },
  team: {
    measures: 'Accountability of the people behind the project.',
    evidence:
      'Whether an identified team or foundation stands behind it, whether its code is public, and how long it has operated.',
    levels: [
      { score: 5, when: 'identified team or foundation, public code and 3+ years of operation' },
      { score: 4, when: 'identified team and public code, or identified team with 3+ years' },
      { score: 3, when: 'identified team only' },
      { score: 2, when: 'anonymous team with public code or 3+ years of operation' },
      { score: 1, when: 'anonymous team, no public code, or no evidence' },
    ],
    notes: [
      'Points: 1 + 2 for an identified team or foundation + 1 for a public code repository + 1 for 3+ years of operation.',
      'The optional AI writer may move this score by at most one point, with a stated reason.',
    ],
  },
  useCase: {
    measures: 'Whether the asset does something people use beyond speculation.',
    evidence: 'Project description and categories (CoinGecko), total value locked (DeFiLlama), market rank.',
    levels: [
      {
        score: 5,
        when: 'described purpose, a utility category and proven usage (top-100 rank or $100 million+ TVL)',
      },
      { score: 4, when: 'described purpose and a utility category' },
      { score: 3, when: 'a utility category without a description, or description with proven usage' },
      { score: 2, when: 'a description only, or a meme asset (capped at 2)' },
      { score: 1, when: 'no evidence of a use' },
    ],
    notes: [
      'Points: 1 + 1 for a described purpose + 2 for a utility category (platform, DeFi, payments, stablecoin, oracle, exchange, infrastructure) + 1 for proven usage.',
      'Meme assets are capped at 2. The optional AI writer may move this score by at most one point, with a stated reason.',
    ],
  },
  existenceGrowthX2: {
    measures: 'Track record: how long the asset has survived and whether it kept its value.',
    evidence: 'Time since genesis or launch; drawdown from the all-time high (CoinGecko).',
    levels: [
      { score: 5, when: `${t.ageYears[0]} years or more since genesis` },
      { score: 4, when: `${t.ageYears[1]} to ${t.ageYears[0]} years` },
      { score: 3, when: `${t.ageYears[2]} to ${t.ageYears[1]} years` },
      { score: 2, when: `${t.ageYears[3]} to ${t.ageYears[2]} years` },
      { score: 1, when: `less than ${t.ageYears[3]} year, or unknown launch date` },
    ],
    notes: [
      `One point less (minimum 1) when the price is more than ${pct(t.athDrawdownPenalty)} below its all-time high.`,
    ],
  },
  audits: {
    measures: 'Independent review of the code that holds users’ funds.',
    evidence:
      'Number of published security audits and the year of the latest one (DeFiLlama, public reports).',
    levels: [
      { score: 5, when: '3 or more audits' },
      { score: 4, when: '2 audits' },
      { score: 3, when: '1 audit' },
      { score: 1, when: 'no published audit, or no evidence' },
    ],
    notes: [`One point less (minimum 2) when the latest audit is more than ${t.staleAuditYears} years old.`],
  },
  dexHolders: {
    measures: 'Holder concentration: how much of the supply a few wallets control.',
    evidence:
      'Share of supply held by the 10 largest holders, excluding exchange and contract wallets where known.',
    levels: [
      { score: 5, when: `top-10 holders hold ${pct(t.topHoldersShare[0])} or less` },
      { score: 4, when: `${pct(t.topHoldersShare[0])} to ${pct(t.topHoldersShare[1])}` },
      { score: 3, when: `${pct(t.topHoldersShare[1])} to ${pct(t.topHoldersShare[2])}` },
      { score: 2, when: `${pct(t.topHoldersShare[2])} to ${pct(t.topHoldersShare[3])}` },
      { score: 1, when: `more than ${pct(t.topHoldersShare[3])}, or no holder data` },
    ],
  },
  hacksScandals: {
    measures: 'Security incidents: hacks, exploits and rug pulls that cost users money.',
    evidence: 'Recorded incidents and the net amount lost after funds returned (DeFiLlama hacks database).',
    levels: [
      { score: 5, when: 'no recorded incident' },
      { score: 4, when: `largest net loss below ${usd(t.hackNetLossUsd[0])}` },
      { score: 3, when: `${usd(t.hackNetLossUsd[0])} to ${usd(t.hackNetLossUsd[1])}` },
      { score: 2, when: `${usd(t.hackNetLossUsd[1])} to ${usd(t.hackNetLossUsd[2])}` },
      { score: 1, when: `${usd(t.hackNetLossUsd[2])} or more, or the incident data could not be checked` },
    ],
    notes: [`One point less (minimum 1) when an incident happened within the last ${t.recentYears} years.`],
  },
  layer1: {
    measures: 'Independence of the infrastructure the asset runs on.',
    evidence:
      'Whether the asset is the native coin of its own layer-1 chain, of a layer-2, or a token on another chain.',
    levels: [
      { score: 5, when: 'native coin of a layer-1 blockchain' },
      { score: 4, when: 'native coin of a layer-2 network' },
      { score: 3, when: 'a token issued on another chain' },
      { score: 1, when: 'no evidence' },
    ],
  },
};

/**
 * Thresholds of the current methodology (2026.11-2 and 2026.11-3), shared by the rules below and the scoring
 * code. Calibrated against the dated snapshot (server/research/calibration.unit.test.ts).
 */
export const THRESHOLDS = {
  marketCapUsd: [10e9, 1e9, 100e6, 10e6],
  /** Absolute 24 h volume: the primary liquidity signal (size never counts against an asset). */
  volume24hUsd: [1e9, 100e6, 10e6, 1e6],
  /** Order-book depth within ±2%, both sides summed: below the level volume implies costs a point. */
  depth2PctUsd: [20e6, 2e6, 200e3, 20e3],
  /** A median bid-ask spread wider than this costs a point. */
  wideSpread: 0.01,
  /** Daily volume below this share of market cap (turnover) costs a point: a price few trade at. */
  minTurnover: 0.001,
  circulatingToTotal: [0.9, 0.75, 0.5, 0.25],
  totalToMax: [0.9, 0.6, 0.3],
  watchlistUsers: [1_000_000, 200_000, 50_000, 10_000],
  twitterFollowers: [2_000_000, 500_000, 100_000, 20_000],
  commits4Weeks: [100, 30, 5, 1],
  ageYears: [8, 5, 3, 1],
  /** Below the all-time high by more than this costs a point… */
  athDrawdownPenalty: 0.9,
  /** …and by more than this, two points. */
  athCollapse: 0.99,
  /** A fall within the last year deeper than this, or annualised volatility above the next, costs a point. */
  yearDrawdownPenalty: 0.8,
  volatilityPenalty: 1,
  topHoldersShare: [0.2, 0.35, 0.5, 0.7],
  hackNetLossUsd: [1e6, 10e6, 100e6],
  recentYears: 2,
  staleAuditYears: 3,
  /** Categories that measure present size and attention are capped here after a recorded collapse. */
  collapseCap: 2,
  /**
   * A map of ecosystems shows a project's public code when one GitHub owner has at least this many
   * repositories in its ecosystem: single repositories of unrelated people are not the project's.
   */
  publicCodeMinRepositories: 3,
  /** A map that connects at least this many projects' ecosystems to an asset's shows it is a platform. */
  platformMinProjects: 10,
} as const;

const v = THRESHOLDS;
const ladder = (thresholds: readonly number[], format: (value: number) => string, unit: string) => [
  { score: 5, when: `${format(thresholds[0]!)}${unit} or more` },
  { score: 4, when: `${format(thresholds[1]!)} to ${format(thresholds[0]!)}` },
  { score: 3, when: `${format(thresholds[2]!)} to ${format(thresholds[1]!)}` },
  { score: 2, when: `${format(thresholds[3]!)} to ${format(thresholds[2]!)}` },
];
const COLLAPSE_NOTE = `Collapse rule: when the curated incident list records the asset's own collapse (it lost most of its value through a depeg, rug pull, exchange collapse or fraud), this category is capped at ${v.collapseCap} (as are Market Cap, Volume, Social Metrics, Use Case and Existence/Growth): what remains is trading in a failed asset, not evidence of safety.`;

/** The rules of methodology 2026.11-2 (kept so reports scored with it stay explainable). */
export const SCORING_RULES_V2: Record<CategoryKey, ScoringRule> = {
  marketCap: {
    measures: 'Size of the asset: how much capital the market values it at.',
    evidence: 'Market capitalisation in US dollars (CoinGecko market data).',
    levels: [
      ...ladder(v.marketCapUsd, usd, ''),
      { score: 1, when: `below ${usd(v.marketCapUsd[3])}, or no market data` },
    ],
    notes: [COLLAPSE_NOTE],
  },
  volumeX2: {
    measures: 'Liquidity: whether the asset can be bought and sold without moving its price.',
    evidence:
      'Absolute 24-hour trading volume; order-book depth within ±2% and the median bid-ask spread of the most liquid markets; turnover (volume / market cap) as a secondary signal (CoinGecko markets and tickers).',
    levels: [
      ...ladder(v.volume24hUsd, usd, ' traded in 24 hours'),
      { score: 1, when: `below ${usd(v.volume24hUsd[3])} a day, or no volume data` },
    ],
    notes: [
      `Market quality: one point less when order-book depth within ±2% (both sides) sits on a lower ladder than the volume (${usd(v.depth2PctUsd[0])}, ${usd(v.depth2PctUsd[1])}, ${usd(v.depth2PctUsd[2])}, ${usd(v.depth2PctUsd[3])} for 5 to 2), or when the median spread is wider than ${v.wideSpread * 100}%.`,
      `Turnover: one point less when a day's volume is below ${v.minTurnover * 100}% of market capitalisation. A large asset is never penalised for being large.`,
      'At most one point is taken for market quality and turnover together; the minimum is 1.',
      COLLAPSE_NOTE,
    ],
  },
  circulatingSupply: SCORING_RULES_V1.circulatingSupply,
  totalSupply: SCORING_RULES_V1.totalSupply,
  socialMetricsX2: {
    measures: 'Community reach and development activity: who follows the asset and who still builds it.',
    evidence:
      'CoinGecko watchlist users and X (Twitter) followers for reach; commits to the main public repository in the last 4 weeks for development (CoinGecko developer data, GitHub).',
    levels: [
      { score: 5, when: 'reach level and development level average 4.5 or more' },
      { score: 4, when: 'they average 3.5 to 4.4' },
      { score: 3, when: 'they average 2.5 to 3.4' },
      { score: 2, when: 'they average 1.5 to 2.4' },
      { score: 1, when: 'below 1.5, or no community data' },
    ],
    notes: [
      `Reach level: the better of watchlist users (${count(v.watchlistUsers[0])}, ${count(v.watchlistUsers[1])}, ${count(v.watchlistUsers[2])}, ${count(v.watchlistUsers[3])} for 5 to 2) and X followers (${count(v.twitterFollowers[0])}, ${count(v.twitterFollowers[1])}, ${count(v.twitterFollowers[2])}, ${count(v.twitterFollowers[3])}).`,
      `Development level: commits in 4 weeks (${v.commits4Weeks[0]}, ${v.commits4Weeks[1]}, ${v.commits4Weeks[2]}, ${v.commits4Weeks[3]} for 5 to 2); no public development activity counts as 1.`,
      'Score = the average of the two levels, rounded half up.',
      COLLAPSE_NOTE,
    ],
  },
  team: {
    ...SCORING_RULES_V1.team,
    notes: [
      ...(SCORING_RULES_V1.team.notes ?? []),
      'Accountability rule: when the curated incident list records fraud or a rug pull by the people behind the asset, the score is 1; a regulatory finding against them costs 2 points (minimum 1).',
    ],
  },
  useCase: {
    ...SCORING_RULES_V1.useCase,
    evidence:
      'Project description, categories and kind (CoinGecko), total value locked (DeFiLlama), market rank, and the curated incident list.',
    notes: [
      'Points: 1 + 1 for a described purpose + 2 for a utility category or kind (platform, DeFi, payments, stablecoin, oracle, exchange, infrastructure) + 1 for proven usage.',
      'Meme assets (by kind or category) are capped at 2. After a recorded collapse the use it was built for failed, so the score is capped at 2.',
      'The optional AI writer may move this score by at most one point, with a stated reason.',
    ],
  },
  existenceGrowthX2: {
    measures: 'Track record: how long the asset has survived and whether it kept its value.',
    evidence:
      'Time since genesis or launch; drawdown from the all-time high; the largest fall and the volatility over the last year (CoinGecko market data and price history).',
    levels: [
      { score: 5, when: `${v.ageYears[0]} years or more since genesis` },
      { score: 4, when: `${v.ageYears[1]} to ${v.ageYears[0]} years` },
      { score: 3, when: `${v.ageYears[2]} to ${v.ageYears[1]} years` },
      { score: 2, when: `${v.ageYears[3]} to ${v.ageYears[2]} years` },
      { score: 1, when: `less than ${v.ageYears[3]} year, or unknown launch date` },
    ],
    notes: [
      `One point less when the price is more than ${pct(v.athDrawdownPenalty)} below its all-time high, two points less when it is more than ${v.athCollapse * 100}% below (the asset did not keep its value).`,
      `One point less when the largest fall within the last year exceeds ${pct(v.yearDrawdownPenalty)} or the annualised volatility of daily prices exceeds ${pct(v.volatilityPenalty)} (a price that swings like this is speculative).`,
      'The minimum is 1.',
      COLLAPSE_NOTE,
    ],
  },
  audits: {
    measures: 'Independent review of the code that holds users’ funds.',
    evidence:
      'Published security audits with their auditors, dates and links (DeFiLlama, public audit reports).',
    levels: [
      { score: 5, when: '3 or more audits' },
      { score: 4, when: '2 audits' },
      { score: 3, when: '1 audit' },
      { score: 1, when: 'no published audit, or no evidence' },
    ],
    notes: [`One point less (minimum 2) when the latest audit is more than ${v.staleAuditYears} years old.`],
  },
  dexHolders: {
    measures: 'Holder concentration: how much of the supply a few wallets control.',
    evidence:
      'Share of supply held by the 10 largest addresses, leaving out addresses labelled as exchanges, bridges, burn addresses or protocol contracts (chain explorers, Blockfrost, Ethplorer, Solana RPC).',
    levels: [
      { score: 5, when: `top-10 holders hold ${pct(v.topHoldersShare[0])} or less` },
      { score: 4, when: `${pct(v.topHoldersShare[0])} to ${pct(v.topHoldersShare[1])}` },
      { score: 3, when: `${pct(v.topHoldersShare[1])} to ${pct(v.topHoldersShare[2])}` },
      { score: 2, when: `${pct(v.topHoldersShare[2])} to ${pct(v.topHoldersShare[3])}` },
      { score: 1, when: `more than ${pct(v.topHoldersShare[3])}, or no holder data` },
    ],
    notes: [
      'Exchange and contract wallets hold other people’s coins, so they are left out when the source labels them; without labels the raw top-10 share is used.',
    ],
  },
  hacksScandals: {
    measures:
      'Security incidents and scandals: hacks, exploits, rug pulls, exchange collapses, depegs, fraud and regulator actions.',
    evidence:
      'Hacks with amounts lost and returned (DeFiLlama hacks database) and the curated incident list shipped with Crow Research, each incident with a public write-up.',
    levels: [
      { score: 5, when: 'no recorded incident' },
      {
        score: 4,
        when: `the worst incident is a hack with a net loss below ${usd(v.hackNetLossUsd[0])}, a regulator action, or a depeg that recovered`,
      },
      {
        score: 3,
        when: `a net hack loss of ${usd(v.hackNetLossUsd[0])} to ${usd(v.hackNetLossUsd[1])}, a regulator finding against the team, or a lasting depeg`,
      },
      {
        score: 2,
        when: `a net hack loss of ${usd(v.hackNetLossUsd[1])} to ${usd(v.hackNetLossUsd[2])}, or a rug pull, fraud or exchange collapse without a collapse of the asset`,
      },
      {
        score: 1,
        when: `a net hack loss of ${usd(v.hackNetLossUsd[2])} or more, the asset's own collapse, fraud by its team, or no incident data`,
      },
    ],
    notes: [
      `The worst incident decides; one point less (minimum 1) when any incident happened within the last ${v.recentYears} years.`,
      'A curated incident that is the same event as a recorded hack (same kind, within 7 days) counts once.',
    ],
  },
  layer1: SCORING_RULES_V1.layer1,
};

/** The incident findings that knock an asset out, each with the category it scores 1 in. */
export const KNOCKOUT_RULES = [
  {
    kind: 'fraud-conviction',
    category: 'team',
    rule: 'A court convicted the issuer or the founders of fraud.',
  },
  {
    kind: 'regulator-fraud-finding',
    category: 'team',
    rule: 'A regulator found (or a court found in a regulator’s case) that the issuer or the founders defrauded investors.',
  },
  {
    kind: 'issuer-bankruptcy',
    category: 'team',
    rule: 'The issuer filed for bankruptcy or was put into liquidation.',
  },
  {
    kind: 'collapse',
    category: 'existenceGrowthX2',
    rule: 'The asset lost more than 90% of its value in a collapse and did not recover: the curated incident list records its own collapse and its price is still more than 90% below its high.',
  },
  {
    kind: 'permanent-depeg',
    category: 'existenceGrowthX2',
    rule: 'A stablecoin lost its peg and never regained it.',
  },
] as const satisfies readonly { kind: string; category: CategoryKey; rule: string }[];

export const KNOCKOUT_NOTE =
  'Knockouts are set only from a primary document (a court ruling, a regulator’s finding, an issuer’s filing or post-mortem) linked from the incident. Any knockout scores 1 in its category and makes the report Not Safe, whatever the weighted sum: the total still shows how the figures look, the risk level says the asset already failed its holders. The summary names the knockout first. A knockout incident and its document are listed in the category its rule names (an incident that also records the asset’s unrecovered collapse, in Existence/Growth too); Hacks/Scandals counts it by reference.';

const knockoutNote = (category: CategoryKey) => {
  const rules = KNOCKOUT_RULES.filter((rule) => rule.category === category).map((rule) => rule.rule);
  return `Knockout: the category scores 1 and the report is Not Safe when ${rules
    .map((rule) => rule.replace(/\.$/, '').replace(/^A /, 'a ').replace(/^The /, 'the '))
    .join('; or when ')}.`;
};

/**
 * Methodology 2026.11-3: the 2026.11-2 ladders, knockouts, and audits that count only
 * independent reviews of the code (kept so reports scored with it stay explainable).
 */
const ISSUED_ONLY_NOTE =
  'A dataset that counts only the units issued (no total or maximum supply, as Coin Metrics’ community data in the offline demo) gives no evidence here: the figure is shown, the category says what is missing.';

export const SCORING_RULES_V3: Record<CategoryKey, ScoringRule> = {
  ...SCORING_RULES_V2,
  marketCap: {
    ...SCORING_RULES_V2.marketCap,
    evidence:
      'Market capitalisation in US dollars (CoinGecko market data; in the offline demo, Coin Metrics community data: the current supply at the day’s closing price, else Coin Metrics’ estimate), stated with its date.',
  },
  circulatingSupply: {
    ...SCORING_RULES_V2.circulatingSupply,
    notes: [...(SCORING_RULES_V2.circulatingSupply.notes ?? []), ISSUED_ONLY_NOTE],
  },
  totalSupply: {
    ...SCORING_RULES_V2.totalSupply,
    notes: [...(SCORING_RULES_V2.totalSupply.notes ?? []), ISSUED_ONLY_NOTE],
  },
  team: {
    ...SCORING_RULES_V2.team,
    notes: [...(SCORING_RULES_V2.team.notes ?? []), knockoutNote('team')],
  },
  existenceGrowthX2: {
    ...SCORING_RULES_V2.existenceGrowthX2,
    notes: [
      ...(SCORING_RULES_V2.existenceGrowthX2.notes ?? []),
      'Without a launch date, the earliest date any cited dataset shows the asset priced (a year before a stated 1-year return, or its oldest price) or its chain recorded counts as a lower bound of its age on the same ladder, up to the newest day a cited dataset shows it priced; the report prints that day (“Priced since” or “Chain recorded since”), its dataset, and the age it proves (“Age, lower bound”).',
      'Where a dataset holds only monthly snapshot prices, the fall from the highest snapshot stands in for the fall from the all-time high: a higher price between snapshots is not seen, so it can only understate the fall.',
      `A dataset’s own volatility (Coin Metrics: the standard deviation of daily log returns over 180 days) is annualised over 365 days and read against the same ${pct(v.volatilityPenalty)}; a largest fall is read only over a year of sampled closes, which can only understate it. On-chain activity (active addresses, transactions, fees) is shown with its date and not scored.`,
      knockoutNote('existenceGrowthX2'),
    ],
  },
  audits: {
    measures: 'Independent review of the code that holds users’ funds.',
    evidence:
      'Published security audits with their auditors, dates, links and kinds (DeFiLlama, public audit reports).',
    levels: [
      { score: 5, when: '3 or more independent code audits or formal verifications' },
      { score: 4, when: '2 independent code audits' },
      { score: 3, when: '1 independent code audit' },
      {
        score: 2,
        when: 'no independent code audit, but the developer’s own audit, a reserve attestation or a bug bounty is published',
      },
      { score: 1, when: 'no published review of any kind, or no evidence' },
    ],
    notes: [
      `One point less (minimum 2) when the latest independent audit is more than ${v.staleAuditYears} years old on the data date, counted from the audit’s own date (from the last day of its month or year when the record gives no day).`,
      'Independence: an audit by the asset’s own developer (the firm that builds its software), a reserve attestation (it checks reserves, not code) or a bug bounty (a reward offer, not a review) is listed as what it is and does not count as an independent code audit.',
    ],
  },
};

/**
 * Thresholds for a published token unlock schedule (methodology 2026.11-4). The schedule is a
 * plan read from a dataset, so it decides the supply categories only when no market supply
 * figures are at hand; otherwise it adds its facts and the next-unlock risk.
 */
export const UNLOCK_THRESHOLDS = {
  /** Unlocked share of the scheduled supply, for 5 to 2 (the circulating-share ladder). */
  unlockedShare: [0.9, 0.75, 0.5, 0.25],
  /** Growth of the unlocked supply over the horizon, at most, for 5 to 3; above the last, 2. */
  horizonGrowth: [0.02, 0.05, 0.15],
  horizonDays: 365,
  /** One day's unlock of at least this share of the scheduled supply, within the horizon, is a named risk. */
  materialUnlockShare: 0.01,
} as const;

const u = UNLOCK_THRESHOLDS;
const UNLOCK_SOURCE = 'a published token unlock schedule (DefiLlama emissions-adapters, read at its commit)';
const MATERIAL_UNLOCK_NOTE = `Next unlock: when the schedule releases at least ${u.materialUnlockShare * 100}% of its supply on one day within the next ${u.horizonDays} days, the first such unlock (date and share) is named as a key risk, whatever the score.`;

const TEAM_MAP_NOTES = [
  `Public code from a map: Electric Capital’s crypto-ecosystems taxonomy (Open Dev Data, CC BY 4.0), replayed from its dated migrations, counts as public code when one GitHub owner has at least ${v.publicCodeMinRepositories} repositories in the project’s ecosystem; the report names the ecosystem, the repository count, the owners with the most repositories and the date of the map. A map of code does not say who the team is: the identified-team points are not given from it, and the report says the sources do not name the team (not that it is anonymous).`,
  'Years of operation: from the launch date, else at least the age the Existence/Growth category proves (the earliest day a cited dataset shows the asset priced or its chain recorded, to the newest day it is priced).',
];

const USE_CASE_LISTING_NOTE = `Listed use, where no source describes the asset: the coin of a chain as a chain list names it (DefiLlama), or of a chain whose blocks a cited dataset counts, is a layer-1 or layer-2 chain category; a token list’s use tags (DeFi, DEX, lending, stablecoin, staking, liquid staking, oracle, payments, yield, meme) are its categories; an asset whose ecosystem Electric Capital’s crypto-ecosystems map connects at least ${THRESHOLDS.platformMinProjects} projects’ ecosystems to is a platform. A listing is a category, never a described purpose, and each is cited by its own record; tags naming a project or a theme are not read.`;

/**
 * Methodology 2026.11-4: the 2026.11-3 rules, and published unlock schedules as supply evidence
 * (locked share, the next 12 months of unlocks, the next material unlock).
 */
const SCORING_RULES_V4: Record<CategoryKey, ScoringRule> = {
  ...SCORING_RULES_V3,
  // What ships (decisions 0311, 0312): DeFiLlama's hacks list is a paid live source, not in every report.
  hacksScandals: {
    ...SCORING_RULES_V3.hacksScandals,
    evidence:
      'Recorded incidents, each with its document: the exploit list of DeFiHackLabs (SunWeb3Sec/DeFiHackLabs, Apache-2.0), the SEC’s blockchain enforcement actions from 2013 to April 2022 as collected by Fortior Blockchain (ChoiceCoin/Solana-Compliance, Apache-2.0), the entries of Molly White’s Web3 is Going Just Great from 2021 to September 2026 (hacks, rug pulls, collapses, the law’s actions and shady dealings read as fraud; mycodedoesnotcompile2/web3isgoinggreat-csv, CC BY 3.0), an entry kept only where another record does not already tell the same event, and the curated incident list shipped with Crow Research (regulator actions, convictions, collapses and depegs, each from its primary document); in live reports with a DeFiLlama API key, also DeFiLlama’s hacks database with amounts lost and returned. Each record names its dataset, commit and licence.',
    // A project's or service's collapse (its team ceased operations) reads as an exchange's does.
    levels: SCORING_RULES_V3.hacksScandals.levels.map((level) =>
      level.score === 2
        ? {
            ...level,
            when: level.when.replace('or exchange collapse', 'or the collapse of an exchange or a project'),
          }
        : level,
    ),
    notes: [
      ...(SCORING_RULES_V3.hacksScandals.notes ?? []),
      'Coverage: an incident source covers an asset only when it records that kind of asset, its records reach to within a year of the data, and a reviewed map places the asset in it (DeFiHackLabs: the DeFi protocols, their stablecoins, the tokens and meme tokens its map names, not chains’ coins; the SEC list ends in April 2022, so it covers no asset today). The curated list is no survey and covers no asset.',
    ],
  },
  useCase: {
    ...SCORING_RULES_V3.useCase,
    evidence: `${SCORING_RULES_V3.useCase.evidence.replace(/\.$/, '')}; without a description, what a chain list or token list says the asset is.`,
    notes: [...(SCORING_RULES_V3.useCase.notes ?? []), USE_CASE_LISTING_NOTE],
  },
  team: {
    ...SCORING_RULES_V3.team,
    evidence:
      'Whether an identified team or foundation stands behind it, whether its code is public (its own listing, or a map of the public repositories of crypto projects), and how long it has operated.',
    // The knockout rule stays the last note, as in every table since 2026.11-3.
    notes: [
      ...(SCORING_RULES_V3.team.notes ?? []).slice(0, -1),
      ...TEAM_MAP_NOTES,
      ...(SCORING_RULES_V3.team.notes ?? []).slice(-1),
    ],
  },
  existenceGrowthX2: {
    ...SCORING_RULES_V3.existenceGrowthX2,
    // Each band includes its lower bound, as "8 years or more" does: 5.0 years is in the 5-to-8 band.
    levels: [
      { score: 5, when: `${v.ageYears[0]} years or more since genesis` },
      { score: 4, when: `${v.ageYears[1]} years or more, under ${v.ageYears[0]}` },
      { score: 3, when: `${v.ageYears[2]} years or more, under ${v.ageYears[1]}` },
      { score: 2, when: `${v.ageYears[3]} year or more, under ${v.ageYears[2]}` },
      { score: 1, when: `less than ${v.ageYears[3]} year, or unknown launch date` },
    ],
    notes: [
      'An age (here and in Team’s years of operation) is counted in calendar years to the tenth, rounded down, and scored as the report prints it.',
      ...(SCORING_RULES_V3.existenceGrowthX2.notes ?? []),
    ],
  },
  circulatingSupply: {
    measures: SCORING_RULES_V1.circulatingSupply.measures,
    evidence: `Circulating supply divided by total supply (CoinGecko market data); without it, the share of the supply already unlocked under ${UNLOCK_SOURCE}.`,
    levels: [
      {
        score: 5,
        when: `${pct(t.circulatingToTotal[0])} or more of the total supply circulates (or is unlocked)`,
      },
      { score: 4, when: `${pct(t.circulatingToTotal[1])} to ${pct(t.circulatingToTotal[0])}` },
      { score: 3, when: `${pct(t.circulatingToTotal[2])} to ${pct(t.circulatingToTotal[1])}` },
      { score: 2, when: `${pct(t.circulatingToTotal[3])} to ${pct(t.circulatingToTotal[2])}` },
      { score: 1, when: `below ${pct(t.circulatingToTotal[3])}, or no supply data and no unlock schedule` },
    ],
    notes: [
      `Unlock schedule: the unlocked share is read at the report's scoring time from the schedule (cliffs, monthly or daily steps, linear releases), on the same ladder (${pct(u.unlockedShare[0])}, ${pct(u.unlockedShare[1])}, ${pct(u.unlockedShare[2])}, ${pct(u.unlockedShare[3])} for 5 to 2). The schedule is a plan: the report says whose plan and as of which date.`,
      MATERIAL_UNLOCK_NOTE,
      ISSUED_ONLY_NOTE,
    ],
  },
  totalSupply: {
    ...SCORING_RULES_V1.totalSupply,
    evidence: `Total supply divided by maximum supply, or the absence of a hard cap (CoinGecko market data); without them, how much ${UNLOCK_SOURCE} adds to the unlocked supply over the next ${u.horizonDays} days.`,
    levels: [
      ...SCORING_RULES_V1.totalSupply.levels.slice(0, 4),
      { score: 1, when: 'no supply data and no unlock schedule' },
    ],
    notes: [
      `Unlock schedule: 5 when the next ${u.horizonDays} days add at most ${pct(u.horizonGrowth[0])} to the supply unlocked today, 4 up to ${pct(u.horizonGrowth[1])}, 3 up to ${pct(u.horizonGrowth[2])}, 2 above that.`,
      ISSUED_ONLY_NOTE,
    ],
  },
};

/**
 * Methodology 2026.11-5: the 2026.11-4 rules; "no recorded incident" scores 5 only in a source that
 * covers the asset, otherwise Hacks/Scandals is not assessed (decision 0321).
 */
export const SCORING_RULES: Record<CategoryKey, ScoringRule> = {
  ...SCORING_RULES_V4,
  hacksScandals: {
    // The evidence stays 2026.11-4's: every incident dataset that ships, with its licence (decision 0311).
    ...SCORING_RULES_V4.hacksScandals,
    levels: [
      { score: 5, when: 'no recorded incident in a source that covers the asset' },
      ...SCORING_RULES_V4.hacksScandals.levels.slice(1, 4),
      {
        score: 1,
        when: `a net hack loss of ${usd(v.hackNetLossUsd[2])} or more, the asset's own collapse, or fraud by its team`,
      },
    ],
    notes: [
      ...(SCORING_RULES_V4.hacksScandals.notes ?? []),
      'No record is a clean record only in a source that covers the asset: one into which the asset is mapped. Where no searched source covers it, the category is not assessed and names the sources searched and why each does not cover the asset.',
    ],
  },
};

/** Every published rule table by methodology version: a stored report is explained by its own. */
export const SCORING_RULES_BY_VERSION: Readonly<Record<string, Record<CategoryKey, ScoringRule>>> = {
  '2026.11-1': SCORING_RULES_V1,
  '2026.11-2': SCORING_RULES_V2,
  '2026.11-3': SCORING_RULES_V3,
  '2026.11-4': SCORING_RULES_V4,
  [METHODOLOGY_VERSION]: SCORING_RULES,
};
