import { backtestBandLabel } from '../../contract/backtest';
import BACKTEST_FIGURES from '../../contract/backtest-figures.json' with { type: 'json' };
import type { RiskLevel } from '../../contract/methodology';
import { type BacktestFigures, shareText } from '../../contract/track-record';

/**
 * What the back-test says for a risk level, in one line (decision 0381): how many of the ratings
 * in that band failed within a year, from the committed figures the documentation page prints.
 */
export function backtestLineFor(level: RiskLevel | null): string | null {
  // Written by headlineFigures (server/research/backtest/artefact.ts) as this type; JSON widens its enums.
  const figures = BACKTEST_FIGURES as BacktestFigures;
  const band = figures.bands365.find((b) => b.band === (level ?? 'Not rated'));
  if (!band || band.observable === 0) return null;
  return `Back-test of methodology ${figures.methodologyVersion}: ${shareText(band.failures, band.observable)} ${backtestBandLabel(band.band)} ratings (${figures.firstAsOf.slice(0, 4)}–${figures.lastAsOf.slice(0, 4)}) failed within a year.`;
}
