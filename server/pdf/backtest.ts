import type { AssetBacktestResponse } from '../../contract/backtest';
import { assetBacktestAnswer, loadBacktest } from '../research/backtest/artefact';

/** What the PDF prints of the asset's back-test: the answer its report page reads. */
export type BacktestForPdf = {
  meta: NonNullable<AssetBacktestResponse['backtest']>;
  history: NonNullable<AssetBacktestResponse['history']>;
};

// The stored back-test is built with the release and never changes while the server runs: read
// it once, on the first PDF that needs it.
let stored: ReturnType<typeof loadBacktest> | undefined;

export function backtestForPdf(assetId: string): BacktestForPdf | null {
  if (stored === undefined) stored = loadBacktest();
  const { backtest, history } = assetBacktestAnswer(stored, assetId);
  return backtest && history ? { meta: backtest, history } : null;
}
