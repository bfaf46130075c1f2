import { queryOptions } from '@tanstack/react-query';
import { type AssetSuggestion, assetSearchResponseSchema } from '../../../contract/assets';
import { openCardanoPaymentsResponseSchema } from '../../../contract/cardano';
import { getJson, sendJson } from '../../lib/api';

/** The New Report tab shows at most this many candidates. */
const MAX_SUGGESTIONS = 8;

/** A failed search answers null (resolution unknown), never "no such asset". */
export async function fetchAssetSuggestions(
  q: string,
  signal?: AbortSignal,
): Promise<AssetSuggestion[] | null> {
  try {
    const { assets } = await getJson(
      `/api/assets/search?q=${encodeURIComponent(q)}`,
      assetSearchResponseSchema,
      signal,
    );
    return assets.slice(0, MAX_SUGGESTIONS);
  } catch {
    return null;
  }
}

export const assetSuggestionsQuery = (term: string) =>
  queryOptions({
    queryKey: ['asset-suggestions', term],
    queryFn: ({ signal }) => fetchAssetSuggestions(term, signal),
  });

/** Hides a watched asset's notice on the dashboard. */
export const dismissWatchAlert = (alertId: number) =>
  sendJson('POST', `/api/watchlist/alerts/${alertId}/dismiss`);

/** The buyer's unpaid Cardano payments whose window is still open. */
export const openCardanoPaymentsQuery = queryOptions({
  queryKey: ['cardano-payments', 'open'],
  queryFn: ({ signal }) => getJson('/api/cardano/payments/open', openCardanoPaymentsResponseSchema, signal),
});
