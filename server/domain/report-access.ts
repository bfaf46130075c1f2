import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { userPurchases } from '../db/schema';

/**
 * A user may read a report, its progress and its PDF only after a completed purchase of it.
 * Callers answer 404 otherwise, exactly as for a report that does not exist.
 */
export async function userHasReportAccess(
  db: DbExecutor,
  userId: number,
  reportId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userPurchases.id })
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.userId, userId),
        eq(userPurchases.reportId, reportId),
        eq(userPurchases.status, 'completed'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
