import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOT_RATED_LABEL, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { unwatchAsset, watchlistQuery } from '../../lib/queries/watchlist';
import { formatDate, formatScore77 } from '../../lib/report-format';
import { setWatchOnPurchase } from './api';

/** The assets the user watches, each with its newest report, and the watch-what-I-buy setting. */
export function WatchlistCard() {
  const queryClient = useQueryClient();
  const watchlist = useQuery(watchlistQuery);
  const onError = (error: unknown) =>
    toast({
      title: 'Error',
      description: errorMessage(error, 'The watchlist could not be changed.'),
      variant: 'destructive',
    });
  const remove = useMutation({
    mutationFn: unwatchAsset,
    onSuccess: (next) => queryClient.setQueryData(watchlistQuery.queryKey, next),
    onError,
  });
  const setting = useMutation({
    mutationFn: setWatchOnPurchase,
    onSuccess: (next) => queryClient.setQueryData(watchlistQuery.queryKey, next),
    onError,
  });
  const data = watchlist.data;
  return (
    <Card>
      <CardTitle id="watchlist-title">Watchlist</CardTitle>
      <CardDescription className="mt-1">
        When a new version of a watched asset's report changes its risk level or moves its total by 3 points
        or more, you get one email and a notice on your dashboard.
      </CardDescription>
      {!data ? (
        <p className="mt-4 text-sm text-muted">
          {watchlist.isError ? 'The watchlist could not be loaded.' : 'Loading…'}
        </p>
      ) : (
        <>
          {/* The whole 44 px line is the tap target, not only the box. */}
          <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={data.watchOnPurchase}
              disabled={setting.isPending}
              onChange={(event) => setting.mutate(event.currentTarget.checked)}
            />
            Watch the asset of every report I buy
          </label>
          {data.assets.length === 0 ? (
            <p className="mt-4 text-sm">
              You watch no assets yet. Use the Watch button on a report or in the marketplace.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-border" aria-labelledby="watchlist-title">
              {data.assets.map((asset) => (
                <li
                  key={asset.assetId}
                  className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
                >
                  <div>
                    <p className="font-medium">{asset.assetName}</p>
                    {asset.latest && (
                      <p className="text-muted">
                        Version {asset.latest.version}, {formatDate(asset.latest.completedAt)}:{' '}
                        {asset.latest.compositeScore === null
                          ? NOT_RATED_LABEL
                          : formatScore77(asset.latest.compositeScore)}
                        {asset.latest.riskLevel ? `, ${RISK_LEVEL_LABELS[asset.latest.riskLevel]}` : ''}
                      </p>
                    )}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(asset.assetId)}
                    aria-label={`Stop watching ${asset.assetName}`}
                  >
                    Stop watching
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
