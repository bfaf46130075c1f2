import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { RiskLevel } from '../../../contract/methodology';
import type { WatchedAsset, WatchlistResponse } from '../../../contract/watchlist';
import type { DbExecutor } from '../../db/client';
import { researchReports, userPurchases, users, watchAlerts, watchlistEntries } from '../../db/schema';

/** The newest completed report's name on the asset, or undefined when no report covers it. */
export async function findAssetName(db: DbExecutor, assetId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ assetName: researchReports.assetName })
    .from(researchReports)
    .where(and(eq(researchReports.assetId, assetId), eq(researchReports.status, 'completed')))
    .orderBy(desc(researchReports.completedAt))
    .limit(1);
  return row?.assetName;
}

export async function readWatchlist(db: DbExecutor, userId: number): Promise<WatchlistResponse> {
  const [user] = await db
    .select({ watchOnPurchase: users.watchOnPurchase })
    .from(users)
    .where(eq(users.id, userId));
  // The newest completed report per watched asset, with its number in the series.
  const rows = await db.execute<{
    asset_id: string;
    asset_name: string;
    added_at: Date;
    report_id: number | null;
    version: number | null;
    composite_score: string | null;
    risk_level: string | null;
    rated: string | null;
    completed_at: Date | null;
  }>(sql`
    select w.asset_id, w.asset_name, w.created_at as added_at,
           r.id as report_id, r.version::int as version, r.composite_score, r.risk_level, r.rated, r.completed_at
      from ${watchlistEntries} w
      left join lateral (
        select id, composite_score, scores->>'riskLevel' as risk_level, scores->>'rated' as rated, completed_at,
               count(*) over () as version
          from ${researchReports}
         where asset_id = w.asset_id and status = 'completed'
         order by completed_at desc, id desc
         limit 1
      ) r on true
     where w.user_id = ${userId}
     order by w.created_at desc`);
  const assets = rows.rows.map(
    (row): WatchedAsset => ({
      assetId: row.asset_id,
      assetName: row.asset_name,
      addedAt: new Date(row.added_at).toISOString(),
      latest:
        row.report_id === null
          ? null
          : {
              reportId: Number(row.report_id),
              version: Number(row.version),
              compositeScore: row.rated === 'false' ? null : Number(row.composite_score),
              riskLevel: (row.risk_level as RiskLevel | null) ?? null,
              completedAt: new Date(row.completed_at!).toISOString(),
            },
    }),
  );
  const alerts = await db
    .select({
      id: watchAlerts.id,
      reportId: watchAlerts.reportId,
      assetId: watchAlerts.assetId,
      assetName: researchReports.assetName,
      summary: watchAlerts.summary,
      createdAt: watchAlerts.createdAt,
      version: sql<number>`(
        select count(*)::int from ${researchReports} v
         where v.asset_id = ${watchAlerts.assetId} and v.status = 'completed'
           and (v.completed_at, v.id) <= (${researchReports.completedAt}, ${researchReports.id}))`,
      ownedReportId: sql<number | null>`(
        select o.id from ${userPurchases} p join ${researchReports} o on o.id = p.report_id
         where p.user_id = ${userId} and p.status = 'completed'
           and o.asset_id = ${watchAlerts.assetId} and o.status = 'completed'
         order by o.completed_at desc, o.id desc limit 1)`,
    })
    .from(watchAlerts)
    .innerJoin(researchReports, eq(researchReports.id, watchAlerts.reportId))
    .where(and(eq(watchAlerts.userId, userId), isNull(watchAlerts.dismissedAt)))
    .orderBy(desc(watchAlerts.createdAt))
    .limit(20);
  return {
    watchOnPurchase: user?.watchOnPurchase ?? true,
    assets,
    alerts: alerts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

export async function setWatchOnPurchase(db: DbExecutor, userId: number, watchOnPurchase: boolean) {
  await db.update(users).set({ watchOnPurchase }).where(eq(users.id, userId));
}

export async function dismissAlert(db: DbExecutor, userId: number, alertId: number): Promise<boolean> {
  const rows = await db
    .update(watchAlerts)
    .set({ dismissedAt: sql`now()` })
    .where(and(eq(watchAlerts.id, alertId), eq(watchAlerts.userId, userId)))
    .returning({ id: watchAlerts.id });
  return rows.length > 0;
}
