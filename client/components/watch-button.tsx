import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Eye } from 'lucide-react';
import { errorMessage } from '../lib/api';
import { unwatchAsset, watchAsset, watchlistQuery } from '../lib/queries/watchlist';
import { Button } from './ui/button';
import { toast } from './ui/toast';

/** Follows an asset: a new version of its report that changes the picture is announced. */
export function WatchButton({ assetId, assetName }: { assetId: string; assetName: string }) {
  const queryClient = useQueryClient();
  const watchlist = useQuery(watchlistQuery);
  const watching = watchlist.data?.assets.some((a) => a.assetId === assetId) ?? false;
  const toggle = useMutation({
    mutationFn: () => (watching ? unwatchAsset(assetId) : watchAsset(assetId)),
    onSuccess: (next) => {
      queryClient.setQueryData(watchlistQuery.queryKey, next);
      toast({
        title: watching ? 'No longer watching' : 'Watching',
        description: watching
          ? `You will no longer hear about new versions of the ${assetName} report.`
          : `You will hear when a new version of the ${assetName} report changes its risk level or total.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: errorMessage(error, 'The watchlist could not be changed.'),
        variant: 'destructive',
      }),
  });
  return (
    <Button
      variant="secondary"
      aria-pressed={watching}
      disabled={!watchlist.data || toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`Watch ${assetName}`}
    >
      {/* A tick for "Watching": a crossed-out eye read as "not watching". */}
      {watching ? <Check size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
      {watching ? 'Watching' : 'Watch'}
    </Button>
  );
}
