import { type BacktestBand, backtestBandLabel } from '../../../contract/backtest';

// The default-study statistics of the back-test: failure rates with Wilson intervals, the
// cumulative accuracy profile and its accuracy ratio (Gini), rank order between bands.

const Z95 = 1.959964;

/** Wilson score interval at 95% for `failures` of `n`; null for n = 0. */
export function wilson(failures: number, n: number): { rate: number; low: number; high: number } | null {
  if (n === 0) return null;
  const p = failures / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface ScoredOutcome {
  /** Higher is safer: the profile takes the lowest first. */
  score: number;
  failed: boolean;
}

/**
 * The cumulative accuracy profile (riskiest first; ties step together, as one point) and the
 * accuracy ratio: the area between the profile and the diagonal over that of a perfect model.
 */
export function accuracyProfile(items: readonly ScoredOutcome[]): {
  cap: [number, number][];
  ratio: number | null;
} {
  const n = items.length;
  const failures = items.filter((i) => i.failed).length;
  if (n === 0 || failures === 0 || failures === n)
    return {
      cap: [
        [0, 0],
        [1, 1],
      ],
      ratio: null,
    };
  const byScore = new Map<number, { count: number; failed: number }>();
  for (const item of items) {
    const group = byScore.get(item.score) ?? { count: 0, failed: 0 };
    group.count += 1;
    if (item.failed) group.failed += 1;
    byScore.set(item.score, group);
  }
  const cap: [number, number][] = [[0, 0]];
  let seen = 0;
  let caught = 0;
  let area = 0;
  for (const score of [...byScore.keys()].sort((a, b) => a - b)) {
    const group = byScore.get(score)!;
    const x0 = seen / n;
    const y0 = caught / failures;
    seen += group.count;
    caught += group.failed;
    const x1 = seen / n;
    const y1 = caught / failures;
    area += ((x1 - x0) * (y0 + y1)) / 2;
    cap.push([x1, y1]);
  }
  const share = failures / n;
  const perfect = 1 - share / 2;
  return { cap, ratio: (area - 0.5) / (perfect - 0.5) };
}

/** Fewer points for the chart: every point where the profile turns, at most `limit`. */
export function thinProfile(cap: [number, number][], limit = 120): [number, number][] {
  if (cap.length <= limit) return cap.map(([x, y]) => [round4(x), round4(y)]);
  const step = (cap.length - 1) / (limit - 1);
  return Array.from({ length: limit }, (_, i) => cap[Math.round(i * step)]!).map(([x, y]) => [
    round4(x),
    round4(y),
  ]);
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

export { round4 };

/**
 * Rank order: a better band must not fail more often than a worse one. Compares each ordered
 * pair of bands with observations; returns the pairs where it breaks, in words.
 */
export function rankOrderBreaks(
  bandsBestFirst: readonly { band: BacktestBand; failures: number; observable: number }[],
): string[] {
  const observed = bandsBestFirst.filter((b) => b.observable > 0);
  const breaks: string[] = [];
  for (let i = 0; i < observed.length; i++)
    for (let j = i + 1; j < observed.length; j++) {
      const better = observed[i]!;
      const worse = observed[j]!;
      if (better.failures / better.observable > worse.failures / worse.observable)
        breaks.push(
          `${backtestBandLabel(better.band)} failed more often (${better.failures} of ${better.observable}) than ${backtestBandLabel(worse.band)} (${worse.failures} of ${worse.observable})`,
        );
    }
  return breaks;
}

/** A rating compared only with others of its stratum (its rating month), with a bootstrap weight. */
export interface StratifiedRow {
  stratum: number;
  /** Higher is safer. */
  score: number;
  failed: boolean;
}

/**
 * The cohort accuracy ratio (issue 43): Somers' D between score and survival counted only over
 * pairs of one failed and one surviving rating of the same stratum (rating month), ties counting
 * half; it equals the accuracy ratio of each month's profile, pooled by its pairs. Prepared once;
 * the returned function takes per-row weights (a bootstrap draw) or none. Null without pairs.
 */
export function cohortAccuracyRatio(
  rows: readonly StratifiedRow[],
): (weights?: readonly number[]) => number | null {
  const byStratum = new Map<number, number[]>();
  for (const [i, row] of rows.entries())
    byStratum.set(row.stratum, [...(byStratum.get(row.stratum) ?? []), i]);
  // Per stratum: groups of equal score, lowest (riskiest) first, as row indices.
  const strata = [...byStratum.values()].map((indices) => {
    const groups = new Map<number, number[]>();
    for (const i of indices) groups.set(rows[i]!.score, [...(groups.get(rows[i]!.score) ?? []), i]);
    return [...groups.entries()].sort(([a], [b]) => a - b).map(([, group]) => group);
  });
  return (weights) => {
    const weightOf = (i: number) => (weights ? weights[i]! : 1);
    let net = 0;
    let pairs = 0;
    for (const groups of strata) {
      let survivorsTotal = 0;
      for (const group of groups) for (const i of group) if (!rows[i]!.failed) survivorsTotal += weightOf(i);
      let survivorsBelow = 0;
      for (const group of groups) {
        let failed = 0;
        let survived = 0;
        for (const i of group) {
          if (rows[i]!.failed) failed += weightOf(i);
          else survived += weightOf(i);
        }
        const survivorsAbove = survivorsTotal - survivorsBelow - survived;
        // A failure scored riskier than a survivor is concordant; scored safer, discordant.
        net += failed * (survivorsAbove - survivorsBelow);
        pairs += failed * survivorsTotal;
        survivorsBelow += survived;
      }
    }
    return pairs > 0 ? net / pairs : null;
  };
}

/** The 2.5th and 97.5th percentiles of bootstrap draws (nulls dropped); null without draws. */
export function bootstrapInterval(draws: readonly (number | null)[]): [number, number] | null {
  const sorted = draws.filter((d): d is number => d !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;
  return [round4(at(0.025)), round4(at(0.975))];
}
