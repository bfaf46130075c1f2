import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AdminBugReport,
  BUG_CATEGORY_LABELS,
  BUG_MESSAGES,
  BUG_STATUS_COLOURS,
  BUG_STATUS_LABELS,
  BUG_STATUSES,
  type BugStatus,
} from '../../../contract/bug-reports';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { toast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/report-format';
import { AdminListSection, type ListQuery } from './AdminListSection';
import { bugReportsQuery, updateBugReportStatus } from './api';

const TONE_OF_COLOUR: Record<(typeof BUG_STATUS_COLOURS)[BugStatus], BadgeTone> = {
  red: 'danger',
  yellow: 'warning',
  green: 'success',
  grey: 'grey',
};

/** The page's main list; the overview owns its query, whose counts also fill the tiles. */
export function BugReportsSection({ reports }: { reports: ListQuery<AdminBugReport> }) {
  return (
    <AdminListSection
      prominence="main"
      headingId="reports-heading"
      title="Bug Reports"
      query={reports}
      loadingText="Loading bug reports..."
      errorText="Failed to load bug reports."
      emptyText="No bug reports found"
    >
      {(rows) => (
        <ul className="space-y-4">
          {rows.map((report) => (
            <BugReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
    </AdminListSection>
  );
}

function BugReportItem({ report }: { report: AdminBugReport }) {
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (status: BugStatus) => updateBugReportStatus(report.id, status),
    onSuccess: async () => {
      toast({ title: 'Success', description: BUG_MESSAGES.statusUpdated });
      await queryClient.invalidateQueries({ queryKey: bugReportsQuery.queryKey });
    },
    onError: () =>
      toast({ title: 'Error', description: BUG_MESSAGES.statusUpdateFailed, variant: 'destructive' }),
  });
  const selectId = `status-${report.id}`;
  const details: [string, string | null][] = [
    ['Category', report.category ? BUG_CATEGORY_LABELS[report.category] : null],
    ['Steps to reproduce', report.steps],
    ['Expected', report.expected],
    ['Actual', report.actual],
    ['Browser', report.browser],
    ['Device', report.device],
  ];
  const shownDetails = details.filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <li>
      <article
        aria-labelledby={`bug-${report.id}-title`}
        className="rounded-lg border border-border bg-card p-4 sm:p-5"
        data-testid="bug-report"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={`bug-${report.id}-title`} className="break-words text-lg font-semibold">
                {report.title}
              </h3>
              <Badge tone={TONE_OF_COLOUR[BUG_STATUS_COLOURS[report.status]]} data-testid="status-badge">
                {BUG_STATUS_LABELS[report.status]}
              </Badge>
            </div>
            <p className="whitespace-pre-line break-words">{report.description}</p>
            <dl className="grid gap-x-6 gap-y-1 text-sm text-muted sm:grid-cols-2">
              <div>
                <dt className="inline font-medium text-fg">Reporter: </dt>
                <dd className="inline">{report.user?.username ?? 'Unknown'}</dd>
              </div>
              <div>
                <dt className="inline font-medium text-fg">Email: </dt>
                <dd className="inline break-all">{report.user?.email ?? 'No email'}</dd>
              </div>
              <div>
                <dt className="inline font-medium text-fg">Created: </dt>
                <dd className="inline">
                  <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
                </dd>
              </div>
              <div>
                <dt className="inline font-medium text-fg">ID: </dt>
                <dd className="inline">{report.id}</dd>
              </div>
            </dl>
          </div>
          <div className="shrink-0 sm:w-48">
            <label htmlFor={selectId} className="block text-sm font-medium">
              Status of bug report #{report.id}
            </label>
            <select
              id={selectId}
              value={report.status}
              disabled={update.isPending}
              onChange={(event) => update.mutate(event.target.value as BugStatus)}
              className="mt-1 h-10 w-full rounded-md border border-border bg-card px-3 text-fg disabled:opacity-60"
            >
              {BUG_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {BUG_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {shownDetails.length > 0 && (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-primary">More details</summary>
            <dl className="mt-2 space-y-2">
              {shownDetails.map(([label, value]) => (
                <div key={label}>
                  <dt className="font-medium">{label}</dt>
                  <dd className="whitespace-pre-line break-words text-muted">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-muted">
              Filed as {report.name} &lt;{report.email}&gt;
            </p>
          </details>
        )}
      </article>
    </li>
  );
}
