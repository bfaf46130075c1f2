import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { cardanoPayments, researchReports, userPurchases, users } from '../db/schema';

// The reads the email jobs compose their messages from. Deleted accounts get no mail.

/** A completed purchase with its buyer and, for Cardano, the payment it was paid with. */
export async function findReceiptFacts(db: DbExecutor, purchaseId: number) {
  const [row] = await db
    .select({ purchase: userPurchases, user: users, cardano: cardanoPayments })
    .from(userPurchases)
    .innerJoin(users, eq(users.id, userPurchases.userId))
    .leftJoin(cardanoPayments, eq(cardanoPayments.id, userPurchases.cardanoPaymentId))
    .where(
      and(eq(userPurchases.id, purchaseId), eq(userPurchases.status, 'completed'), isNull(users.deletedAt)),
    );
  return row;
}

export async function findReportForEmail(db: DbExecutor, reportId: number) {
  const [report] = await db.select().from(researchReports).where(eq(researchReports.id, reportId));
  return report;
}

/** Everyone who paid for the report (the new-report buyer and buyers of the existing report). */
export async function findPayingBuyers(db: DbExecutor, reportId: number) {
  return db
    .select({ user: users, amount: userPurchases.amount })
    .from(userPurchases)
    .innerJoin(users, eq(users.id, userPurchases.userId))
    .where(
      and(
        eq(userPurchases.reportId, reportId),
        eq(userPurchases.status, 'completed'),
        isNull(users.deletedAt),
      ),
    );
}
