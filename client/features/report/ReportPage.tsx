import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { formatChartValue } from '../../../contract/charts';
import { RULES_WRITER_TEXT, TIMINGS_MS } from '../../../contract/constants';
import { KIND_RULES } from '../../../contract/kind-rules';
import {
  compositeOutOfFive,
  MAX_TOTAL,
  NOT_RATED_LABEL,
  RATING_BAND_TONES,
  RISK_LEVEL_LABELS,
  ratingBand,
} from '../../../contract/methodology';
import { PAGES } from '../../../contract/pages';
import { RESEARCH_FAILED_TEXT } from '../../../contract/purchases';
import {
  COVERAGE_LABELS,
  categoryScoreText,
  changeDownText,
  changeUpText,
  coverageDateText,
  dataAgeLine,
  figureOf,
  KIND_CHECK_WORDS,
  type KindCheck,
  keyRiskLabel,
  NOT_ASSESSED_HEADING,
  NOT_COUNTED_TEXT,
  noKeyRisksLine,
  type ProgressEntry,
  peerLines,
  REPORT_HEADINGS,
  type ReportResponse,
  type ReportSections,
  type ReportStatus,
  scoreArithmeticLines,
  splitFindings,
  unsourcedChecks,
} from '../../../contract/reports';
import { DatedLineChart } from '../../components/dated-line-chart';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardTitle } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast';
import { downloadReportPdf } from '../../lib/download-pdf';
import { formatDateTime } from '../../lib/report-format';
import { listenToReport, reportQuery } from './api';
import { BacktestHistory } from './BacktestHistory';
import { ReportSeries } from './ReportSeries';
import { ResearchProgress } from './ResearchProgress';
import { ScoreChart } from './ScoreChart';
import { numberedSources, ShortLink, SourcesList, TextWithShortLinks } from './SourcesList';
import { categoriesWithEvidence, VerdictSummary } from './VerdictSummary';

const ACTIVE: ReadonlySet<ReportStatus> = new Set(['pending', 'processing']);

const STATUS_TONES: Record<ReportStatus, BadgeTone> = {
  pending: 'grey',
  processing: 'info',
  completed: 'success',
  failed: 'danger',
};

const formatDate = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Toasts on a change from a previously seen status to processing or completed. */
function useStatusToasts(report: ReportResponse['report'] | undefined) {
  const previous = useRef<ReportStatus | undefined>(undefined);
  useEffect(() => {
    if (!report) return;
    const before = previous.current;
    previous.current = report.report_status;
    if (before === undefined || before === report.report_status) return;
    if (report.report_status === 'completed') {
      toast({
        title: 'Research Complete!',
        description: `Your ${report.asset_name} research report is now ready.`,
        duration: 5_000,
      });
    } else if (report.report_status === 'processing') {
      toast({
        title: 'Research in Progress',
        description: `Analysis of ${report.asset_name} is now being processed.`,
        duration: 3_000,
      });
    }
  }, [report]);
}

/**
 * Live updates: each pushed event is the whole report state, written straight into the query
 * cache (no refetch). Reports whether the stream is connected; while it is not (not yet open,
 * reconnecting, refused), the page falls back to the spec's 10 s polling.
 */
function useReportEvents(id: string, active: boolean, setConnected: (connected: boolean) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active || typeof EventSource === 'undefined') return;
    const close = listenToReport(id, {
      open: () => setConnected(true),
      error: () => setConnected(false),
      report: (report) => queryClient.setQueryData(reportQuery(id).queryKey, report),
    });
    return () => {
      close();
      setConnected(false);
    };
  }, [id, active, queryClient, setConnected]);
}

function NotFound() {
  return (
    <Page meta={{ ...PAGES.report.meta, noindex: true }} title="Report Not Found">
      <p className="text-muted">
        The report you're looking for doesn't exist or you don't have access to it.
      </p>
      <Button asChild variant="secondary" className="mt-6">
        <Link href="/dashboard">Back to Dashboard</Link>
      </Button>
    </Page>
  );
}

