import {
  type AssetSuggestion,
  ambiguousAssetMessage,
  assetsMatching,
  notRatedAssetMessage,
  sameReportOwnedMessage,
  UNKNOWN_ASSET_SUGGESTIONS,
  unknownAssetMessage,
} from '../../contract/assets';
import { METHODOLOGY_VERSION } from '../../contract/methodology';
import type { DbExecutor } from '../db/client';
import { type AssetCoverage, assetCoverage } from '../research/coverage';
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
import { ownedReportWithData } from './report-series';

// The asset check of every new-report purchase (card and Cardano): the buyer pays for a report
// on an asset our sources know, or has confirmed that the asset is unknown or that its report
// will be Not rated; and never for a report identical to one they own. Never a silent charge.

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
  /** The buyer, for the checks of what the report would hold (Not rated, already owned). */
  buyer?: { db: DbExecutor; userId: number; now?: Date },
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
  if (asset) {
    if (buyer) await checkWhatTheReportHolds(usable, asset, request, buyer);
    return { assetName: asset.name, assetId: asset.id };
  }
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

/** A report on a known asset that would be Not rated, and the buyer did not confirm buying anyway. */
export class NotRatedAssetError extends DomainError {
  constructor(
    assetName: string,
    readonly coverage: AssetCoverage,
  ) {
    super('NOT_RATED_ASSET', notRatedAssetMessage(assetName, coverage.categoriesWithEvidence), {
      coverage: {
        assetId: coverage.assetId,
        categoriesWithEvidence: coverage.categoriesWithEvidence,
        rated: coverage.rated,
        dataAsOf: coverage.dataAsOf,
      },
    });
  }
}

/** What the report would hold, as the research would find it now (the snapshot standing in as at checkout). */
export function coverageBeforePayment(
  sources: ResearchSources,
  asset: AssetRef,
  now: Date,
): Promise<AssetCoverage> {
  return liveOrSnapshot(
    CHECKOUT_FALLBACK,
    () => assetCoverage(sources, asset, now),
    () => assetCoverage(createSnapshotSources(), asset, now),
  );
}

/**
 * Before any charge: a report that would be Not rated needs the same confirmation as an unknown
 * name, and a report identical to one the buyer owns (same asset, data date and methodology
 * version) is refused with the owned report's id.
 */
async function checkWhatTheReportHolds(
  sources: ResearchSources,
  asset: AssetRef,
  request: PurchaseAssetRequest,
  buyer: { db: DbExecutor; userId: number; now?: Date },
): Promise<void> {
  // Only what the report's own sources answer decides; a stand-in or a failing source cannot.
  const coverage = await liveOrSnapshot(
    CHECKOUT_FALLBACK,
    () => assetCoverage(sources, asset, buyer.now ?? new Date()),
    async () => null,
  );
  if (!coverage?.complete) return;
  if (coverage.dataAsOf) {
    const owned = await ownedReportWithData(buyer.db, buyer.userId, {
      assetId: asset.id,
      methodologyVersion: METHODOLOGY_VERSION,
      dataAsOf: coverage.dataAsOf,
    });
    if (owned !== null)
      throw new DomainError('ALREADY_OWNED', sameReportOwnedMessage(asset.name, coverage.dataAsOf), {
        reportId: owned,
        link: `/reports/${owned}`,
      });
  }
  if (!coverage.rated && request.acknowledgeUnknownAsset !== true)
    throw new NotRatedAssetError(asset.name, coverage);
}
