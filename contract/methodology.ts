// The research methodology: one source of truth for scoring, the report page, the PDF and the
// documentation page.

/** Stored with every report so it can be re-explained with the rules that scored it. */
export const METHODOLOGY_VERSION = '2026.11-5';

/** What changed in each version, newest first (shown on the documentation page). */
export const METHODOLOGY_CHANGELOG: readonly { version: string; date: string; changes: readonly string[] }[] =
  [
    {
      version: '2026.11-5',
      date: '2026-11-29',
      changes: [
        'A category scores only on cited evidence; without it the category reads “not assessed” and says what it needs and which sources were searched. A missing category never raises a total: it enters the total at the lowest level, 1, and the total is again T = S × 77 / 75 over all twelve. Every verdict says on how many of the twelve categories it is rated; with evidence in fewer than 4 a report is Not rated.',
        'Hacks/Scandals: “no incident recorded” scores 5 only when an incident source that covers the asset (the asset is mapped into it) holds no record; where none covers it the category is not assessed, and the Exploits check reads “not assessed”, never “met”.',
      ],
    },
    {
      version: '2026.11-4',
      date: '2026-11-24',
      changes: [
        'Token unlock schedules: without market supply figures, Circulating Supply reads the share already unlocked under a published schedule and Total Supply how much the next 365 days add to the unlocked supply; the next unlock of at least 1% of the scheduled supply within a year is named as a key risk.',
        'No data, no verdict: with evidence in fewer than 4 categories a report is Not rated (no total, no risk level). Otherwise the total weighs only the categories with evidence (their weighted mean on the 77-point scale); a category without evidence is shown as “no evidence, not counted”, with no score of its own, and no longer pulls the total down.',
        'Checks for each kind of asset (stablecoins, networks, DeFi, unlock schedules, memes) on top of the 12 categories: each is met, a risk, or not assessed for lack of a source, and every risk joins the key risks.',
      ],
    },
    {
      version: '2026.11-3',
      date: '2026-11-23',
      changes: [
        'Knockouts: a recorded fraud conviction or regulator fraud finding against the issuer or founders, an issuer bankruptcy, a collapse of more than 90% without recovery, or a stablecoin that lost its peg for good scores 1 in its category and makes the report Not Safe whatever the weighted sum; the summary says why first.',
        'Audits counts only independent code audits and formal verifications: an audit by the asset’s own developer, a reserve attestation or a bug bounty is shown as what it is and does not raise the score.',
      ],
    },
    {
      version: '2026.11-2',
      date: '2026-11-22',
      changes: [
        'Volume scores absolute 24-hour volume, with order-book depth, spread and turnover as secondary signals; a large asset is no longer penalised for its size.',
        'Social Metrics combines reach (watchlist users, X followers) with development activity (commits in 4 weeks).',
        'Existence/Growth also reads the price history: more than 99% below the all-time high costs two points; a fall of more than 80% within a year or volatility above 100% costs one.',
        'Dex Holders leaves out exchange and contract wallets when the source labels them.',
        'Hacks/Scandals also reads a curated, cited list of exchange collapses, rug pulls, depegs, fraud and regulator actions.',
        'Team scores 1 after fraud or a rug pull by the people behind the asset; a recorded collapse caps Market Cap, Volume, Social Metrics, Use Case and Existence/Growth at 2.',
        'Every category states the next threshold up and down, and the risk it shows when the score is low.',
        'Calibrated against well-known assets in the dated snapshot (majors Likely Safe, collapsed and rugged tokens Not Safe).',
      ],
    },
    {
      version: '2026.11-1',
      date: '2026-11-22',
      changes: ['First published methodology: twelve categories, documented thresholds, the 77-point scale.'],
    },
  ];

