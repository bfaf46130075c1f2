import type { AssetRef } from '../evidence';
import { createSnapshotSources, findSnapshotAsset } from './snapshot';
import { type ResearchSources, SourceUnavailableError } from './types';

/**
 * Live sources that fall back to the dated offline snapshot when a live source is unavailable
 * and the snapshot knows the asset (used on a job's last attempt, so a network outage does not
 * cost the customer the report). Facts from the snapshot cite it, so the report says so; an
 * asset the snapshot does not know still fails (it must not be reported as "unknown").
 */
export function withSnapshotFallback(live: ResearchSources, assetName: string): ResearchSources {
  const snapshot = createSnapshotSources();
  const known = findSnapshotAsset(assetName);
  let usedSnapshot = false;
  const guard = async <T>(call: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof SourceUnavailableError) || !known) throw error;
      usedSnapshot = true;
      return fallback();
    }
  };
  const snapshotRef = (asset: AssetRef): AssetRef =>
    known ? { id: known.id, name: known.name, symbol: known.symbol } : asset;
  return {
    get mode() {
      return usedSnapshot ? 'offline' : live.mode;
    },
    resolve: (text) =>
      guard(
        () => live.resolve(text),
        () => snapshot.resolve(text),
      ),
    search: (text, limit) =>
      guard(
        () => live.search(text, limit),
        () => snapshot.search(text, limit),
      ),
    market: (asset) =>
      guard(
        () => live.market(asset),
        () => snapshot.market(snapshotRef(asset)),
      ),
    security: (asset) =>
      guard(
        () => live.security(asset),
        () => snapshot.security(snapshotRef(asset)),
      ),
  };
}
