import {
  type AssetSuggestion,
  ambiguousAssetMessage,
  assetsMatching,
  UNKNOWN_ASSET_SUGGESTIONS,
  unknownAssetMessage,
} from '../../contract/assets';
import type { AssetRef } from '../research/evidence';
import { resolveAsset } from '../research/resolve-asset';
import {
  liveOrSnapshot,
  type SnapshotFallbackPolicy,
  withSnapshotFallback,
} from '../research/sources/fallback';
import { closeSnapshotMatches, createSnapshotSources } from '../research/sources/snapshot';
import type { ResearchSources } from '../research/sources/types';
import { assetSuggestion } from './asset-suggestion';
import { DomainError } from './errors';

// The asset check of every new-report purchase (card and Cardano): the buyer pays for a report
// on an asset our sources know, or has confirmed that the asset is unknown. Never a silent charge.

/** The sources know no asset by this name, and the buyer did not confirm buying anyway. */
export class UnknownAssetError extends DomainError {
  constructor(
    readonly assetName: string,
    readonly suggestions: AssetSuggestion[],
  ) {
    super('UNKNOWN_ASSET', unknownAssetMessage(assetName), { suggestions });
  }
}

/** The name matches several assets and no assetId says which: the buyer must pick first. */
export class AmbiguousAssetError extends DomainError {
  constructor(
    readonly assetName: string,
    readonly suggestions: AssetSuggestion[],
  ) {
    super('AMBIGUOUS_ASSET', ambiguousAssetMessage(assetName, suggestions.length), { suggestions });
  }
}

export interface PurchaseAssetRequest {
  assetName: string;
  assetId?: string | undefined;
  acknowledgeUnknownAsset?: boolean | undefined;
}

/** What the purchase stores: the name shown to the buyer and the asset researched (null: unknown). */
export interface PurchaseAsset {
  assetName: string;
  assetId: string | null;
}

/** How long a buyer waits at checkout for a live lookup (it may queue behind paid research). */
export const CHECKOUT_LOOKUP_TIMEOUT_MS = 3_000;

/**
 * A live source that is down, broken or slower than the buyer's wait is replaced by the dated
 * snapshot for this check only (the research itself retries the live source).
 */
const CHECKOUT_FALLBACK: SnapshotFallbackPolicy = {
  failures: 'any',
  timeLimitMs: CHECKOUT_LOOKUP_TIMEOUT_MS,
};

/**
 * Resolves the asset of a new-report purchase, with the snapshot standing in as
 * CHECKOUT_FALLBACK says. The sources are the process's own (ctx.research.sources), built once
 * at start-up.
 */
export async function checkPurchaseAsset(
  sources: ResearchSources,
  request: PurchaseAssetRequest,
): Promise<PurchaseAsset> {
  const assetName = request.assetName.trim();
  if (!request.assetId) {
    // A name that means several assets is never resolved silently: the buyer picks.
    const found = await withSnapshotFallback(sources, CHECKOUT_FALLBACK).search(assetName, 25);
    const matching = assetsMatching(assetName, found);
    if (matching.length > 1) throw new AmbiguousAssetError(assetName, matching.map(assetSuggestion));
  }
  // The resolution is timed and replaced as a whole; the suggestions below ask the same sources.
  let usable = sources;
  const lookup = { assetId: request.assetId, assetName };
  const asset = await liveOrSnapshot(
    CHECKOUT_FALLBACK,
    () => resolveAsset(sources, lookup),
    () => {
      usable = createSnapshotSources();
      return resolveAsset(usable, lookup);
    },
  );
  if (asset) return { assetName: asset.name, assetId: asset.id };
  if (request.acknowledgeUnknownAsset === true) return { assetName, assetId: null };
  // A typo rarely matches as a whole; its first letters often find what was meant ("Etherium").
  const search = (text: string) => usable.search(text, UNKNOWN_ASSET_SUGGESTIONS).catch((): AssetRef[] => []);
  // Close spellings of a known asset first ("Etherium": Ethereum), then what a search finds.
  let suggestions = closeSnapshotMatches(assetName, UNKNOWN_ASSET_SUGGESTIONS);
  for (const found of await search(assetName))
    if (!suggestions.some((s) => s.id === found.id)) suggestions.push(found);
  if (suggestions.length === 0 && assetName.length > 3) suggestions = await search(assetName.slice(0, 3));
  throw new UnknownAssetError(
    assetName,
    suggestions.slice(0, UNKNOWN_ASSET_SUGGESTIONS).map(assetSuggestion),
  );
}
