import {
  type AssetSuggestion,
  ambiguousAssetMessage,
  assetsMatching,
  UNKNOWN_ASSET_SUGGESTIONS,
  unknownAssetMessage,
} from '../../contract/assets';
import type { AssetRef } from '../research/evidence';
import { resolveAsset } from '../research/resolve-asset';
import { closeSnapshotMatches, createSnapshotSources } from '../research/sources/snapshot';
import type { ResearchSources } from '../research/sources/types';
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

const suggestionOf = ({ id, name, symbol, rank, kind, platform }: AssetRef): AssetSuggestion => ({
  id,
  name,
  symbol,
  ...(rank !== undefined ? { rank } : {}),
  ...(kind ? { kind } : {}),
  ...(platform ? { platform } : {}),
});

/** How long a buyer waits at checkout for a live lookup (it may queue behind paid research). */
export const CHECKOUT_LOOKUP_TIMEOUT_MS = 3_000;

/** The lookup, or a rejection after CHECKOUT_LOOKUP_TIMEOUT_MS (then the snapshot answers). */
function withinCheckoutWait<T>(lookup: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error('live lookup too slow for checkout')),
      CHECKOUT_LOOKUP_TIMEOUT_MS,
    );
  });
  lookup.catch(() => {}); // a late failure after the timeout is nobody's to handle
  return Promise.race([lookup, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Resolves the asset of a new-report purchase. A live source that is down is replaced by the
 * dated snapshot for this check only (the research itself retries the live source). The sources
 * are the process's own (ctx.research.sources), built once at start-up.
 */
export async function checkPurchaseAsset(
  sources: ResearchSources,
  request: PurchaseAssetRequest,
): Promise<PurchaseAsset> {
  const assetName = request.assetName.trim();
  let usable = sources;
  let asset: AssetRef | null;
  if (!request.assetId) {
    // A name that means several assets is never resolved silently: the buyer picks.
    let found: AssetRef[] = [];
    try {
      found = await withinCheckoutWait(sources.search(assetName, 25));
    } catch {
      found = await createSnapshotSources().search(assetName, 25);
    }
    const matching = assetsMatching(assetName, found);
    if (matching.length > 1) throw new AmbiguousAssetError(assetName, matching.map(suggestionOf));
  }
  try {
    asset = await withinCheckoutWait(resolveAsset(sources, { assetId: request.assetId, assetName }));
  } catch {
    usable = createSnapshotSources();
    asset = await resolveAsset(usable, { assetId: request.assetId, assetName });
  }
  if (asset) return { assetName: asset.name, assetId: asset.id };
  if (request.acknowledgeUnknownAsset === true) return { assetName, assetId: null };
  // A typo rarely matches as a whole; its first letters often find what was meant ("Etherium").
  const search = (text: string) => usable.search(text, UNKNOWN_ASSET_SUGGESTIONS).catch((): AssetRef[] => []);
  // Close spellings of a known asset first ("Etherium": Ethereum), then what a search finds.
  let suggestions = closeSnapshotMatches(assetName, UNKNOWN_ASSET_SUGGESTIONS);
  for (const found of await search(assetName))
    if (!suggestions.some((s) => s.id === found.id)) suggestions.push(found);
  if (suggestions.length === 0 && assetName.length > 3) suggestions = await search(assetName.slice(0, 3));
  throw new UnknownAssetError(assetName, suggestions.slice(0, UNKNOWN_ASSET_SUGGESTIONS).map(suggestionOf));
}
