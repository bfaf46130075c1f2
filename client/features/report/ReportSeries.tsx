import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import { METHODOLOGY_VERSION, NOT_RATED_LABEL, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import {
  CHANGES_HEADING,
  HISTORY_HEADING,
  type ReportChangesResponse,
  type ReportVersion,
} from '../../../contract/versions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { WatchButton } from '../../components/watch-button';
import { assetCoverageQuery } from '../../lib/asset-coverage';
import { formatDate, formatUsd } from '../../lib/report-format';
import { reportChangesQuery, reportVersionsQuery } from './api';
import { ScoreHistoryChart } from './ScoreHistoryChart';

// The report as one version of its asset's series: the score history, what changed since the
// previous version, the summaries of newer versions (free for the owner of an older one) and a
// refresh (a new report on the same asset, which becomes the next version).

const signed = (value: number | null) =>
  value === null ? '—' : value === 0 ? '0' : `${value > 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;
const riskLabel = (level: ReportVersion['riskLevel']) => (level ? RISK_LEVEL_LABELS[level] : '—');

function ChangesTable({ changes, caption }: { changes: ReportChangesResponse; caption: string }) {
  const split = changes.methodology.separated;
  const moved = changes.categories.filter(
    (c) =>
      c.before !== c.after || c.factCounts.appeared + c.factCounts.changed + c.factCounts.disappeared > 0,
  );
  return (
    <div className="space-y-3">
      {/* Neither version has a total: "the total moved from x to x" would read as a finding. */}
      <p className="text-sm font-medium">
        {changes.riskLevel.before === null && changes.riskLevel.after === null
          ? `Both versions are ${NOT_RATED_LABEL}: too few categories with evidence for a total.`
          : changes.verdict}
      </p>
      {changes.methodology.changed && (
        <p className="text-sm">
          The rules changed from methodology {changes.methodology.before ?? 'unknown'} to{' '}
          {changes.methodology.after ?? 'unknown'}.{' '}
          {split
            ? `Scored under the newer rules, the earlier evidence totals ${changes.total.rescored?.toFixed(2)}: the "Rules" column is what the rules alone moved, "Evidence" what the asset's data moved.`
            : changes.methodology.note}
        </p>
      )}
      {moved.length === 0 ? (
        <p className="text-sm">No category score or fact changed.</p>
      ) : (
        // A table wider than a phone scrolls in a labelled region the keyboard can reach (axe).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll it by keyboard
        <section tabIndex={0} aria-label={caption} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Category
                </th>
                <th scope="col" className="py-2 pr-3">
                  Before
                </th>
                <th scope="col" className="py-2 pr-3">
                  After
                </th>
                {split && (
                  <th scope="col" className="py-2 pr-3">
                    Rules
                  </th>
                )}
                <th scope="col" className="py-2 pr-3">
                  Evidence
                </th>
                <th scope="col" className="py-2">
                  Facts
                </th>
              </tr>
            </thead>
            <tbody>
              {moved.map((c) => (
                <tr key={c.key} className="border-b border-border/60 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {c.name}
                  </th>
                  <td className="py-2 pr-3 tabular-nums">{c.before}/5</td>
                  <td className="py-2 pr-3 tabular-nums">{c.after}/5</td>
                  {split && <td className="py-2 pr-3 tabular-nums">{signed(c.ruleChange)}</td>}
                  <td className="py-2 pr-3 tabular-nums">{signed(c.evidenceChange)}</td>
                  <td className="py-2">
                    {c.facts ? (
                      <ul className="space-y-1">
                        {c.facts.changed.map((f) => (
                          <li key={f.after}>
                            Changed: {f.before} → {f.after}
                          </li>
                        ))}
                        {c.facts.appeared.map((f) => (
                          <li key={f}>New: {f}</li>
                        ))}
                        {c.facts.disappeared.map((f) => (
                          <li key={f}>No longer: {f}</li>
                        ))}
                      </ul>
                    ) : (
                      `${c.factCounts.changed} changed, ${c.factCounts.appeared} new, ${c.factCounts.disappeared} gone`
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function NewerVersionSummary({
  version,
  sinceId,
  assetName,
}: {
  version: ReportVersion;
  sinceId: number;
  assetName: string;
}) {
  const changes = useQuery(reportChangesQuery(version.id, sinceId));
  return (
    <li className="space-y-2 rounded-md border border-border p-4">
      <h3 className="font-semibold">
        Version {version.version} · {formatDate(version.completedAt)}
      </h3>
      {changes.data ? (
        <ChangesTable changes={changes.data} caption={`Changes in version ${version.version}`} />
      ) : (
        <p className="text-sm text-muted">
          {changes.isError ? 'The summary could not be loaded.' : 'Loading…'}
        </p>
      )}
      {version.owned ? (
        <Link href={`/report/${version.id}`} className="text-sm underline">
          Open version {version.version}
        </Link>
      ) : (
        <Button asChild variant="secondary">
          <Link
            href={`/checkout?${new URLSearchParams({ reportId: String(version.id), purchaseType: 'existing_report', assetName }).toString()}`}
          >
            Buy the full version {version.version} ({formatUsd(PRICES_USD.existing_report)})
          </Link>
        </Button>
      )}
    </li>
  );
}

export function ReportSeries({ reportId, assetName }: { reportId: number; assetName: string }) {
  const versionsQuery = useQuery(reportVersionsQuery(reportId));
  const versions = versionsQuery.data?.versions ?? [];
  const current = versions.find((v) => v.id === reportId);
  const hasPrevious = (current?.version ?? 1) > 1;
  const changes = useQuery({ ...reportChangesQuery(reportId), enabled: hasPrevious });
  const assetIdKnown = versionsQuery.data?.assetId ?? null;
  // What a refresh bought now would hold: the checkout refuses one with the data date of a
  // version the buyer owns (same methodology), so it is not offered then (issue 46).
  const wouldHold = useQuery({ ...assetCoverageQuery(assetIdKnown ?? ''), enabled: assetIdKnown !== null });
  if (!versionsQuery.data || !current) return null;
  const refreshDataAsOf = wouldHold.data?.dataAsOf ?? null;
  const sameDataOwned = refreshDataAsOf
    ? versions.find(
        (v) =>
          v.owned &&
          v.methodologyVersion === METHODOLOGY_VERSION &&
          v.dataAsOf?.slice(0, 10) === refreshDataAsOf,
      )
    : undefined;
  const newer = versions.filter((v) => v.version > current.version).reverse();
  const assetId = assetIdKnown;
  const refreshHref = assetId
    ? `/checkout?${new URLSearchParams({ purchaseType: 'new_report', assetName, assetId }).toString()}`
    : null;
  return (
    <>
      <Card className="mb-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle id="score-history">{HISTORY_HEADING}</CardTitle>
          {assetId && <WatchButton assetId={assetId} assetName={assetName} />}
        </div>
        <p className="mt-1 text-sm text-muted">
          Version {current.version} of {versions.length > 0 ? Math.max(...versions.map((v) => v.version)) : 1}{' '}
          {current.dataAsOf ? ` · data as of ${formatDate(current.dataAsOf)}` : ' · no dated evidence'}
        </p>
        {/* min-w-0: the grid's columns never grow past the card for their content's sake. */}
        <div className="mt-4 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
          {/* A line needs two rated versions; until then the history is said in words. */}
          {versions.filter((v) => v.compositeScore !== null && v.compositeScore > 0).length >= 2 ? (
            <ScoreHistoryChart versions={versions} currentId={reportId} />
          ) : (
            <p className="text-sm" data-testid="history-text">
              {versions.length === 1
                ? 'This is the first version of this report. A refresh adds the next, and the history then shows how the verdict moved.'
                : 'Fewer than two versions have a total, so there is no line to draw yet: the table gives each version.'}
            </p>
          )}
          <table className="w-full text-left text-sm" aria-labelledby="score-history">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Version
                </th>
                <th scope="col" className="py-2 pr-3">
                  Completed
                </th>
                <th scope="col" className="py-2 pr-3">
                  Total
                </th>
                <th scope="col" className="py-2 pr-3">
                  Risk level
                </th>
                <th scope="col" className="hidden py-2 sm:table-cell">
                  Methodology
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id} className="border-b border-border/60">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {v.owned && v.id !== reportId ? (
                      <Link href={`/report/${v.id}`}>v{v.version}</Link>
                    ) : (
                      `v${v.version}`
                    )}
                    {v.id === reportId && (
                      <>
                        {' '}
                        <Badge tone="grey">this report</Badge>
                      </>
                    )}
                  </th>
                  <td className="py-2 pr-3">{formatDate(v.completedAt)}</td>
                  <td className="py-2 pr-3 tabular-nums">
                    {v.compositeScore !== null ? v.compositeScore.toFixed(1) : NOT_RATED_LABEL}
                  </td>
                  <td className="py-2 pr-3">{riskLabel(v.riskLevel)}</td>
                  <td className="hidden py-2 sm:table-cell">{v.methodologyVersion ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {refreshHref && current.owned && sameDataOwned && (
          <p className="mt-4 text-sm text-muted" data-testid="refresh-not-offered">
            No refresh to order yet: a new report today would use the same data (as of {refreshDataAsOf}) and
            methodology as{' '}
            {sameDataOwned.id === reportId ? 'this report' : `your version ${sameDataOwned.version}`}, so it
            would be the same report. It is offered again once newer data arrives.
          </p>
        )}
        {refreshHref && current.owned && !sameDataOwned && (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button asChild variant="secondary">
              <Link href={refreshHref}>Order a refresh ({formatUsd(PRICES_USD.new_report)})</Link>
            </Button>
            <p className="text-sm text-muted">
              A new report on the same asset, with today's data; it becomes the next version.
            </p>
          </div>
        )}
      </Card>

      {hasPrevious && (
        <Card className="mb-8" data-testid="changes-section">
          <CardTitle id="changes-since-previous">{CHANGES_HEADING}</CardTitle>
          <div className="mt-3">
            {changes.data ? (
              <ChangesTable
                changes={changes.data}
                caption={`Changes from version ${changes.data.sinceVersion} to version ${changes.data.version}`}
              />
            ) : (
              <p className="text-sm text-muted">
                {changes.isError ? 'The changes could not be loaded.' : 'Loading…'}
              </p>
            )}
          </div>
        </Card>
      )}

      {newer.length > 0 && (
        <Card className="mb-8">
          <CardTitle id="newer-versions">Newer versions</CardTitle>
          <p className="mt-1 text-sm text-muted">
            What changed since this version, free for you as its owner. The facts behind each change are in
            the full report.
          </p>
          <ul className="mt-4 space-y-4">
            {newer.map((v) => (
              <NewerVersionSummary key={v.id} version={v} sinceId={reportId} assetName={assetName} />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
