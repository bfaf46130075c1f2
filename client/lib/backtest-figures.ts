import FIGURES from '../../contract/backtest-figures.json' with { type: 'json' };
import type { BacktestFigures } from '../../contract/track-record';

/**
 * The committed back-test figures, typed once for every page that prints them. They are written
 * by headlineFigures (server/research/backtest/artefact.ts) as this type; a JSON import widens the
 * enums and tuples, so the type is restated here rather than cast at each use.
 */
export const BACKTEST_FIGURES = FIGURES as unknown as BacktestFigures;
