import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { researchReports, userPurchases } from '../../db/schema';

export async function findPurchaseByIntentId(db: DbExecutor, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  return row;
}

export async function findReport(db: DbExecutor, reportId: number) {
  const [row] = await db
    .select({
      id: researchReports.id,
      assetName: researchReports.assetName,
      status: researchReports.status,
      isPublic: researchReports.isPublic,
    })
    .from(researchReports)
    .where(eq(researchReports.id, reportId))
    .limit(1);
  return row;
}
