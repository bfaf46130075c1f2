import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { RefundReason } from '../../contract/purchases';
import type { Database, DbExecutor } from '../db/client';
import {
  cardanoIncomingTransactions,
  cardanoPayments,
  refunds,
  researchReports,
  userPurchases,
} from '../db/schema';
import { enqueueRefundEmail } from '../email/jobs';
import { JOBS, sendJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import { countPayment } from '../metrics/registry';
import { addCredits } from './credits';
import { issueCreditNote } from './invoices';
import { toCents } from './money';

// Refunds (decision 0081): one per purchase. An API credit (decision 0283) goes back to the
// buyer's balance at once. A card refund is recorded as pending and a job
// asks the card provider to return the money (retried until the provider answers); a Cardano
// refund is recorded as due, with what to send and where, for a person to send from the wallet.

export type RefundRow = typeof refunds.$inferSelect;
type PurchaseRow = typeof userPurchases.$inferSelect;

const FAILURE_NOTES: Record<RefundReason, string> = {
  duplicate_payment: 'A second payment for a report the buyer already owned',
  research_failed: 'Refunded because research could not be completed',
  account_deleted: 'The account was deleted before the payment arrived',
};

async function enqueueCardRefund(tx: DbExecutor, queue: JobQueue, refundId: number): Promise<void> {
  await sendJob(queue, JOBS.cardRefund, { refundId }, { db: tx });
}

/**
 * Records the refund of a paid purchase and marks the purchase refunded (it grants no access
 * any more). Idempotent: a second call returns the existing refund; a card refund the provider
 * refused is sent again. Run inside a transaction (the job exists exactly when the refund does).
 */
export async function requestRefund(
  tx: DbExecutor,
  queue: JobQueue,
  purchase: PurchaseRow,
  reason: RefundReason,
): Promise<RefundRow> {
  const [existing] = await tx.select().from(refunds).where(eq(refunds.purchaseId, purchase.id)).for('update');
  if (existing) {
    if (existing.status !== 'failed') return existing;
    const [retried] = await tx
      .update(refunds)
      .set({ status: 'pending', failureReason: null })
      .where(eq(refunds.id, existing.id))
      .returning();
    await enqueueCardRefund(tx, queue, existing.id);
    return retried!;
  }

  let values: typeof refunds.$inferInsert;
  if (purchase.paymentMethod === 'credits' || purchase.paymentMethod === 'x402') {
    // A credit goes straight back to the balance: settled at once, nothing to send anywhere.
    // A call paid per call on Cardano is returned as a credit too (decision 0285).
    await addCredits(tx, {
      userId: purchase.userId,
      purchaseId: purchase.id,
      delta: 1,
      reason: 'research_failed',
    });
    values = {
      purchaseId: purchase.id,
      userId: purchase.userId,
      reason,
      paymentMethod: purchase.paymentMethod,
      status: 'succeeded',
      usdAmount: purchase.amount,
      currency: 'credit',
      quantity: '1',
      completedAt: new Date(),
    };
  } else if (purchase.paymentMethod === 'card') {
    values = {
      purchaseId: purchase.id,
      userId: purchase.userId,
      reason,
      paymentMethod: 'card',
      status: 'pending',
      usdAmount: purchase.amount,
      currency: 'usd',
      quantity: String(toCents(purchase.amount)),
      stripePaymentIntentId: purchase.stripePaymentIntentId,
    };
  } else {
    const [payment] = purchase.cardanoPaymentId
      ? await tx.select().from(cardanoPayments).where(eq(cardanoPayments.id, purchase.cardanoPaymentId))
      : [];
    // What arrived goes back (all of it for a duplicate); the quote if nothing was recorded.
    const received = payment ? BigInt(payment.receivedQuantity) : 0n;
    values = {
      purchaseId: purchase.id,
      userId: purchase.userId,
      reason,
      paymentMethod: 'cardano',
      status: 'due',
      usdAmount: purchase.amount,
      currency: payment?.currency ?? 'ADA',
      quantity: (received > 0n ? received : BigInt(payment?.expectedQuantity ?? '0')).toString(),
      cardanoPaymentId: purchase.cardanoPaymentId,
      // Money goes back to where it came from: the sender of the payment's first transaction.
      destinationAddress: payment ? await senderOfPayment(tx, payment.id) : null,
    };
  }
  const [created] = await tx.insert(refunds).values(values).returning();
  await tx
    .update(userPurchases)
    .set({ status: 'refunded', failureReason: FAILURE_NOTES[reason] })
    .where(eq(userPurchases.id, purchase.id));
  // The credit note is issued with the refund itself (decision 0300), whatever the provider answers later.
  await issueCreditNote(tx, created!);
  // The buyer hears of it with the credit note's number and link, in this same transaction.
  await enqueueRefundEmail(tx, queue, created!.id);
  if (created!.paymentMethod === 'card') await enqueueCardRefund(tx, queue, created!.id);
  countPayment(created!.paymentMethod, 'refunded');
  return created!;
}

export function findRefund(db: DbExecutor, refundId: number) {
  return db.query.refunds.findFirst({ where: eq(refunds.id, refundId) });
}

/** Records the card provider's answer to a pending refund; a settled refund is never changed. */
export async function settleCardRefund(
  db: DbExecutor,
  refundId: number,
  outcome: { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; reason: string },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set(
      outcome.status === 'succeeded'
        ? { status: 'succeeded', stripeRefundId: outcome.providerRefundId, completedAt: sql`now()` }
        : { status: 'failed', failureReason: outcome.reason.slice(0, 500) },
    )
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The sender address of a Cardano payment's earliest recorded transaction (the payment itself first). */
async function senderOfPayment(tx: DbExecutor, paymentId: number): Promise<string | null> {
  const [first] = await tx
    .select({ senderAddress: cardanoIncomingTransactions.senderAddress })
    .from(cardanoIncomingTransactions)
    .where(
      and(
        eq(cardanoIncomingTransactions.paymentId, paymentId),
        isNotNull(cardanoIncomingTransactions.senderAddress),
      ),
    )
    .orderBy(
      sql`${cardanoIncomingTransactions.classification} <> 'payment'`,
      asc(cardanoIncomingTransactions.blockTime),
    )
    .limit(1);
  return first?.senderAddress ?? null;
}

/**
 * Research on a report failed for good: every purchase of it paid with an API credit gets the
 * credit back (run by the credit-refund job). The report's row is locked first, as the admin's
 * retry and refund take it, so a retry racing this either runs before (the report is no longer
 * failed: nothing is refunded) or after (the purchase is refunded: the retry is refused).
 */
export async function refundCreditPurchasesOfFailedReport(
  db: Database,
  queue: JobQueue,
  reportId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select({ status: researchReports.status })
      .from(researchReports)
      .where(eq(researchReports.id, reportId))
      .for('update');
    if (report?.status !== 'failed') return 0;
    const paid = await tx
      .select()
      .from(userPurchases)
      .where(
        and(
          eq(userPurchases.reportId, reportId),
          inArray(userPurchases.paymentMethod, ['credits', 'x402']),
          eq(userPurchases.status, 'completed'),
        ),
      )
      .for('update');
    for (const purchase of paid) await requestRefund(tx, queue, purchase, 'research_failed');
    return paid.length;
  });
}
