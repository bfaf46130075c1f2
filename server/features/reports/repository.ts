import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { researchProgress, researchReports, userPurchases } from '../../db/schema';

/** One row of research_reports. */
export type ResearchReportRow = typeof researchReports.$inferSelect;
/** One row of research_progress: one category's research for a report. */
export type CategoryProgressRow = typeof researchProgress.$inferSelect;

export async function findReport(db: DbExecutor, reportId: number): Promise<ResearchReportRow | undefined> {
  const [row] = await db.select().from(researchReports).where(eq(researchReports.id, reportId));
  return row;
}

export async function listProgress(db: DbExecutor, reportId: number): Promise<CategoryProgressRow[]> {
  return db
    .select()
    .from(researchProgress)
    .where(eq(researchProgress.reportId, reportId))
    .orderBy(asc(researchProgress.id));
}

/** The caller's new-report purchases of an asset (name compared case-insensitively), newest first. */
export async function findNewReportPurchases(db: DbExecutor, userId: number, assetName: string) {
  return db
    .select()
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.userId, userId),
        eq(userPurchases.purchaseType, 'new_report'),
        sql`lower(${userPurchases.assetName}) = lower(${assetName.trim()})`,
      ),
    )
    .orderBy(desc(userPurchases.createdAt));
}

export async function lockPurchaseWithoutReport(db: DbExecutor, purchaseId: number) {
  const [row] = await db
    .select()
    .from(userPurchases)
    .where(and(eq(userPurchases.id, purchaseId), isNull(userPurchases.reportId)))
    .for('update');
  return row;
}

export async function attachReport(db: DbExecutor, purchaseId: number, reportId: number) {
  await db.update(userPurchases).set({ reportId }).where(eq(userPurchases.id, purchaseId));
}

/**
 * The newest completed public report on each of these assets, when it is less than `maxAgeDays`
 * old: offered at the existing-report price beside a new report.
 */
export async function findRecentPublicReports(
  db: DbExecutor,
  assetIds: string[],
  maxAgeDays: number,
): Promise<Map<string, { id: number; compositeScore: string | null; completedAt: Date }>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([researchReports.assetId], {
      assetId: researchReports.assetId,
      id: researchReports.id,
      compositeScore: researchReports.compositeScore,
      rated: sql<boolean>`coalesce((${researchReports.scores}->>'rated')::boolean, true)`,
      completedAt: researchReports.completedAt,
    })
    .from(researchReports)
    .where(
      and(
        inArray(researchReports.assetId, assetIds),
        eq(researchReports.status, 'completed'),
        eq(researchReports.isPublic, true),
        gt(researchReports.completedAt, sql`now() - make_interval(days => ${maxAgeDays})`),
      ),
    )
    .orderBy(researchReports.assetId, desc(researchReports.completedAt));
  return new Map(
    rows.map((row) => [
      row.assetId!,
      // Not rated is one state: no total (the stored 0.00 is not a score).
      { id: row.id, compositeScore: row.rated ? row.compositeScore : null, completedAt: row.completedAt! },
    ]),
  );
}
