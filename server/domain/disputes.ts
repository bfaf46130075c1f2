import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { disputes, userPurchases } from '../db/schema';

// Card disputes (decision 0304), as Stripe's charge.dispute.* webhooks report them. A dispute is
// kept by Stripe's id and updated with each event, in any order; a lost one ends the buyer's
// access to the report it paid for (report-access.ts), a won or withdrawn one changes nothing.

export interface DisputeReport {
  id: string;
  chargeId: string | null;
  paymentIntentId: string | null;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
}

export async function recordDispute(db: DbExecutor, report: DisputeReport) {
  const [purchase] = report.paymentIntentId
    ? await db
        .select({ id: userPurchases.id })
        .from(userPurchases)
        .where(eq(userPurchases.stripePaymentIntentId, report.paymentIntentId))
    : [];
  const values = {
    stripeChargeId: report.chargeId,
    stripePaymentIntentId: report.paymentIntentId,
    purchaseId: purchase?.id ?? null,
    amount: report.amount,
    currency: report.currency,
    reason: report.reason,
    status: report.status,
    evidenceDueBy: report.evidenceDueBy,
  };
  const [row] = await db
    .insert(disputes)
    .values({ stripeDisputeId: report.id, ...values })
    .onConflictDoUpdate({ target: disputes.stripeDisputeId, set: values })
    .returning();
  if (row!.status === 'lost') {
    await db
      .update(disputes)
      .set({ accessRevokedAt: sql`now()` })
      .where(and(eq(disputes.id, row!.id), isNull(disputes.accessRevokedAt)));
  }
  return row!;
}
