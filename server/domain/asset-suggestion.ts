import type { AssetSuggestion } from '../../contract/assets';
import type { AssetRef } from '../research/evidence';
import { findSnapshotAsset } from '../research/sources/snapshot';

/**
 * An asset as the New Report input and checkout's refusals offer it: rank, kind and platform
 * when known, the offline catalogue filling a kind or platform the source left out.
 */
export function assetSuggestion(asset: AssetRef): AssetSuggestion {
  const known = findSnapshotAsset(asset.id);
  const kind = asset.kind ?? known?.kind;
  const platform = asset.platform ?? known?.platform;
  return {
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    ...(asset.rank !== undefined ? { rank: asset.rank } : {}),
    ...(kind ? { kind } : {}),
    ...(platform ? { platform } : {}),
  };
}
