import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { researchReports, userPurchases } from '../../db/schema';

export type PurchaseRow = typeof userPurchases.$inferSelect;

export async function findReportAsset(db: DbExecutor, reportId: number) {
  const [row] = await db
    .select({ assetId: researchReports.assetId })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  return row;
}

export async function findPurchaseByIdempotencyKey(db: DbExecutor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(userPurchases)
    .where(and(eq(userPurchases.userId, userId), eq(userPurchases.idempotencyKey, key)));
  return row;
}

/**
 * A pending credit purchase under the caller's Idempotency-Key, or undefined when the key is
 * taken: the unique index decides, so concurrent retries wait on each other instead of racing.
 */
export async function insertIdempotentPurchase(
  tx: DbExecutor,
  values: { userId: number; assetId: string; assetName: string; amount: string; idempotencyKey: string },
): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .insert(userPurchases)
    .values({ ...values, purchaseType: 'new_report', paymentMethod: 'credits' })
    .onConflictDoNothing({ target: [userPurchases.userId, userPurchases.idempotencyKey] })
    .returning();
  return row;
}
