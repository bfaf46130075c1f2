import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { RISK_LEVEL_LABELS } from '../../contract/methodology';
import { WATCH_ALERT_EMAILS_PER_DAY, WATCH_ALERT_MIN_TOTAL_MOVE } from '../../contract/watchlist';
import type { Database } from '../db/client';
import { emailMessages, userPurchases, users, watchAlerts, watchlistEntries } from '../db/schema';
import { type SeriesVersion, seriesOfReport } from '../domain/report-series';
import { watchBoughtAsset } from '../domain/watchlist';
import type { Composed } from './jobs';
import { type EmailBrand, watchAlertEmail } from './messages';

// When a new version of an asset's report completes, everyone watching the asset hears of it
// if the picture changed: the risk level moved, or the total moved by WATCH_ALERT_MIN_TOTAL_MOVE
// points or more. One dashboard notice and at most one email per watcher per version (the
// notice's unique key); the email only while the watcher is under the daily limit.

type Point = Pick<SeriesVersion, 'compositeScore' | 'riskLevel'>;

/** The sentence of the alert, or null when the change is below the threshold. */
export function watchAlertSummary(previous: Point, current: Point): string | null {
  const move = Math.round((current.compositeScore - previous.compositeScore) * 100) / 100;
  const riskChanged = previous.riskLevel !== current.riskLevel;
  if (!riskChanged && Math.abs(move) < WATCH_ALERT_MIN_TOTAL_MOVE) return null;
  const label = (level: Point['riskLevel']) => (level ? RISK_LEVEL_LABELS[level] : 'no risk level');
  const total = `The total moved from ${previous.compositeScore.toFixed(2)} to ${current.compositeScore.toFixed(2)} of 77 (${move > 0 ? '+' : ''}${move.toFixed(2)})`;
  return riskChanged
    ? `The risk level changed from ${label(previous.riskLevel)} to ${label(current.riskLevel)}. ${total}.`
    : `The risk level stays ${label(current.riskLevel)}. ${total}.`;
}

async function buyersOf(db: Database, reportId: number) {
  return db
    .select({ userId: userPurchases.userId, assetName: userPurchases.assetName })
    .from(userPurchases)
    .where(and(eq(userPurchases.reportId, reportId), eq(userPurchases.status, 'completed')));
}

export async function composeWatchAlerts(
  db: Database,
  brand: EmailBrand,
  reportId: number,
): Promise<Composed[]> {
  const series = await seriesOfReport(db, reportId);
  const current = series.find((v) => v.id === reportId);
  if (!current?.assetId) return [];
  const assetId = current.assetId;
  // Buyers whose purchase named no asset id learn it now, with the research.
  const buyers = await buyersOf(db, reportId);
  for (const buyer of buyers)
    await watchBoughtAsset(db, { userId: buyer.userId, assetId, assetName: current.assetName });
  const previous = current.version > 1 ? series[current.version - 2]! : null;
  if (!previous) return [];
  const summary = watchAlertSummary(previous, current);
  if (!summary) return [];

  const buyerIds = new Set(buyers.map((b) => b.userId));
  const watchers = await db
    .select({ user: users, token: watchlistEntries.unsubscribeToken })
    .from(watchlistEntries)
    .innerJoin(users, eq(users.id, watchlistEntries.userId))
    .where(and(eq(watchlistEntries.assetId, assetId), isNull(users.deletedAt)));
  const composed: Composed[] = [];
  for (const { user, token } of watchers) {
    // The buyer of this version hears from the "report ready" email instead.
    if (buyerIds.has(user.id)) continue;
    const [alert] = await db
      .insert(watchAlerts)
      .values({ userId: user.id, reportId, previousReportId: previous.id, assetId, summary })
      .onConflictDoNothing({ target: [watchAlerts.userId, watchAlerts.reportId] })
      .returning({ id: watchAlerts.id });
    if (!alert) continue;
    const [sent] = await db
      .select({ n: count() })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.userId, user.id),
          eq(emailMessages.kind, 'watch_alert'),
          gt(emailMessages.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    if ((sent?.n ?? 0) >= WATCH_ALERT_EMAILS_PER_DAY) continue;
    await db
      .update(watchAlerts)
      .set({ emailed: true })
      .where(inArray(watchAlerts.id, [alert.id]));
    composed.push({
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
  }
  return composed;
}
