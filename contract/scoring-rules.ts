import type { CategoryKey } from './methodology';

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
  'A category without evidence scores 1 with the finding "No evidence found": absence of data is itself a risk.';

/** Thresholds shared by the rules below and the scoring code. */
export const THRESHOLDS = {
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

const usd = (value: number) =>
  value >= 1e9 ? `$${value / 1e9} billion` : value >= 1e6 ? `$${value / 1e6} million` : `$${value}`;
const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;
const count = (value: number) => value.toLocaleString('en-US');
const t = THRESHOLDS;

export const SCORING_RULES: Record<CategoryKey, ScoringRule> = {
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
