import { useQuery } from '@tanstack/react-query';
import { Bug, Shield } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ADMIN_USER_ID, TIMINGS_MS } from '../../../contract/constants';
import { PAGES } from '../../../contract/pages';
import { Button } from '../../components/ui/button';
import { PageMeta } from '../../components/ui/page-meta';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCurrentUser } from '../../lib/auth';
import { myReportsQuery, publicReportsQuery } from '../../lib/queries/reports';
import { queryClient } from '../../lib/query-client';
import { isReportInProgress } from '../../lib/report-format';
import { MarketplaceTab } from './MarketplaceTab';
import { MyReportsTab } from './MyReportsTab';
import { NEW_REPORT_INPUT_ID, NewReportTab } from './NewReportTab';
import { OpenPayments } from './OpenPayments';
import { useStatusNotifications } from './status-notifications';
import { WatchNotices } from './WatchNotices';

type TabValue = 'new-report' | 'my-reports' | 'marketplace';

export function DashboardPage() {
  const { user } = useCurrentUser();
  // A link may open a tab, or the New Report tab with a name typed (/search's next step).
  const params = new URLSearchParams(useSearch());
  const [tab, setTab] = useState<TabValue>(
    params.get('tab') === 'marketplace' ? 'marketplace' : 'new-report',
  );
  const [newReportName, setNewReportName] = useState(params.get('asset')?.slice(0, 100) ?? '');

  // Every 5 s while any report is being researched, otherwise 15 s; on focus and on mount; never cached.
  const myReports = useQuery({
    ...myReportsQuery,
    enabled: Boolean(user),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.some((item) => isReportInProgress(item.report_status))
        ? TIMINGS_MS.myReportsActivePoll
        : TIMINGS_MS.myReportsIdlePoll,
  });
  const publicReports = useQuery({
    ...publicReportsQuery,
    refetchInterval: TIMINGS_MS.publicReportsPoll,
  });

  // The combined refresh of both lists every 10 s.
  useEffect(() => {
    if (!user) return;
    const timer = window.setInterval(() => {
      void queryClient.refetchQueries({ queryKey: myReportsQuery.queryKey, type: 'active' });
      void queryClient.refetchQueries({ queryKey: publicReportsQuery.queryKey, type: 'active' });
    }, TIMINGS_MS.dashboardRefresh);
    return () => window.clearInterval(timer);
  }, [user]);

  const refreshPublic = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: publicReportsQuery.queryKey });
  }, []);
  useStatusNotifications(user?.id, myReports.data, refreshPublic);

  if (!user) return <FullScreenSpinner />;

  const generateReport = (assetName: string) => {
    setNewReportName(assetName);
    setTab('new-report');
    window.setTimeout(() => document.getElementById(NEW_REPORT_INPUT_ID)?.focus(), 0);
  };

  const startFirstReport = () => {
    setTab('new-report');
    window.setTimeout(() => document.getElementById(NEW_REPORT_INPUT_ID)?.focus(), 0);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageMeta meta={PAGES.dashboard.meta} />
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          <p className="mt-1 text-muted">
            Welcome,{' '}
            <span className="font-semibold text-fg" data-testid="dashboard-username">
              {user.username}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {user.id === ADMIN_USER_ID && (
            <Button asChild variant="secondary" size="sm">
              <Link href="/admin">
                <Shield size={16} aria-hidden /> Admin
              </Link>
            </Button>
          )}
          <Button asChild variant="secondary" size="sm">
            <Link href="/bug-report">
              <Bug size={16} aria-hidden /> Report Bug
            </Link>
          </Button>
        </div>
      </div>

      <WatchNotices />
      <OpenPayments />

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="new-report">New Report</TabsTrigger>
          <TabsTrigger value="my-reports">My Reports</TabsTrigger>
          <TabsTrigger value="marketplace">Marketplace</TabsTrigger>
        </TabsList>
        <TabsContent value="new-report" className="mt-6">
          <NewReportTab initialName={newReportName} />
        </TabsContent>
        <TabsContent value="my-reports" className="mt-6">
          <MyReportsTab query={myReports} onGenerateFirst={startFirstReport} />
        </TabsContent>
        <TabsContent value="marketplace" className="mt-6">
          <MarketplaceTab query={publicReports} onGenerate={generateReport} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
