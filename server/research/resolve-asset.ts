import type { AssetRef } from './evidence';
import { asciiLookAlike, looksLike } from './name-skeleton';
import type { ResearchSources } from './sources/types';

/**
 * The asset a purchase names: by its canonical id first (the buyer picked it), then by the
 * typed name. An id is only accepted when a source answers with exactly that id, so a symbol
 * that happens to equal another asset's id never swaps the asset researched.
 */
export async function resolveAsset(
  sources: ResearchSources,
  request: { assetId?: string | null; assetName: string },
): Promise<AssetRef | null> {
  if (request.assetId) {
    const byId = await sources.resolve(request.assetId);
    if (byId?.id === request.assetId) return byId;
    const listed = (await sources.search(request.assetId, 25)).find((asset) => asset.id === request.assetId);
    if (listed) return listed;
  }
  return (await sources.resolve(request.assetName)) ?? resolveLookAlike(sources, request.assetName);
}

/**
 * A name drawn like a known asset's ("Вitcoin" in Cyrillic) is that asset: looked up by its
 * ASCII look-alike, accepted only when the confusable skeletons (UTS #39) really match.
 */
async function resolveLookAlike(sources: ResearchSources, typed: string): Promise<AssetRef | null> {
  const lookAlike = asciiLookAlike(typed);
  if (lookAlike === typed) return null;
  const asset = await sources.resolve(lookAlike);
  return asset && looksLike(typed, [asset.name, asset.symbol]) ? asset : null;
}
