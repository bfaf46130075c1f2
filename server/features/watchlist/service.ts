import { WATCHLIST_MESSAGES } from '../../../contract/watchlist';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../domain/errors';
import { watchAsset } from '../../domain/watchlist';
import { findAssetName } from './repository';

/** Watches an asset that has a report (its name comes from the newest one); 404 for any other. */
export async function watchReportedAsset(db: DbExecutor, userId: number, assetId: string): Promise<void> {
  const assetName = await findAssetName(db, assetId);
  if (!assetName) throw notFound(WATCHLIST_MESSAGES.noReport);
  await watchAsset(db, { userId, assetId, assetName });
}
