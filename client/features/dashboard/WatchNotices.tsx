import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PRICES_USD } from '../../../contract/constants';
import type { WatchAlert } from '../../../contract/watchlist';
import { Button } from '../../components/ui/button';
import { watchlistQuery } from '../../lib/queries/watchlist';
import { formatUsd } from '../../lib/report-format';
import { dismissWatchAlert } from './api';

/** Dashboard notices: new versions of watched assets that changed the picture. */
export function WatchNotices() {
  const queryClient = useQueryClient();
  const watchlist = useQuery(watchlistQuery);
  const dismiss = useMutation({
    mutationFn: dismissWatchAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: watchlistQuery.queryKey }),
  });
  const alerts = watchlist.data?.alerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="watch-notices-title" className="mb-6 space-y-3">
      <h2 id="watch-notices-title" className="text-lg font-semibold">
        Watched assets with a new version
      </h2>
      <ul className="space-y-2">
        {alerts.map((alert) => (
          <li
            key={alert.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-primary/40 bg-primary/10 p-4 text-sm"
          >
            <div className="space-y-1">
              <p>
                <span className="font-semibold">{alert.assetName}:</span> {alert.summary}
              </p>
              <NoticeLink alert={alert} />
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => dismiss.mutate(alert.id)}
              aria-label={`Dismiss the notice about ${alert.assetName}`}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where the notice leads: the new version when the user owns it; else the newest version they own,
 * whose page summarises every newer version for free and sells it; else the checkout of the new one.
 */
function NoticeLink({ alert }: { alert: WatchAlert }) {
  const [href, label] =
    alert.ownedReportId === alert.reportId
      ? [`/report/${alert.reportId}`, `Open version ${alert.version}`]
      : alert.ownedReportId !== null
        ? [`/report/${alert.ownedReportId}`, `See what changed in version ${alert.version}`]
        : [
            `/checkout?${new URLSearchParams({ reportId: String(alert.reportId), purchaseType: 'existing_report', assetName: alert.assetName }).toString()}`,
            `Buy version ${alert.version} (${formatUsd(PRICES_USD.existing_report)})`,
          ];
  return (
    <Link href={href} className="font-medium underline" data-testid="watch-notice-link">
      {label}
    </Link>
  );
}
