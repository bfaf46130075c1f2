import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { researchProgress, researchReports, userPurchases } from '../../db/schema';

export type ReportRow = typeof researchReports.$inferSelect;
export type ProgressRow = typeof researchProgress.$inferSelect;

export async function findReport(db: DbExecutor, reportId: number): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(researchReports).where(eq(researchReports.id, reportId));
  return row;
}

export async function listProgress(db: DbExecutor, reportId: number): Promise<ProgressRow[]> {
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
