import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { researchReports, userPurchases, x402Payments } from '../../db/schema';

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
  values: {
    userId: number;
    assetId: string;
    assetName: string;
    amount: string;
    idempotencyKey: string;
    paymentMethod: 'credits' | 'x402';
  },
): Promise<PurchaseRow | undefined> {
  const [row] = await tx
    .insert(userPurchases)
    .values({ ...values, purchaseType: 'new_report' })
    .onConflictDoNothing({ target: [userPurchases.userId, userPurchases.idempotencyKey] })
    .returning();
  return row;
}

/** Records the transaction that paid; false when it already paid for something (a replay). */
export async function insertX402Payment(
  tx: DbExecutor,
  values: {
    txHash: string;
    purchaseId: number;
    network: string;
    payTo: string;
    lovelace: string;
    unit: string;
    quantity: string;
    usdRate: string;
    rateAt: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(x402Payments)
    .values(values)
    .onConflictDoNothing({ target: x402Payments.txHash })
    .returning({ id: x402Payments.id });
  return rows.length > 0;
}

/** The fee the block's transaction paid (lovelace), once the chain says so (decision 0310). */
export async function recordX402Fee(tx: DbExecutor, txHash: string, feeLovelace: string) {
  await tx.update(x402Payments).set({ feeLovelace }).where(eq(x402Payments.txHash, txHash));
}