/** Labelled figures as a definition list: label beside value, stacked on a phone. */
function FigureList({
  figures,
  sources,
}: {
  figures: { label: string; value: string }[];
  sources?: ProgressEntry['sources'];
}) {
  if (figures.length === 0) return null;
  return (
    <dl className="mt-1 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,14rem)_1fr]">
      {figures.map((figure) => (
        <div key={`${figure.label}: ${figure.value}`} className="contents">
          <dt className="font-medium text-muted">{figure.label}</dt>
          <dd className="mb-1 sm:mb-0">
            {sources ? <TextWithShortLinks text={figure.value} sources={sources} /> : figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A category's labelled figures as a definition list, then the findings that are sentences. */
function Findings({ text, sources }: { text: string; sources: ProgressEntry['sources'] }) {
  const { figures, prose } = splitFindings(text);
  return (
    <>
      <FigureList figures={figures} sources={sources} />
      {prose && (
        <p className="mt-2 text-sm">
          <TextWithShortLinks text={prose} sources={sources} />
        </p>
      )}
    </>
  );
}

function AgentCard({ entry, notCounted }: { entry: ProgressEntry; notCounted: boolean }) {
  return (
    // min-w-0 and wrap-anywhere: a raw URL in the findings wraps instead of widening its column.
    <Card className="min-w-0 space-y-3 p-5 wrap-anywhere">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{entry.agent_name}</h3>
          {/* "Completed" only where the category was scored: a gap is not a finished assessment. */}
          {entry.status === 'completed' &&
            (notCounted ? (
              <p className="text-xs text-muted" data-testid="category-status">
                Not assessed: no source held evidence (searched {formatDate(entry.completed_at)})
              </p>
            ) : (
              <p className="text-xs text-muted" data-testid="category-status">
                Completed: {formatDate(entry.completed_at)}
              </p>
            ))}
        </div>
        <div className="flex items-center gap-2">
          <span className="font-semibold tabular-nums">
            {notCounted ? NOT_COUNTED_TEXT : entry.score ? `${Number(entry.score).toFixed(1)}/5` : '—'}
          </span>
          {/* A badge only while the agent works or when it failed: twelve "completed" say nothing. */}
          {entry.status !== 'completed' && <Badge tone={STATUS_TONES[entry.status]}>{entry.status}</Badge>}
        </div>
      </div>
      {entry.research_findings && (
        <div>
          <h4 className="text-sm font-semibold">Research Findings</h4>
          <Findings text={entry.research_findings} sources={entry.sources} />
        </div>
      )}
      {entry.detailed_analysis && (
        <div>
          <h4 className="text-sm font-semibold">Detailed Analysis</h4>
          <p className="text-sm text-muted">
            <TextWithShortLinks text={entry.detailed_analysis} sources={entry.sources} />
          </p>
        </div>
      )}
      {entry.chart && (
        <DatedLineChart
          title={entry.chart.title}
          points={entry.chart.points}
          formatValue={(value) => formatChartValue(entry.chart!.unit, value)}
          caption={entry.chart.caption}
          testId={`chart-${entry.category_key}`}
          {...(entry.chart.marker ? { marker: entry.chart.marker } : {})}
        />
      )}
    </Card>
  );
}

const KIND_CHECK_TONES: Record<KindCheck['status'], BadgeTone> = {
  met: 'success',
  risk: 'danger',
  unknown: 'grey',
  notApplicable: 'grey',
};
/** The badge says the outcome in the words of the text report and PDF, capitalised. */
const kindCheckBadge = (status: KindCheck['status']) => ({
  label: `${KIND_CHECK_WORDS[status][0]!.toUpperCase()}${KIND_CHECK_WORDS[status].slice(1)}`,
  tone: KIND_CHECK_TONES[status],
});

/** The checks for the asset's kind: each met, a risk, not assessed, or not applying to this asset. */
function KindChecks({ checks }: { checks: KindCheck[] }) {
  const { assessed, unsourced } = unsourcedChecks(checks);
  return (
    <Card className="mb-8">
      <CardTitle id="kind-checks">{REPORT_HEADINGS.kindChecks}</CardTitle>
      <p className="mt-2 text-sm text-muted">
        What a careful analyst checks for this kind of asset, on top of the 12 categories. Every risk found is
        also among the key risks.
      </p>
      {/* Wider than a phone, the table scrolls in its card: a labelled region the keyboard can reach. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll it by keyboard */}
      <section tabIndex={0} aria-labelledby="kind-checks" className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm" aria-labelledby="kind-checks">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-3">
                Check
              </th>
              <th scope="col" className="py-2 pr-3">
                Result
              </th>
              <th scope="col" className="py-2">
                What the evidence says
              </th>
            </tr>
          </thead>
          <tbody>
            {assessed.map((check) => (
              <tr key={`${check.group}-${check.key}`} className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {KIND_RULES[check.group].title}: {check.label}
                </th>
                <td className="py-2 pr-3">
                  <Badge tone={kindCheckBadge(check.status).tone}>{kindCheckBadge(check.status).label}</Badge>
                </td>
                <td className="py-2">{check.finding}</td>
              </tr>
            ))}
            {/* The checks no source answers: one row listing them, not a repeated sentence each. */}
            {unsourced.length > 0 && (
              <tr className="border-b border-border align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {NOT_ASSESSED_HEADING}
                </th>
                <td className="py-2 pr-3">
                  <Badge tone={kindCheckBadge('unknown').tone}>{kindCheckBadge('unknown').label}</Badge>
                </td>
                <td className="py-2">
                  <ul className="list-disc pl-4">
                    {unsourced.map((check) => (
                      <li key={`${check.group}-${check.key}`}>
                        {KIND_RULES[check.group].title}: {check.label}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </Card>
  );
}

/** Key risks, what would change the score, data coverage and peer comparison (new reports). */
function BuyerSections({ sections }: { sections: ReportSections }) {
  return (
    <>
      {sections.arithmetic && (
        <Card className="mb-8">
          <CardTitle>{REPORT_HEADINGS.arithmetic}</CardTitle>
          <div className="mt-3 space-y-2 text-sm" data-testid="score-arithmetic">
            {scoreArithmeticLines(sections.arithmetic).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </Card>
      )}
      <Card className="mb-8">
        <CardTitle id="key-risks">{REPORT_HEADINGS.keyRisks}</CardTitle>
        {sections.keyRisks.length === 0 ? (
          <p className="mt-3 text-sm">{noKeyRisksLine(sections)}</p>
        ) : (
          <ul className="mt-3 space-y-2 text-sm" aria-labelledby="key-risks">
            {sections.keyRisks.map((risk) => (
              <li key={`${risk.category_key}: ${risk.text}`}>
                <span className="font-semibold">{keyRiskLabel(sections, risk)}:</span> {risk.text}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {sections.kindChecks?.length ? <KindChecks checks={sections.kindChecks} /> : null}

      <Card className="mb-8">
        <CardTitle id="score-changes">{REPORT_HEADINGS.changes}</CardTitle>
        {/* Wider than a phone, the table scrolls in its card: a labelled region the keyboard can reach. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll it by keyboard */}
        <section tabIndex={0} aria-labelledby="score-changes" className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby="score-changes">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Category
                </th>
                <th scope="col" className="py-2 pr-3">
                  Score
                </th>
                <th scope="col" className="py-2 pr-3">
                  One band up
                </th>
                <th scope="col" className="py-2">
                  One band down
                </th>
              </tr>
            </thead>
            <tbody>
              {sections.changes.map((change) => (
                <tr key={change.category_key} className="border-b border-border/60 align-top">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {change.category}
                  </th>
                  <td className="py-2 pr-3 tabular-nums">
                    {categoryScoreText(sections, change.category_key, change.score)}
                  </td>
                  <td className="py-2 pr-3">{changeUpText(change)}</td>
                  <td className="py-2">
                    {categoryScoreText(sections, change.category_key, change.score) === NOT_COUNTED_TEXT
                      ? '—'
                      : changeDownText(change)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </Card>

      <Card className="mb-8">
        <CardTitle id="data-coverage">{REPORT_HEADINGS.coverage}</CardTitle>
        {/* Wider than a phone, the table scrolls in its card: a labelled region the keyboard can reach. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to scroll it by keyboard */}
        <section tabIndex={0} aria-labelledby="data-coverage" className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm" aria-labelledby="data-coverage">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-2 pr-3">
                  Category
                </th>
                <th scope="col" className="py-2 pr-3">
                  Evidence
                </th>
                <th scope="col" className="py-2 pr-3">
                  Dated
                </th>
                <th scope="col" className="py-2">
                  Dataset
                </th>
              </tr>
            </thead>
            <tbody>
              {sections.coverage.map((entry) => (
                <tr key={entry.category_key} className="border-b border-border/60">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {entry.category}
                  </th>
                  <td className="py-2 pr-3">
                    <Badge
                      tone={entry.kind === 'live' ? 'success' : entry.kind === 'snapshot' ? 'info' : 'danger'}
                    >
                      {COVERAGE_LABELS[entry.kind]}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3">{coverageDateText(entry) || '—'}</td>
                  <td className="py-2 text-xs text-muted wrap-anywhere">
                    {entry.datasets?.length ? (
                      <span className="flex flex-wrap gap-x-2">
                        {entry.datasets.map((dataset) => (
                          <ShortLink key={dataset.url} url={dataset.url} dataset={dataset} />
                        ))}
                      </span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </Card>

      <Card className="mb-8">
        <CardTitle>{REPORT_HEADINGS.peers}</CardTitle>
        <div className="mt-3 space-y-2 text-sm" data-testid="peer-comparison">
          {/* The peer group and the standing are figures (label and value); the named peers follow. */}
          <FigureList figures={peerLines(sections.peers).flatMap((line) => figureOf(line) ?? [])} />
          {peerLines(sections.peers)
            .filter((line) => !figureOf(line))
            .map((line) => (
              <p key={line}>
                {/* A peer's own report is cited by its page (/report/N): a link here. */}
                {line.split(/(\/report\/\d+)/).map((part, index) =>
                  index % 2 === 1 ? (
                    <Link key={part} href={part} className="inline-flex min-h-11 items-center underline">
                      {part}
                    </Link>
                  ) : (
                    part
                  ),
                )}
              </p>
            ))}
        </div>
      </Card>
    </>
  );
}

/**
 * The composite out of 5.0 as a reading of the arithmetic, in the score section only: its band
 * word and colour (Excellent, Good, Poor) never stand beside the risk level, and a knockout
 * report shows no band at all (decisions.md "One verdict").
 */
function CompositeLine({ total, knockout }: { total: number; knockout: boolean }) {
  const composite = compositeOutOfFive(total);
  const band = ratingBand(composite);
  return (
    <p className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="composite-line">
      <span className="text-muted">Composite</span>
      <span className="text-lg font-bold tabular-nums" data-testid="composite-score">
        {composite.toFixed(1)}/5.0
      </span>
      {!knockout && <Badge tone={RATING_BAND_TONES[band]}>{band}</Badge>}
      <span className="text-muted">
        · total {total.toFixed(1)} of {MAX_TOTAL}
      </span>
    </p>
  );
}

export function ReportPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [streaming, setStreaming] = useState(false);
  const query = useQuery({
    ...reportQuery(id),
    staleTime: 0,
    // Pushed events keep the page current; polling only while the stream is down.
    refetchOnWindowFocus: !streaming,
    refetchInterval: (q) =>
      !streaming && q.state.data && ACTIVE.has(q.state.data.report.report_status)
        ? TIMINGS_MS.reportPoll
        : false,
  });
  const report = query.data?.report;
  const active = report ? ACTIVE.has(report.report_status) : false;
  useStatusToasts(report);
  useReportEvents(id, active, setStreaming);

  if (query.isPending) {
    return (
      <Page meta={PAGES.report.meta}>
        <Spinner label="Loading report" className="text-primary" />
      </Page>
    );
  }
  if (query.isError || !query.data || !report) return <NotFound />;

  const { progressData, reportContent } = query.data;
  const sections = query.data.sections ?? null;
  const total = Number(report.composite_score ?? 0);
  const completed = report.report_status === 'completed';
  const notRated = completed && report.rated === false;
  const scored = completed && !notRated;
  const paragraphs = reportContent.split(/\n\s*\n/).filter((p) => p.trim());
  const sourcesParagraph = paragraphs.find((p) => p.startsWith(`${REPORT_HEADINGS.sources}:`));
  const meta = {
    ...PAGES.report.meta,
    title: `${report.asset_name} Research Report`,
    description: scored
      ? `Research report on ${report.asset_name}: ${total.toFixed(1)}/77 composite score, risk level ${report.risk_level ? RISK_LEVEL_LABELS[report.risk_level] : 'unknown'}.`
      : notRated
        ? `Research report on ${report.asset_name}: ${NOT_RATED_LABEL}, too few categories with evidence.`
        : `Research report on ${report.asset_name}, in progress.`,
  };
  const evidence = categoriesWithEvidence(sections, progressData);
  const sources = numberedSources(progressData);
  const chartScores = Object.fromEntries(
    progressData.map((p) => [p.category_key, p.score === null ? null : Number(p.score)]),
  );

  return (
    <Page meta={meta} wide>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost">
          <Link href="/dashboard">
            <ArrowLeft size={16} aria-hidden /> Back to Dashboard
          </Link>
        </Button>
        <Button
          variant="secondary"
          disabled={!completed}
          onClick={() => void downloadReportPdf(report.id, report.asset_name)}
        >
          <Download size={16} aria-hidden /> Download PDF
        </Button>
      </div>

      {active && (
        <ResearchProgress
          status={report.report_status}
          startedAt={report.created_at}
          progress={progressData}
        />
      )}
      {report.report_status === 'failed' && (
        <div
          role="alert"
          className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm text-destructive"
        >
          {RESEARCH_FAILED_TEXT}
        </div>
      )}

      <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{report.asset_name}</h1>
          <p className="text-sm text-muted">
            Generated {formatDate(report.completed_at ?? report.created_at)}
            {report.methodology_version ? ` · Methodology ${report.methodology_version}` : ''}
          </p>
          {sections?.dataAsOf && (
            <p className="text-sm font-medium" data-testid="data-as-of">
              {dataAgeLine(sections.dataAsOf, report.completed_at ?? report.created_at)}
            </p>
          )}
        </div>
      </header>

      {/* Read first: the verdict (the risk level; a knockout makes it Not Safe whatever the
          composite's band) and what it stands on, then the category bars with the composite. */}
      {completed && (
        <VerdictSummary
          riskLevel={report.risk_level}
          rated={scored}
          sections={sections}
          evidence={evidence}
        />
      )}
      {progressData.length > 0 && (
        <Card className="mb-8" id="scores">
          <CardTitle className="mb-4">Category Scores</CardTitle>
          {scored && (
            <CompositeLine total={total} knockout={(sections?.arithmetic?.knockouts.length ?? 0) > 0} />
          )}
          <ScoreChart scores={chartScores} evidence={completed ? evidence : undefined} />
        </Card>
      )}

      {completed && <ReportSeries reportId={report.id} assetName={report.asset_name} />}
      {completed && <BacktestHistory reportId={report.id} assetName={report.asset_name} />}

      {sections ? (
        <>
          <Card className="mb-8">
            <CardTitle>{REPORT_HEADINGS.summary}</CardTitle>
            <p className="mt-3" data-testid="executive-summary">
              {sections.summary}
            </p>
            {sections.writer === 'llm' && (
              <p className="mt-2 text-xs text-muted">Written by the AI writer from the evidence below.</p>
            )}
            {sections.writer === 'rules' && (
              <p className="mt-2 text-xs text-muted" data-testid="report-writer">
                {RULES_WRITER_TEXT}
              </p>
            )}
          </Card>
          <BuyerSections sections={sections} />
        </>
      ) : (
        paragraphs[0] && (
          <Card className="mb-8">
            <CardTitle>Executive Summary</CardTitle>
            <p className="mt-3">{paragraphs[0]}</p>
          </Card>
        )
      )}

      <section aria-labelledby="categories-title" className="mb-8">
        <h2 id="categories-title" className="mb-4 text-xl font-semibold">
          Research Categories Analysis
        </h2>
        {progressData.length === 0 ? (
          <p className="text-muted">The research agents have not started yet.</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {progressData.map((entry) => (
              <AgentCard
                key={entry.id}
                entry={entry}
                notCounted={
                  sections?.coverage.find((c) => c.category_key === entry.category_key)?.kind === 'none' ||
                  // A completed category without a score had no evidence (the API gives null).
                  (entry.status === 'completed' && entry.score === null)
                }
              />
            ))}
          </div>
        )}
      </section>

      {sections && (sources.length > 0 || sourcesParagraph) && (
        <Card id="sources">
          <CardTitle>{REPORT_HEADINGS.sources}</CardTitle>
          {sources.length > 0 ? (
            <SourcesList sources={sources} />
          ) : (
            <p className="mt-4 text-sm wrap-anywhere">{sourcesParagraph?.replace(/^Sources:\s*/, '')}</p>
          )}
        </Card>
      )}

      {!sections && paragraphs.length > 0 && (
        <Card>
          <CardTitle>Complete Research Report</CardTitle>
          <div className="mt-4 space-y-4 text-sm">
            {paragraphs.map((paragraph, index) => (
              // Paragraphs have no identity beyond their position in the text.
              // biome-ignore lint/suspicious/noArrayIndexKey: static text split into paragraphs
              <p key={index} className="whitespace-pre-line wrap-anywhere">
                {paragraph}
              </p>
            ))}
          </div>
        </Card>
      )}
    </Page>
  );
}
