import { backtestBandLabel } from '../../contract/backtest';
import type { RiskLevel } from '../../contract/methodology';
import { shareText } from '../../contract/track-record';
import { BACKTEST_FIGURES } from './backtest-figures';

/**
 * What the back-test says for a risk level, in one line (decision 0381): how many of the ratings
 * in that band failed within a year, from the committed figures the documentation page prints.
 * A band the back-test never rated where a year could be followed still gets its line, saying so:
 * a missing line would read as if the page had simply left the back-test out (decision 0381 names the line, not its absence).
 */
export function backtestLineFor(level: RiskLevel | null): string {
  const figures = BACKTEST_FIGURES;
  const band = figures.bands365.find((b) => b.band === (level ?? 'Not rated'));
  const label = backtestBandLabel(level ?? 'Not rated');
  const years = `${figures.firstAsOf.slice(0, 4)}–${figures.lastAsOf.slice(0, 4)}`;
  const head = `Back-test of methodology ${figures.methodologyVersion}:`;
  if (!band || band.observable === 0)
    return `${head} no ${label} rating (${years}) could be followed for a year, so how ${label} ratings hold up is not measured yet.`;
  return `${head} ${shareText(band.failures, band.observable)} ${label} ratings (${years}) failed within a year.`;
}
