import { RISK_LEVELS } from './methodology';
import { requiredField, z } from './zod';

// Watchlists: assets a user follows, and the alerts a new version of their report raises.

export const WATCHLIST_MESSAGES = {
  assetRequired: 'Asset id is required',
  assetTooLong: 'Asset id must be at most 100 characters',
  noReport: 'No completed report covers this asset yet, so there is nothing to watch.',
  alertNotFound: 'That notice does not exist.',
} as const;

/** A new version alerts its watchers when its total moves by this much or more (77-point scale)… */
export const WATCH_ALERT_MIN_TOTAL_MOVE = 3;
/** …or when its risk level changes. At most this many alert emails per user per day. */
export const WATCH_ALERT_EMAILS_PER_DAY = 3;

export const assetIdSchema = z
  .string(requiredField(WATCHLIST_MESSAGES.assetRequired))
  .trim()
  .min(1, WATCHLIST_MESSAGES.assetRequired)
  .max(100, WATCHLIST_MESSAGES.assetTooLong);

export const watchlistAddSchema = z.object({ assetId: assetIdSchema });
export const watchlistAssetParamsSchema = z.object({ assetId: assetIdSchema });
export const watchSettingsSchema = z.object({ watchOnPurchase: z.boolean() });

export const watchedAssetSchema = z.object({
  assetId: z.string(),
  assetName: z.string(),
  addedAt: z.string(),
  /** The newest completed report on the asset. */
  latest: z
    .object({
      reportId: z.number(),
      version: z.number(),
      /** Null when the newest report is Not rated. */
      compositeScore: z.number().nullable(),
      riskLevel: z.enum(RISK_LEVELS).nullable(),
      completedAt: z.string(),
    })
    .nullable(),
});
export type WatchedAsset = z.infer<typeof watchedAssetSchema>;

export const watchAlertSchema = z.object({
  id: z.number(),
  reportId: z.number(),
  assetId: z.string(),
  assetName: z.string(),
  summary: z.string(),
  createdAt: z.string(),
  /** The new version's number in the asset's series. */
  version: z.number(),
  /**
   * The newest version on the asset the user owns, or null. The notice opens it: the new version
   * itself when owned; an older one shows the changes of every newer version and sells them.
   */
  ownedReportId: z.number().nullable(),
});
export type WatchAlert = z.infer<typeof watchAlertSchema>;

export const watchlistResponseSchema = z.object({
  /** Buying a report puts its asset on the watchlist. */
  watchOnPurchase: z.boolean(),
  assets: z.array(watchedAssetSchema),
  /** Dashboard notices not yet dismissed, newest first. */
  alerts: z.array(watchAlertSchema),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;
