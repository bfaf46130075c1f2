import { useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { AdminRefund, FailedReport, FlaggedPayment, UnmatchedIncoming } from '../../../contract/admin';
import {
  type AdminBugReport,
  BUG_CATEGORY_LABELS,
  BUG_MESSAGES,
  BUG_STATUS_COLOURS,
  BUG_STATUS_LABELS,
  BUG_STATUSES,
  type BugStatus,
  countByStatus,
} from '../../../contract/bug-reports';
import { CROW_TOKEN_LABEL, toDisplayAmount } from '../../../contract/cardano';
import { ADMIN_USER_ID } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import type { RefundReason, RefundStatus } from '../../../contract/purchases';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { toast } from '../../components/ui/toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';

const BUG_REPORTS_KEY = ['/api/admin/bug-reports'] as const;

const TONE_OF_COLOUR: Record<(typeof BUG_STATUS_COLOURS)[BugStatus], BadgeTone> = {
  red: 'danger',
  yellow: 'warning',
  green: 'success',
  grey: 'grey',
};

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function BackToDashboard() {
  return (
    <Link
      href="/dashboard"
      className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft size={16} aria-hidden />
      Back to Dashboard
    </Link>
  );
}

export function AdminPage() {
  const { user } = useCurrentUser();
  // The server refuses everyone else too (403); this only spares them a useless screen.
  if (user?.id !== ADMIN_USER_ID) {
    return (
      <Page meta={PAGES.admin.meta}>
        <Card className="mx-auto max-w-md text-center">
          <ShieldAlert size={40} className="mx-auto text-destructive" aria-hidden />
          <h1 className="mt-3 text-2xl font-bold">Access Denied</h1>
          <p className="mt-2 text-muted">Admin access required to view this page.</p>
          <div className="mt-6">
            <BackToDashboard />
          </div>
        </Card>
      </Page>
    );
  }
  return <AdminOverview />;
}

function AdminOverview() {
  const reports = useQuery<AdminBugReport[]>({ queryKey: BUG_REPORTS_KEY });
  const counts = countByStatus(reports.data ?? []);
  const tiles: { label: string; value: number }[] = [
    { label: 'Total Reports', value: counts.total },
    ...BUG_STATUSES.map((status) => ({ label: BUG_STATUS_LABELS[status], value: counts[status] })),
  ];

  return (
    <Page meta={PAGES.admin.meta} wide>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Bug Report Overview</h1>
        <BackToDashboard />
      </div>

      <section aria-labelledby="tiles-heading">
        <h2 id="tiles-heading" className="sr-only">
          Bug reports by status
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {tiles.map((tile) => (
            <li key={tile.label} className="rounded-lg border border-border bg-card p-4" data-testid="tile">
              <p className="text-sm text-muted">{tile.label}</p>
              <p className="mt-1 text-3xl font-bold" data-testid={`tile-${tile.label}`}>
                {reports.isSuccess ? tile.value : '–'}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="reports-heading" className="mt-8">
        <h2 id="reports-heading" className="mb-4 text-xl font-semibold">
          Bug Reports
        </h2>
        {reports.isLoading ? (
          <p role="status" className="text-muted">
            Loading bug reports...
          </p>
        ) : reports.isError ? (
          <div role="alert" className="rounded-md border border-destructive p-4 text-destructive">
            Failed to load bug reports.{' '}
            <Button variant="link" onClick={() => reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : reports.data && reports.data.length > 0 ? (
          <ul className="space-y-4">
            {reports.data.map((report) => (
              <BugReportItem key={report.id} report={report} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-border bg-card p-8 text-center text-muted">
            No bug reports found
          </p>
        )}
      </section>

      <FailedReportsList />
      <RefundsList />
      <FlaggedPaymentsList />
      <UnmatchedIncomingList />
    </Page>
  );
}

function BugReportItem({ report }: { report: AdminBugReport }) {
  const update = useMutation({
    mutationFn: (status: BugStatus) =>
      apiRequest<AdminBugReport>('PATCH', `/api/admin/bug-reports/${report.id}`, { status }),
    onSuccess: async () => {
      toast({ title: 'Success', description: BUG_MESSAGES.statusUpdated });
      await queryClient.invalidateQueries({ queryKey: BUG_REPORTS_KEY });
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
                  <time dateTime={report.createdAt}>{dateTime(report.createdAt)}</time>
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

function AttentionSection({
  id,
  title,
  description,
  state,
  empty,
  children,
}: {
  id: string;
  title: string;
  description: string;
  state: 'loading' | 'error' | 'empty' | 'ready';
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mb-3 text-sm text-muted">{description}</p>
      {state === 'loading' ? (
        <p className="text-muted">Loading...</p>
      ) : state === 'error' ? (
        <p role="alert" className="text-destructive">
          Could not load this list.
        </p>
      ) : state === 'empty' ? (
        <p className="rounded-lg border border-border bg-card p-4 text-muted">{empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">{children}</div>
      )}
    </section>
  );
}

const listState = (query: { isLoading: boolean; isError: boolean; data?: unknown[] }) =>
  query.isLoading ? 'loading' : query.isError ? 'error' : query.data?.length ? 'ready' : 'empty';

const TH = 'px-3 py-2 text-left font-semibold';
const TD = 'px-3 py-2 align-top';

function TableHead({ columns }: { columns: string[] }) {
  return (
    <thead className="border-b border-border bg-subtle">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={TH}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const FAILED_REPORTS_KEY = ['/api/admin/failed-reports'] as const;
const REFUNDS_KEY = ['/api/admin/refunds'] as const;

const METHOD_LABELS = { card: 'Card', cardano: 'Cardano' } as const;
const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  duplicate_payment: 'Second payment',
  research_failed: 'Research failed',
  account_deleted: 'Paid after the account was deleted',
};

const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Refund sending',
  succeeded: 'Refunded',
  failed: 'Refund failed',
  due: 'Refund due',
};

function FailedReportsList() {
  const failed = useQuery<FailedReport[]>({ queryKey: FAILED_REPORTS_KEY });
  return (
    <AttentionSection
      id="failed-heading"
      title="Failed Research Reports"
      description="Paid research that stopped with an error. Retry the research, or refund the buyer (card: refunded through the card provider; Cardano: recorded as due)."
      state={listState(failed)}
      empty="No failed research reports."
    >
      <table className="w-full text-sm">
        <TableHead columns={['ID', 'Asset', 'Reason', 'Buyer', 'Amount', 'Method', 'Failed at', 'Actions']} />
        <tbody>
          {failed.data?.map((report) => (
            <tr key={report.id} className="border-b border-border last:border-0" data-testid="failed-report">
              <td className={TD}>{report.id}</td>
              <td className={TD}>{report.assetName}</td>
              <td className={`${TD} break-words`}>{report.failureReason ?? 'No reason recorded'}</td>
              <td className={TD}>
                {report.purchase ? (
                  <>
                    {report.purchase.buyer.username}
                    <br />
                    <span className="break-all text-muted">{report.purchase.buyer.email}</span>
                  </>
                ) : (
                  <span className="text-muted">No paid purchase</span>
                )}
              </td>
              <td className={TD}>
                {report.purchase ? `$${Number(report.purchase.amount).toFixed(2)}` : '—'}
              </td>
              <td className={TD}>{report.purchase ? METHOD_LABELS[report.purchase.paymentMethod] : '—'}</td>
              <td className={TD}>{dateTime(report.updatedAt)}</td>
              <td className={TD}>
                <FailedReportActions report={report} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AttentionSection>
  );
}

type PendingAction = 'retry' | 'refund' | null;

/** Retry and Refund, each confirmed in place before anything is sent. */
function FailedReportActions({ report }: { report: FailedReport }) {
  const [confirming, setConfirming] = useState<PendingAction>(null);
  const purchase = report.purchase;
  const refundStatus = purchase?.refundStatus ?? null;
  const action = useMutation({
    mutationFn: (kind: Exclude<PendingAction, null>) =>
      kind === 'retry'
        ? apiRequest('POST', `/api/admin/reports/${report.id}/retry-research`)
        : apiRequest('POST', `/api/admin/purchases/${purchase?.id}/refund`),
    onSuccess: async (_data, kind) => {
      setConfirming(null);
      toast({
        title: 'Success',
        description:
          kind === 'retry'
            ? `Research on ${report.assetName} was queued again.`
            : purchase?.paymentMethod === 'card'
              ? 'The refund is being sent to the card provider.'
              : 'The refund is recorded as due: send it from the wallet.',
      });
      await queryClient.invalidateQueries({ queryKey: FAILED_REPORTS_KEY });
      await queryClient.invalidateQueries({ queryKey: REFUNDS_KEY });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The action failed.'),
        variant: 'destructive',
      }),
  });

  // A refund the provider refused can be sent again with the same button.
  if (refundStatus && refundStatus !== 'failed') {
    return <Badge tone="grey">{REFUND_STATUS_LABELS[refundStatus]}</Badge>;
  }
  if (confirming) {
    const question =
      confirming === 'retry'
        ? `Retry research on ${report.assetName}?`
        : `Refund $${Number(purchase?.amount ?? 0).toFixed(2)} to ${purchase?.buyer.username}?`;
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">{question}</legend>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={confirming === 'refund' ? 'destructive' : 'primary'}
            disabled={action.isPending}
            onClick={() => action.mutate(confirming)}
          >
            {confirming === 'retry' ? 'Confirm retry' : 'Confirm refund'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={action.isPending}
            onClick={() => setConfirming(null)}
          >
            Cancel
          </Button>
        </div>
      </fieldset>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {refundStatus ? (
        <Badge tone="danger">{REFUND_STATUS_LABELS.failed}</Badge>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('retry')}>
          Retry research
        </Button>
      )}
      {purchase && (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('refund')}>
          Refund
        </Button>
      )}
    </div>
  );
}

function RefundsList() {
  const open = useQuery<AdminRefund[]>({ queryKey: REFUNDS_KEY });
  return (
    <AttentionSection
      id="refunds-heading"
      title="Refunds"
      description="Refunds not yet settled: Cardano refunds to send from the wallet, card refunds still sending or refused. Money that arrived after its buyer deleted the account is listed here too: nobody can open what it paid for."
      state={listState(open)}
      empty="No open refunds."
    >
      <table className="w-full text-sm">
        <TableHead columns={['ID', 'Customer', 'Reason', 'Amount', 'Send to', 'Status']} />
        <tbody>
          {open.data?.map((refund) => (
            <tr key={refund.id} className="border-b border-border last:border-0" data-testid="open-refund">
              <td className={TD}>{refund.id}</td>
              <td className={TD}>
                {refund.user.username}
                <br />
                <span className="break-all text-muted">{refund.user.email}</span>
              </td>
              <td className={TD}>{REFUND_REASON_LABELS[refund.reason]}</td>
              <td className={TD}>
                ${Number(refund.usdAmount).toFixed(2)}
                {refund.paymentMethod === 'cardano' && (
                  <>
                    <br />
                    <span className="text-muted">
                      {displayQuantity(
                        refund.quantity,
                        refund.currency === 'NATIVE_TOKEN' ? 'NATIVE_TOKEN' : 'ADA',
                      )}
                    </span>
                  </>
                )}
              </td>
              <td className={`${TD} break-all`}>
                {refund.paymentMethod === 'card'
                  ? 'The card that paid'
                  : (refund.destinationAddress ??
                    `Sender of Cardano payment #${refund.cardanoPaymentId ?? '?'} (look up its incoming transaction)`)}
              </td>
              <td className={TD}>
                <Badge tone={refund.status === 'failed' ? 'danger' : 'warning'}>
                  {REFUND_STATUS_LABELS[refund.status]}
                </Badge>
                {refund.failureReason && <p className="mt-1 text-muted">{refund.failureReason}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </AttentionSection>
  );
}

/** Base units as a person reads them: ADA with 6 decimals (exact to the lovelace), tokens as whole units. */
function displayQuantity(quantity: string, currency: FlaggedPayment['currency']): string {
  const [whole = '0', fraction] = toDisplayAmount(BigInt(quantity), currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${fraction === undefined ? grouped : `${grouped}.${fraction}`} ${currency === 'ADA' ? 'ADA' : CROW_TOKEN_LABEL}`;
}

function FlaggedPaymentsList() {
  const flagged = useQuery<FlaggedPayment[]>({ queryKey: ['/api/admin/flagged-payments'] });
  return (
    <AttentionSection
      id="payments-heading"
      title="Flagged Cardano Payments"
      description="Payments that arrived after their window closed, or where less than the quoted amount arrived. Read-only."
      state={listState(flagged)}
      empty="No flagged payments."
    >
      <table className="w-full text-sm">
        <TableHead columns={['ID', 'Customer', 'Expected', 'Received', 'Status', 'Flags', 'Created']} />
        <tbody>
          {flagged.data?.map((payment) => (
            <tr key={payment.id} className="border-b border-border last:border-0">
              <td className={TD}>{payment.id}</td>
              <td className={TD}>
                {payment.user.username}
                <br />
                <span className="break-all text-muted">{payment.user.email}</span>
              </td>
              <td className={TD}>{displayQuantity(payment.expectedQuantity, payment.currency)}</td>
              <td className={TD}>{displayQuantity(payment.receivedQuantity, payment.currency)}</td>
              <td className={TD}>{payment.status}</td>
              <td className={TD}>
                <div className="flex flex-wrap gap-1">
                  {payment.paidLate && <Badge tone="warning">Paid late</Badge>}
                  {payment.underPaid && <Badge tone="danger">Under-paid</Badge>}
                </div>
              </td>
              <td className={TD}>{dateTime(payment.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AttentionSection>
  );
}

const CLASSIFICATION_LABELS: Record<UnmatchedIncoming['classification'], string> = {
  late: 'Late (after the watch window)',
  duplicate: 'Sent again after confirmation',
  surplus: 'Over-payment surplus',
};

function UnmatchedIncomingList() {
  const incoming = useQuery<UnmatchedIncoming[]>({ queryKey: ['/api/admin/unmatched-incoming'] });
  return (
    <AttentionSection
      id="unmatched-incoming-heading"
      title="Cardano Money Not Applied"
      description="Money that reached a payment address but paid for nothing: it arrived too late, after the payment was confirmed, or beyond the amount owed. Refund it to the sender or credit the customer by hand."
      state={listState(incoming)}
      empty="No unapplied Cardano money."
    >
      <table className="w-full text-sm">
        <TableHead
          columns={['Payment', 'Customer', 'Kind', 'Amount', 'Transaction', 'Sender', 'Block time']}
        />
        <tbody>
          {incoming.data?.map((row) => (
            <tr key={row.id} className="border-b border-border last:border-0">
              <td className={TD}>{row.paymentId}</td>
              <td className={TD}>
                {row.user.username}
                <br />
                <span className="break-all text-muted">{row.user.email}</span>
              </td>
              <td className={TD}>{CLASSIFICATION_LABELS[row.classification]}</td>
              <td className={TD}>{displayQuantity(row.quantity, row.currency)}</td>
              <td className={`${TD} break-all font-mono text-xs`}>{row.txHash}</td>
              <td className={`${TD} break-all font-mono text-xs`}>{row.senderAddress ?? 'Unknown'}</td>
              <td className={TD}>{dateTime(row.blockTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AttentionSection>
  );
}
