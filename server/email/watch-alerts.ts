import { NOT_RATED_LABEL, RISK_LEVEL_LABELS } from '../../contract/methodology';
import { WATCH_ALERT_EMAILS_PER_DAY, WATCH_ALERT_MIN_TOTAL_MOVE } from '../../contract/watchlist';
import type { Database } from '../db/client';
import { type SeriesVersion, seriesOfReport } from '../domain/report-series';
import { watchBoughtAsset } from '../domain/watchlist';
import type { JobQueue } from '../jobs/queue';
import { type EmailBrand, watchAlertEmail } from './messages';
import { storeAndEnqueueEmail } from './outbox';
import {
  countAlertsEmailedToday,
  findPayingBuyers,
  findWatchers,
  insertWatchAlert,
  lockUserForAlerts,
  markAlertEmailed,
} from './repository';

// When a new version of an asset's report completes, everyone watching the asset hears of it
// if the picture changed: the risk level moved, or the total moved by WATCH_ALERT_MIN_TOTAL_MOVE
// points or more. One dashboard notice and at most one email per watcher per version (the
// notice's unique key); the email only while the watcher is under the daily limit, counted from
// the notices that were emailed (decided in the same transaction as the email itself).

type Point = Pick<SeriesVersion, 'compositeScore' | 'riskLevel'>;

/** The sentence of the alert, or null when the change is below the threshold. */
export function watchAlertSummary(previous: Point, current: Point): string | null {
  const totalOf = (p: Point) =>
    p.compositeScore === null ? NOT_RATED_LABEL : `${p.compositeScore.toFixed(2)} of 77`;
  const move =
    previous.compositeScore === null || current.compositeScore === null
      ? null
      : Math.round((current.compositeScore - previous.compositeScore) * 100) / 100;
  const riskChanged = previous.riskLevel !== current.riskLevel;
  const ratingChanged = (previous.compositeScore === null) !== (current.compositeScore === null);
  if (!riskChanged && !ratingChanged && (move === null || Math.abs(move) < WATCH_ALERT_MIN_TOTAL_MOVE))
    return null;
  const label = (level: Point['riskLevel']) => (level ? RISK_LEVEL_LABELS[level] : NOT_RATED_LABEL);
  const total =
    move === null
      ? `The total went from ${totalOf(previous)} to ${totalOf(current)}`
      : `The total moved from ${previous.compositeScore!.toFixed(2)} to ${current.compositeScore!.toFixed(2)} of 77 (${move > 0 ? '+' : ''}${move.toFixed(2)})`;
  return riskChanged
    ? `The risk level changed from ${label(previous.riskLevel)} to ${label(current.riskLevel)}. ${total}.`
    : `The risk level stays ${label(current.riskLevel)}. ${total}.`;
}

/**
 * Raises the alerts of a newly completed version: a dashboard notice for each watcher and, while
 * the watcher is under the daily limit, an email stored and queued with it. Each watcher is
 * decided in one transaction under a lock on their user row, so versions completing at the same
 * moment are counted one after the other and can never email anyone beyond the limit.
 * Returns how many emails were queued.
 */
export async function raiseWatchAlerts(
  db: Database,
  queue: JobQueue,
  brand: EmailBrand,
  reportId: number,
): Promise<number> {
  const series = await seriesOfReport(db, reportId);
  const current = series.find((v) => v.id === reportId);
  if (!current?.assetId) return 0;
  const assetId = current.assetId;
  // Buyers whose purchase named no asset id learn it now, with the research. A deleted account
  // is not among them: it must not start following anything again.
  const buyers = await findPayingBuyers(db, reportId);
  for (const { user } of buyers)
    await watchBoughtAsset(db, { userId: user.id, assetId, assetName: current.assetName });
  const previous = current.version > 1 ? series[current.version - 2]! : null;
  if (!previous) return 0;
  const summary = watchAlertSummary(previous, current);
  if (!summary) return 0;

  const buyerIds = new Set(buyers.map((b) => b.user.id));
  const watchers = await findWatchers(db, assetId);
  let emailed = 0;
  for (const { user, token } of watchers) {
    // The buyer of this version hears from the "report ready" email instead.
    if (buyerIds.has(user.id)) continue;
    const queued = await db.transaction(async (tx) => {
      await lockUserForAlerts(tx, user.id);
      const alertId = await insertWatchAlert(tx, {
        userId: user.id,
        reportId,
        previousReportId: previous.id,
        assetId,
        summary,
      });
      if (alertId === null) return false;
      if ((await countAlertsEmailedToday(tx, user.id)) >= WATCH_ALERT_EMAILS_PER_DAY) return false;
      await markAlertEmailed(tx, alertId);
      await storeAndEnqueueEmail(tx, queue, {
        kind: 'watch_alert',
        dedupeKey: `watch-alert-${reportId}-${user.id}`,
        userId: user.id,
        to: user.email,
        message: watchAlertEmail(brand, {
          username: user.username,
          assetName: current.assetName,
          version: current.version,
          summary,
          unsubscribeToken: token,
        }),
      });
      return true;
    });
    if (queued) emailed += 1;
  }
  return emailed;
}
