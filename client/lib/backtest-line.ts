import { backtestBandLabel } from '../../contract/backtest';
import type { RiskLevel } from '../../contract/methodology';
import { shareText } from '../../contract/track-record';
import { BACKTEST_FIGURES } from './backtest-figures';

/**
 * What the back-test says for a risk level, in one line (decision 0381): how many of the ratings
 * in that band failed within a year, from the committed figures the documentation page prints.
 */
export function backtestLineFor(level: RiskLevel | null): string | null {
  const figures = BACKTEST_FIGURES;
  const band = figures.bands365.find((b) => b.band === (level ?? 'Not rated'));
  if (!band || band.observable === 0) return null;
  return `Back-test of methodology ${figures.methodologyVersion}: ${shareText(band.failures, band.observable)} ${backtestBandLabel(band.band)} ratings (${figures.firstAsOf.slice(0, 4)}–${figures.lastAsOf.slice(0, 4)}) failed within a year.`;
}
