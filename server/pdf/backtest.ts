import type { AssetBacktestResponse } from '../../contract/backtest';
import { assetBacktestAnswer, storedBacktest } from '../research/backtest/artefact';

/** What the PDF prints of the asset's back-test: the answer its report page reads. */
export type BacktestForPdf = {
  meta: NonNullable<AssetBacktestResponse['backtest']>;
  history: NonNullable<AssetBacktestResponse['history']>;
};

export function backtestForPdf(assetId: string): BacktestForPdf | null {
  const { backtest, history } = assetBacktestAnswer(storedBacktest(), assetId);
  return backtest && history ? { meta: backtest, history } : null;
}
