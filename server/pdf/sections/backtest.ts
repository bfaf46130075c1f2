import { backtestBandPeriods } from '../../../contract/backtest';
import { MAX_TOTAL } from '../../../contract/methodology';
import type { ReportDocument } from '../document';
import type { ReportCanvas } from './canvas';
import { drawDatedLineChart } from './dated-line-chart';

export const BACKTEST_HEADING = 'Back-tested rating history';

/**
 * The asset's back-tested ratings (decision 0293), as its report page shows them: labelled as a
 * back-test, apart from the report's own versions, with the failures that followed and their records.
 */
export function drawBacktest(canvas: ReportCanvas, report: ReportDocument): void {
  if (!report.backtest) return;
  const { meta, history } = report.backtest;
  const { ratings, failures } = history;
  if (ratings.length === 0) return;
  const { section, body } = canvas;
  section(BACKTEST_HEADING, { newPage: false });
  body(
    `A back-test, not this report's history: ratings computed now with methodology ${meta.methodologyVersion}, each on the data dated on or before its day (the monthly snapshots from ${meta.firstAsOf} to ${meta.lastAsOf}). None was published at the time.`,
    9,
  );
  if (meta.holdout) body(meta.holdout, 9);
  const periods = backtestBandPeriods(ratings)
    .map((p) => `${p.band} ${p.from === p.to ? p.from : `${p.from} to ${p.to}`}`)
    .join('; ');
  body(
    `${ratings.length} monthly ${ratings.length === 1 ? 'rating' : 'ratings'} of ${history.name} (${history.symbols.join(', ')}) from ${ratings[0]!.asOf} to ${ratings.at(-1)!.asOf}: ${periods}.`,
    9,
  );
  const first = failures[0];
  drawDatedLineChart(canvas, {
    title: `${report.assetName}: back-tested total, of ${MAX_TOTAL}`,
    points: ratings.map((r) => ({ date: r.asOf, value: r.total })),
    formatValue: (v) => v.toFixed(1),
    marker: first ? { date: first.event.date, label: `First failure: ${first.event.kind}` } : undefined,
    caption: "Back-test totals on the first of each month; not the report's own scores.",
  });
  body(
    failures.length === 0
      ? 'What followed: no failure within a year of any of these ratings.'
      : [
          'What followed:',
          ...failures.map(
            (f) =>
              `${f.event.date}, ${f.event.kind}: ${f.event.description} (${f.event.url}). The rating before it, on ${f.before.asOf}: ${f.before.band}, ${f.before.total.toFixed(2)} of ${MAX_TOTAL}.`,
          ),
        ].join('\n'),
    9,
  );
}
