import { existsSync, readFileSync } from 'node:fs';
import { CATEGORIES } from '../../../contract/methodology';
import { type Backtest, backtestSchema } from '../../../contract/track-record';
import type { BacktestRun } from './run';

// The back-test's stored result (decision 0290): written by `npm run research:backtest`,
// committed, read once by the track-record page and API; nothing is computed at request time.

/** Beside the market copies it is derived from: offline demo only, like them (decision 0241). */
export const BACKTEST_FILE = new URL('../datasets/public/market/backtest.json', import.meta.url);

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
