import { queryOptions } from '@tanstack/react-query';
import { watchlistResponseSchema } from '../../../contract/watchlist';
import { getJson, sendJson } from '../api';

// The watchlist is read by the watch button, the account page and the dashboard's notices; every
// change answers the whole new list, which replaces the cached one.

export const watchlistQuery = queryOptions({
  queryKey: ['watchlist'],
  queryFn: ({ signal }) => getJson('/api/watchlist', watchlistResponseSchema, signal),
});

export const watchAsset = (assetId: string) =>
  sendJson('POST', '/api/watchlist', { assetId }, watchlistResponseSchema);

export const unwatchAsset = (assetId: string) =>
  sendJson('DELETE', `/api/watchlist/${encodeURIComponent(assetId)}`, undefined, watchlistResponseSchema);
