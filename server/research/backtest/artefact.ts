import { existsSync, readFileSync } from 'node:fs';
import {
  type AssetBacktestResponse,
  BACKTEST_BANDS,
  type Backtest,
  backtestBandLabel,
  backtestSchema,
} from '../../../contract/backtest';
import { CATEGORIES } from '../../../contract/methodology';
import type { BacktestFigures } from '../../../contract/track-record';
import type { BacktestRun } from './run';

// The back-test's stored result (decision 0290): written by `npm run research:backtest`,
// committed, read once by the track-record page and API; nothing is computed at request time.

/** Beside the market copies it is derived from: offline demo only, like them (decision 0241). */
export const BACKTEST_FILE = new URL('../datasets/public/market/backtest.json', import.meta.url);

/** The headline figures the methodology page shows (contract/backtest-figures.json). */
export const BACKTEST_FIGURES_FILE = new URL('../../../contract/backtest-figures.json', import.meta.url);

export function headlineFigures(summary: Backtest): BacktestFigures {
  const version = summary.versions[0]!;
  const at365 = (h: { days: number }) => h.days === 365;
  return {
    methodologyVersion: version.methodologyVersion,
    firstAsOf: summary.firstAsOf,
    lastAsOf: summary.lastAsOf,
    ratings: version.ratings,
    assets: summary.assets,
    accuracy: version.accuracy.map((a) => ({ days: a.days, ratio: a.ratio })),
    bands365: version.bands
      .filter((b) => b.ratings > 0)
      .map((b) => {
        const h = b.horizons.find(at365)!;
        return { band: b.band, observable: h.observable, failures: h.failures, low: h.low, high: h.high };
      }),
    rankOrder365: version.rankOrder.find(at365)!,
    study: {
      holdoutFrom: summary.study.holdoutFrom,
      samples: summary.study.samples,
      outcomeTypes: summary.study.outcomeTypes,
      variantsLog: summary.study.variantsLog,
    },
  };
}

export function backtestArtefact(run: BacktestRun, summary: Backtest, failureOfRating: readonly number[]) {
  return {
    summary,
    methodologyVersion: run.methodologyVersion,
    categories: CATEGORIES.map((c) => c.key),
    months: run.months,
    assets: run.identities.map((i) => ({ id: i.id, name: i.name, symbols: i.symbols, kind: i.kind })),
    /**
     * [asset index, month index, total, band, category scores, categories with evidence, knockout,
     * index in summary.failures of the first failure within 365 days or -1]
     */
    ratings: run.ratings.map((r, i) => [
      r.asset,
      r.month,
      r.total,
      r.band,
      r.scores,
      r.withEvidence.map((key) => CATEGORIES.findIndex((c) => c.key === key)).join(','),
      r.knockout ?? '',
      failureOfRating[i] ?? -1,
    ]),
  };
}

type StoredRow = [number, number, number, string, string, string, string, number];
interface StoredArtefact {
  summary: unknown;
  months: string[];
  assets: { id: string; name: string; symbols: string[] }[];
  ratings: StoredRow[];
}

const YEAR_MS = 365 * 86_400_000;
const isBand = (band: string): band is (typeof BACKTEST_BANDS)[number] =>
  (BACKTEST_BANDS as readonly string[]).includes(band);

/**
 * The stored back-test read once: the summary, and each asset's own ratings with the failures
 * that followed them (decision 0293), looked up by the asset's stable id; null when not built.
 */