export const CATEGORIES = [
  { key: 'marketCap', name: 'Market Cap', weight: 1, agentName: 'Market Cap Agent' },
  { key: 'volumeX2', name: 'Volume', weight: 2, agentName: 'Volume Agent' },
  { key: 'circulatingSupply', name: 'Circulating Supply', weight: 1, agentName: 'Circulating Supply Agent' },
  { key: 'totalSupply', name: 'Total Supply', weight: 1, agentName: 'Total Supply Agent' },
  { key: 'socialMetricsX2', name: 'Social Metrics', weight: 2, agentName: 'Social Metrics Agent' },
  { key: 'team', name: 'Team', weight: 1, agentName: 'Team Agent' },
  { key: 'useCase', name: 'Use Case', weight: 1, agentName: 'Use Case Agent' },
  { key: 'existenceGrowthX2', name: 'Existence/Growth', weight: 2, agentName: 'Existence/Growth Agent' },
  { key: 'audits', name: 'Audits', weight: 1, agentName: 'Audits Agent' },
  { key: 'dexHolders', name: 'Dex Holders', weight: 1, agentName: 'Dex Holders Agent' },
  { key: 'hacksScandals', name: 'Hacks/Scandals', weight: 1, agentName: 'Hacks/Scandals Agent' },
  { key: 'layer1', name: 'Layer 1', weight: 1, agentName: 'Layer 1 Agent' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryKey = Category['key'];

export const MIN_CATEGORY_SCORE = 1;
export const MAX_CATEGORY_SCORE = 5;
export const WEIGHT_SUM = CATEGORIES.reduce((sum, c) => sum + c.weight, 0); // 15
export const MAX_TOTAL = 77;
const MAX_WEIGHTED_SUM = WEIGHT_SUM * MAX_CATEGORY_SCORE; // 75

export type CategoryScores = Record<CategoryKey, number>;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** A category score: clamped to 1-5, one decimal. */
export function normalizeCategoryScore(score: number): number {
  if (!Number.isFinite(score)) return MIN_CATEGORY_SCORE;
  return round(Math.min(MAX_CATEGORY_SCORE, Math.max(MIN_CATEGORY_SCORE, score)), 1);
}

/** S = sum(weight x score), 15 to 75. */
export function weightedSum(scores: CategoryScores): number {
  return CATEGORIES.reduce((sum, c) => sum + c.weight * scores[c.key], 0);
}

/** T = S x 77 / 75, two decimals, 15.40 to 77.00: `composite_score` and `totalScore`. */
export function totalScore(scores: CategoryScores): number {
  return round((weightedSum(scores) * MAX_TOTAL) / MAX_WEIGHTED_SUM, 2);
}

/** One category's part of the total as the report prints it. */
export interface CountedCategory {
  key: CategoryKey;
  weight: number;
  score: number;
  /** weight x score. */
  contribution: number;
}

/**
 * The arithmetic of the total, as every report prints it: the categories scored on evidence, the
 * weighted sum S and its maximum M, and T = S x 77 / M, two decimals. From methodology 2026.11-5 a
 * category not assessed (no evidence) counts at the lowest level, 1, and M is always 75: the
 * spec's T = S x 77 / 75, so a missing category can never raise a total (decision 0320). Reports
 * scored under 2026.11-4 weighed only the categories with evidence (`overEvidence`).
 */
export interface TotalArithmetic {
  /** The categories scored on evidence. */
  counted: CountedCategory[];
  /** The categories not assessed, each counted at the lowest level (empty under the older rule). */
  atLowest: CountedCategory[];
  weightedSum: number;
  maxWeightedSum: number;
  total: number;
}

/** How categories without evidence enter the total: at the lowest level (current) or not at all (2026.11-4). */
export type GapRule = 'atLowest' | 'overEvidence';

export function totalArithmetic(
  scores: CategoryScores,
  withEvidence: readonly CategoryKey[] = CATEGORIES.map((c) => c.key),
  gaps: GapRule = 'atLowest',
): TotalArithmetic {
  const part = (c: Category, score: number): CountedCategory => ({
    key: c.key,
    weight: c.weight,
    score,
    contribution: round(c.weight * score, 1),
  });
  const used = CATEGORIES.filter((c) => withEvidence.includes(c.key));
  const counted =
    gaps === 'atLowest'
      ? used.map((c) => part(c, scores[c.key]))
      : // Nothing known: the spec's formula over the twelve (a Not rated report prints no total).
        (used.length ? used : CATEGORIES).map((c) => part(c, scores[c.key]));
  const atLowest =
    gaps === 'atLowest'
      ? CATEGORIES.filter((c) => !withEvidence.includes(c.key)).map((c) => part(c, MIN_CATEGORY_SCORE))
      : [];
  const all = [...counted, ...atLowest];
  const weightedSum = round(
    all.reduce((sum, c) => sum + c.contribution, 0),
    1,
  );
  const maxWeightedSum = all.reduce((sum, c) => sum + c.weight, 0) * MAX_CATEGORY_SCORE;
  return {
    counted,
    atLowest,
    weightedSum,
    maxWeightedSum,
    total: round((weightedSum * MAX_TOTAL) / maxWeightedSum, 2),
  };
}

/** "Total = 32.0 × 77 / 45 = 54.76": the line every report prints under its score table. */
export const arithmeticLine = (a: Pick<TotalArithmetic, 'weightedSum' | 'maxWeightedSum' | 'total'>) =>
  `Total = weighted sum × ${MAX_TOTAL} / maximum = ${a.weightedSum.toFixed(1)} × ${MAX_TOTAL} / ${a.maxWeightedSum} = ${a.total.toFixed(2)}`;

/** C = T / 77 x 5, the composite out of 5 shown on the report page (1 decimal). */
export function compositeOutOfFive(total: number): number {
  return (total / MAX_TOTAL) * 5;
}

export type RatingBand = 'Excellent' | 'Good' | 'Poor';
export function ratingBand(compositeOutOf5: number): RatingBand {
  if (compositeOutOf5 >= 4) return 'Excellent';
  if (compositeOutOf5 >= 3) return 'Good';
  return 'Poor';
}
export const RATING_BAND_TONES: Record<RatingBand, 'success' | 'warning' | 'danger'> = {
  Excellent: 'success',
  Good: 'warning',
  Poor: 'danger',
};

export const RISK_LEVELS = ['Likely Safe', 'Potential', 'Not Safe'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** How a risk level reads in text (the documented bands). */
export const RISK_LEVEL_LABELS: Record<RiskLevel, (typeof RISK_BAND_NAMES)[number]> = {
  'Likely Safe': 'Likely Safe',
  Potential: 'Potential Risk',
  'Not Safe': 'Not Safe',
};
/** The bands' names as the spec documents them and every text prints them. */
export const RISK_BAND_NAMES = ['Likely Safe', 'Potential Risk', 'Not Safe'] as const;
export const RISK_BANDS = [
  { level: 'Likely Safe', from: 51, to: 77 },
  { level: 'Potential', from: 36, to: 50 },
  { level: 'Not Safe', from: 1, to: 35 },
] as const satisfies readonly { level: RiskLevel; from: number; to: number }[];

export function riskLevel(total: number): RiskLevel {
  if (total >= 51) return 'Likely Safe';
  if (total >= 36) return 'Potential';
  return 'Not Safe';
}

/** Below this many categories with evidence a report is "Not rated": no composite, no risk band. */
export const MIN_RATED_CATEGORIES = 4;
export const NOT_RATED_LABEL = 'Not rated';

/**
 * The `scores` JSON of a research report (validated by contract/scores.ts).
 * `rated: false` marks a report with too little evidence: its total is kept for the record, but no
 * composite and no risk level are given (riskLevel null), never "Not Safe" from absence of data.
 */
export type Scores = CategoryScores & {
  totalScore: number;
  riskLevel: RiskLevel | null;
  rated?: boolean;
  /** The categories scored on evidence; absent: all twelve (older reports). */
  counted?: CategoryKey[];
  /**
   * Set from methodology 2026.11-5: the categories not in `counted` entered the total at the lowest
   * level (1). Absent on reports of 2026.11-4, whose total weighed only `counted`.
   */
  gapsAtLowest?: true;
};

/**
 * The scores of a report. A knockout (a recorded fraud conviction, bankruptcy, collapse or
 * permanent depeg) makes the risk level Not Safe whatever the weighted sum: the total still
 * says how the figures look, the level says whether the asset already failed its holders.
 */
export function buildScores(
  categoryScores: CategoryScores,
  options: {
    knockout?: boolean;
    /** The categories with evidence (default: all twelve). */
    withEvidence?: readonly CategoryKey[];
  } = {},
): Scores {
  const normalized = Object.fromEntries(
    CATEGORIES.map((c) => [c.key, normalizeCategoryScore(categoryScores[c.key])]),
  ) as CategoryScores;
  const arithmetic = totalArithmetic(normalized, options.withEvidence);
  const base = {
    ...normalized,
    totalScore: arithmetic.total,
    ...(options.withEvidence
      ? {
          counted: CATEGORIES.filter((c) => options.withEvidence!.includes(c.key)).map((c) => c.key),
          gapsAtLowest: true as const,
        }
      : {}),
  };
  // A documented knockout is evidence; it decides even when little else is known.
  if (options.knockout) return { ...base, riskLevel: 'Not Safe' };
  if (options.withEvidence && options.withEvidence.length < MIN_RATED_CATEGORIES)
    return { ...base, riskLevel: null, rated: false };
  return { ...base, riskLevel: riskLevel(arithmetic.total) };
}

/** Whether a report's stored scores carry a verdict (false: "Not rated"). */
export const isRated = (scores: { rated?: unknown } | null | undefined) => scores?.rated !== false;
