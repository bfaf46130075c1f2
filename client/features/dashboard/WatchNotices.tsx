import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchlistResponse } from '../../../contract/watchlist';
import { Button } from '../../components/ui/button';
import { WATCHLIST_KEY } from '../../components/watch-button';
import { apiRequest } from '../../lib/api';

/** Dashboard notices: new versions of watched assets that changed the picture. */
export function WatchNotices() {
  const queryClient = useQueryClient();
  const watchlist = useQuery<WatchlistResponse>({ queryKey: WATCHLIST_KEY });
  const dismiss = useMutation({
    mutationFn: (id: number) => apiRequest('POST', `/api/watchlist/alerts/${id}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
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
            <p>
              <span className="font-semibold">{alert.assetName}:</span> {alert.summary}
            </p>
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
