import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import {
  type AssetBacktestResponse,
  backtestBandLabel,
  backtestBandPeriods,
} from '../../../contract/backtest';
import { MAX_TOTAL } from '../../../contract/methodology';
import { nameWithSymbols } from '../../../contract/reports';
import { DatedLineChart } from '../../components/dated-line-chart';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card, CardTitle } from '../../components/ui/card';
import { assetBacktestQuery, reportVersionsQuery } from './api';

// The asset's back-tested ratings (decision 0293): what the current methodology says of it on
// each monthly snapshot day from the facts dated by then, and what followed. Labelled as a
// back-test, apart from the report's own versions above it: none of these was published then.

type History = NonNullable<AssetBacktestResponse['history']>;
type Band = History['ratings'][number]['band'];

const BAND_TONES: Record<Band, BadgeTone> = {
  'Likely Safe': 'success',
  Potential: 'warning',
  'Not Safe': 'danger',
  'Not rated': 'grey',
};

function outcomeText(rating: History['ratings'][number], failures: History['failures']) {
  if (rating.failure !== null) {
    const f = failures[rating.failure]!;
    return `${f.event.kind} ${f.event.date}`;
  }
  return rating.yearObserved ? 'none' : 'year not over';
}

export function BacktestHistory({ reportId, assetName }: { reportId: number; assetName: string }) {
  // The series answer (shared with ReportSeries' query) names the report's resolved asset.
  const assetId = useQuery(reportVersionsQuery(reportId)).data?.assetId ?? null;
  const answer = useQuery({ ...assetBacktestQuery(assetId ?? ''), enabled: assetId !== null }).data;
  if (!assetId || !answer?.backtest) return null;
  const { backtest, history } = answer;
  return (
    <Card className="mb-8" data-testid="backtest-history">
      <section aria-labelledby="backtest-history-title" className="space-y-3">
        <CardTitle id="backtest-history-title">Back-tested rating history</CardTitle>
        <p className="text-sm" data-testid="backtest-notice">
          <strong>A back-test, not this report’s history:</strong> ratings computed now with methodology{' '}
          {backtest.methodologyVersion}, each on the data dated on or before its day (the monthly snapshots
          from {backtest.firstAsOf} to {backtest.lastAsOf}). None was published at the time.{' '}
          <Link href="/track-record" className="inline-flex min-h-11 items-center underline">
            How the back-test works
          </Link>
        </p>
        {backtest.holdout && (
          <p className="text-sm" data-testid="backtest-holdout">
            {backtest.holdout}
          </p>
        )}
        {history ? (
          <HistoryBody history={history} assetName={assetName} />
        ) : (
          <p className="text-sm" data-testid="backtest-none">
            The back-test has no rating of {assetName}: none of the monthly top-200 snapshots lists it.
          </p>
        )}
      </section>
    </Card>
  );
}

function HistoryBody({ history, assetName }: { history: History; assetName: string }) {
  const { ratings, failures } = history;
  const first = failures[0];
  return (
    <>
      <p className="text-sm" data-testid="backtest-summary">
        {ratings.length} monthly {ratings.length === 1 ? 'rating' : 'ratings'} of{' '}
        {`${nameWithSymbols(history.name, history.symbols)} from ${ratings[0]!.asOf} to ${ratings.at(-1)!.asOf}; months the snapshots do not list it are not rated. `}
        {failures.length === 0
          ? 'No failure followed within a year of any of them.'
          : `${failures.length} ${failures.length === 1 ? 'failure' : 'failures'} followed (below).`}
      </p>
      <ul aria-label="Bands over time" className="flex flex-wrap gap-2 text-xs">
        {backtestBandPeriods(ratings).map((p) => (
          <li key={p.from} className="flex items-center gap-1">
            <Badge tone={BAND_TONES[p.band]}>{backtestBandLabel(p.band)}</Badge>
            <span className="tabular-nums">{p.from === p.to ? p.from : `${p.from} to ${p.to}`}</span>
          </li>
        ))}
      </ul>
      <DatedLineChart
        title={`${assetName}: back-tested total, of ${MAX_TOTAL}`}
        points={ratings.map((r) => ({ date: r.asOf, value: r.total }))}
        formatValue={(v) => v.toFixed(1)}
        marker={first ? { date: first.event.date, label: `First failure: ${first.event.kind}` } : undefined}
        caption="Back-test totals on the first of each month; not the report's own scores."
        testId="backtest-chart"
      />
      {failures.length > 0 && (
        <div>
          <h3 className="text-base font-semibold">What followed</h3>
          <ul className="mt-2 space-y-2 text-sm" data-testid="backtest-failures">
            {failures.map((f) => (
              <li key={`${f.event.date}-${f.event.kind}`} className="wrap-anywhere">
                <span className="font-medium tabular-nums">{f.event.date}</span>, {f.event.kind}:{' '}
                {f.event.description}.{' '}
                <a href={f.event.url} className="underline" rel="noreferrer" target="_blank">
                  Dated record ↗
                </a>{' '}
                <span className="text-muted">
                  (rated {backtestBandLabel(f.before.band)}, {f.before.total.toFixed(2)} of {MAX_TOTAL}, on{' '}
                  {f.before.asOf})
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <details>
        <summary className="min-h-11 cursor-pointer py-3 text-sm font-medium">
          All {ratings.length} monthly ratings and what followed each within a year
        </summary>
        <table className="mt-2 w-full text-left text-xs" data-testid="backtest-table">
          <caption className="sr-only">{assetName}: back-tested monthly ratings</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-2">
                As of
              </th>
              <th scope="col" className="py-1 pr-2">
                Band
              </th>
              <th scope="col" className="py-1 pr-2">
                Total
              </th>
              <th scope="col" className="py-1">
                Failure within a year
              </th>
            </tr>
          </thead>
          <tbody>
            {ratings.map((r) => (
              <tr key={r.asOf} className="border-b border-border/60">
                <th scope="row" className="whitespace-nowrap py-1 pr-2 font-normal tabular-nums">
                  {r.asOf}
                </th>
                <td className="whitespace-nowrap py-1 pr-2">{backtestBandLabel(r.band)}</td>
                <td className="py-1 pr-2 tabular-nums">{r.total.toFixed(2)}</td>
                <td className="py-1">{outcomeText(r, failures)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
