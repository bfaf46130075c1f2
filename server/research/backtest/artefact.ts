import { existsSync, readFileSync } from 'node:fs';
import { type Backtest, backtestSchema } from '../../../contract/backtest';
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
  };
}

export function backtestArtefact(run: BacktestRun, summary: Backtest) {
  return {
    summary,
    methodologyVersion: run.methodologyVersion,
    categories: CATEGORIES.map((c) => c.key),
    months: run.months,
    assets: run.identities.map((i) => ({ id: i.id, name: i.name, symbols: i.symbols, kind: i.kind })),
    /** [asset index, month index, total, band, category scores, categories with evidence, knockout] */
    ratings: run.ratings.map((r) => [
      r.asset,
      r.month,
      r.total,
      r.band,
      r.scores,
      r.withEvidence.map((key) => CATEGORIES.findIndex((c) => c.key === key)).join(','),
      r.knockout ?? '',
    ]),
  };
}

/** The stored summary, or null when the artefact has not been built. */
export function loadBacktestSummary(file: URL = BACKTEST_FILE): Backtest | null {
  if (!existsSync(file)) return null;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { summary: unknown };
  return backtestSchema.parse(raw.summary);
}
