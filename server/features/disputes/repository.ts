import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  disputes,
  invoices,
  purchaseTaxEvidence,
  reportAccessLog,
  userPurchases,
  users,
} from '../../db/schema';

export function listDisputes(db: DbExecutor) {
  return db.select().from(disputes).orderBy(desc(disputes.createdAt), desc(disputes.id));
}

export async function lockDispute(db: DbExecutor, id: number) {
  const [row] = await db.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

/** Everything the store knows about a disputed purchase: buyer, checkout IP, invoice, access log. */
export async function evidenceFacts(db: DbExecutor, purchaseId: number) {
  const [facts] = await db
    .select({
      purchase: userPurchases,
      email: users.email,
      ipAddress: purchaseTaxEvidence.ipAddress,
      invoice: invoices,
    })
    .from(userPurchases)
    .innerJoin(users, eq(users.id, userPurchases.userId))
    .leftJoin(purchaseTaxEvidence, eq(purchaseTaxEvidence.purchaseId, userPurchases.id))
    .leftJoin(invoices, eq(invoices.purchaseId, userPurchases.id))
    .where(eq(userPurchases.id, purchaseId));
  if (!facts) return undefined;
  const accesses =
    facts.purchase.reportId === null
      ? []
      : await db
          .select()
          .from(reportAccessLog)
          .where(
            and(
              eq(reportAccessLog.userId, facts.purchase.userId),
              eq(reportAccessLog.reportId, facts.purchase.reportId),
            ),
          )
          .orderBy(asc(reportAccessLog.at));
  return { ...facts, accesses };
}

export async function markEvidenceSubmitted(db: DbExecutor, id: number, evidence: Record<string, string>) {
  const [row] = await db
    .update(disputes)
    .set({ evidenceSubmittedAt: sql`now()`, evidence })
    .where(eq(disputes.id, id))
    .returning();
  return row!;
}
