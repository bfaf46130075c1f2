import { queryOptions } from '@tanstack/react-query';
import { type AssetCoverage, assetCoverageSchema } from '../../contract/assets';
import { getJson } from './api';

// What a report on an asset would hold, asked before payment by the New Report tab and the
// checkout (GET /api/assets/:id/coverage, public and cached for an hour).

/** A failed lookup answers null: the buyer is not blocked, checkout decides. */
export async function fetchAssetCoverage(
  assetId: string,
  signal?: AbortSignal,
): Promise<AssetCoverage | null> {
  try {
    return await getJson(`/api/assets/${encodeURIComponent(assetId)}/coverage`, assetCoverageSchema, signal);
  } catch {
    return null;
  }
}

export const assetCoverageQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['asset-coverage', assetId],
    queryFn: ({ signal }) => fetchAssetCoverage(assetId, signal),
    staleTime: 10 * 60_000,
  });