export function loadBacktest(file: URL = BACKTEST_FILE): {
  summary: Backtest;
  historyOf: (assetId: string) => AssetBacktestResponse['history'];
} | null {
  if (!existsSync(file)) return null;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as StoredArtefact;
  const summary = backtestSchema.parse(raw.summary);
  const rowsOf = new Map<number, StoredRow[]>();
  for (const row of raw.ratings) rowsOf.set(row[0], [...(rowsOf.get(row[0]) ?? []), row]);
  const indexOf = new Map(raw.assets.map((a, index) => [a.id, index]));
  const newest = Date.parse(summary.lastAsOf);
  const historyOf = (assetId: string): AssetBacktestResponse['history'] => {
    const index = indexOf.get(assetId);
    const rows = index === undefined ? undefined : rowsOf.get(index);
    if (index === undefined || !rows) return null;
    const asset = raw.assets[index]!;
    // The asset's own failures, renumbered in date order for its page.
    const own = [...new Set(rows.map((r) => r[7]).filter((f) => f >= 0))].sort((a, b) => a - b);
    const local = new Map(own.map((global, i) => [global, i]));
    return {
      name: asset.name,
      symbols: asset.symbols,
      ratings: rows
        .sort((a, b) => a[1] - b[1])
        .map((r) => {
          const asOf = raw.months[r[1]]!;
          return {
            asOf,
            band: isBand(r[3]) ? r[3] : 'Not rated',
            total: r[2],
            categoriesWithEvidence: r[5] === '' ? 0 : r[5].split(',').length,
            failure: r[7] >= 0 ? local.get(r[7])! : null,
            yearObserved: Date.parse(asOf) + YEAR_MS <= newest,
          };
        }),
      failures: own.map((global) => {
        const failure = summary.failures[global]!;
        return {
          event: failure.event,
          before: { asOf: failure.before.asOf, band: failure.before.band, total: failure.before.total },
        };
      }),
    };
  };
  return { summary, historyOf };
}

type StoredBacktest = ReturnType<typeof loadBacktest>;
let storedOnce: StoredBacktest | undefined;

/**
 * The release's stored back-test, parsed once per process for every reader (the track-record
 * page and API, and the report PDFs): it is built with the release and never changes while the
 * server runs.
 */
export function storedBacktest(): StoredBacktest {
  if (storedOnce === undefined) storedOnce = loadBacktest();
  return storedOnce;
}

const twoPlaces = (v: number | null) => (v === null ? 'not measurable' : v.toFixed(2));

/**
 * What the hold-out says to a buyer, in one paragraph both the report page and its PDF print: the
 * year's failure rate by risk level, the cohort accuracy ratio and the simple signals beside it.
 */
export function holdoutReading(study: Backtest['study']): string | null {
  const year = study.samples.find((s) => s.sample === 'holdout' && s.days === 365);
  if (!year) return null;
  const rates = year.bands
    .filter((b) => b.band !== 'Not rated' && b.observable > 0)
    .map((b) => `${backtestBandLabel(b.band)} ${b.failures} of ${b.observable}`)
    .join(', ');
  const interval = year.ci95
    ? ` (95% interval ${twoPlaces(year.ci95[0])} to ${twoPlaces(year.ci95[1])})`
    : '';
  const baselines = year.baselines
    .map((b) => `${b.name.toLowerCase()} ${twoPlaces(b.cohortAccuracyRatio)}`)
    .join(', ');
  return `What the back-test says for a buyer: of the ratings made from ${study.holdoutFrom} on (the hold-out, never used to choose a rule), these were followed by a failure within a year: ${rates}. The accuracy ratio within each month is ${twoPlaces(year.cohortAccuracyRatio)}${interval}, on a scale where 0 is chance and 1 puts every failure below every survivor; simple signals on the same ratings score: ${baselines}.`;
}

/** One asset's back-test answer, as its report page and its PDF show it (decision 0293). */
export function assetBacktestAnswer(stored: StoredBacktest, assetId: string): AssetBacktestResponse {
  const summary = stored?.summary;
  return {
    assetId,
    backtest: summary
      ? {
          notice: summary.notice,
          methodologyVersion: summary.versions[0]!.methodologyVersion,
          firstAsOf: summary.firstAsOf,
          lastAsOf: summary.lastAsOf,
          holdout: holdoutReading(summary.study),
        }
      : null,
    history: stored?.historyOf(assetId) ?? null,
  };
}
