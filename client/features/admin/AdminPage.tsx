import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { BUG_STATUS_LABELS, BUG_STATUSES, countByStatus } from '../../../contract/bug-reports';
import { ADMIN_USER_ID } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { Card } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { useCurrentUser } from '../../lib/auth';
import { bugReportsQuery } from './api';
import { BugReportsSection } from './BugReports';
import { DisputesSection } from './Disputes';
import { FailedReportsSection } from './FailedReports';
import { FlaggedPaymentsSection, OpenRefundsSection, UnmatchedIncomingSection } from './PaymentLists';

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
  const reports = useQuery(bugReportsQuery);
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

      <BugReportsSection reports={reports} />
      <FailedReportsSection />
      <OpenRefundsSection />
      <DisputesSection />
      <FlaggedPaymentsSection />
      <UnmatchedIncomingSection />
    </Page>
  );
}
