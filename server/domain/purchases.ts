import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { PRICES_USD } from '../../contract/constants';
import type { PurchaseType } from '../../contract/reports';
import type { DbExecutor } from '../db/client';
import { researchReports, userPurchases, users } from '../db/schema';
import { enqueueReceiptEmail } from '../email/jobs';
import type { JobQueue } from '../jobs/queue';
import { countPayment } from '../metrics/registry';
import { noteInWorkContext } from '../request-context';
import { addCredits } from './credits';
import { issueInvoice, type SellerDetails } from './invoices';
import { lockBuyerReport } from './purchase-rule';
import { requestRefund } from './refunds';
import { createReportAndEnqueueResearch } from './research-start';
import { type CheckoutEvidence, recordCheckoutEvidence } from './tax/checkout-evidence';
import { watchBoughtAsset } from './watchlist';

// The purchase state machine shared by every payment method:
//   pending -> completed | failed | expired, and completed is final.
// Card (webhook and confirm) and Cardano (chain watcher) both end here, so a payment that is
// reported twice, late or out of order still gives exactly one completed purchase. A payment
// for a report the buyer already owns (a race no provider can prevent), or one arriving after the
// buyer deleted the account (nobody could open what it bought), is refunded instead.

export type PurchaseRow = typeof userPurchases.$inferSelect;

/** A credit pack as configured (API_CREDIT_PACK_*): how many credits, at what price. */
export interface CreditPack {
  credits: number;
  priceUsd: number;
}

export const creditPackOf = (config: {
  API_CREDIT_PACK_CREDITS: number;
  API_CREDIT_PACK_PRICE_USD: number;
}): CreditPack => ({ credits: config.API_CREDIT_PACK_CREDITS, priceUsd: config.API_CREDIT_PACK_PRICE_USD });

/** What a pack is called on receipts and in the admin's lists. */
export const creditPackName = (pack: CreditPack) => `API credits (${pack.credits} reports)`;

/** The price is decided here, never by the client; a credit pack's comes from configuration. */
export function priceOf(purchaseType: PurchaseType, pack?: CreditPack): string {
  if (purchaseType === 'credit_pack') {
    if (!pack) throw new Error('a credit pack is priced by configuration');
    return pack.priceUsd.toFixed(2);
  }
  return PRICES_USD[purchaseType].toFixed(2);
}

export async function createPendingPurchase(
  db: DbExecutor,
  input: {
    userId: number;
    purchaseType: PurchaseType;
    assetName: string;
    /** The resolved asset of a new report (null: an unknown name the buyer confirmed). */
    assetId?: string | null;
    reportId: number | null;
    paymentMethod: 'card' | 'cardano';
    stripePaymentIntentId?: string;
    cardanoPaymentId?: number;
    /** credit_pack only: the pack as configured when it is sold. */
    pack?: CreditPack;
    /** Where the buyer is, as the checkout learnt it (decision 0302). */
    taxEvidence?: CheckoutEvidence;
  },
): Promise<PurchaseRow> {
  const [row] = await db
    .insert(userPurchases)
    .values({
      userId: input.userId,
      purchaseType: input.purchaseType,
      assetName: input.assetName.trim(),
      assetId: input.assetId ?? null,
      reportId: input.purchaseType === 'existing_report' ? input.reportId : null,
      amount: priceOf(input.purchaseType, input.pack),
      credits: input.purchaseType === 'credit_pack' ? (input.pack?.credits ?? null) : null,
      paymentMethod: input.paymentMethod,
      stripePaymentIntentId: input.stripePaymentIntentId ?? null,
      cardanoPaymentId: input.cardanoPaymentId ?? null,
    })
    .returning();
  if (input.taxEvidence) await recordCheckoutEvidence(db, row!.id, input.taxEvidence);
  countPayment(row!.paymentMethod, 'created');
  return row!;
}

export interface CompletionResult {
  purchase: PurchaseRow;
  /** False when the purchase had already been completed or refunded (a repeated notification). */
  changed: boolean;
  /** Why this payment was refunded instead of completing it (null: it completed). */
  refundedBecause: 'duplicate_payment' | 'account_deleted' | null;
}

const SUPERSEDED_REASON = 'Another payment for this report completed first';

/**
 * Completes a pending purchase: a new report is created and its research enqueued; an existing
 * report is unlocked. Run it inside a transaction; the row lock serializes racing callers.
 * A failed or expired purchase is completed too when the money did arrive (it is never lost).
 * The invoice is issued in the same transaction, by the seller given (decision 0300).
 */
export async function completePurchase(
  tx: DbExecutor,
  queue: JobQueue,
  purchaseId: number,
  seller: SellerDetails,
): Promise<CompletionResult> {
  const [unlocked] = await tx.select().from(userPurchases).where(eq(userPurchases.id, purchaseId));
  if (!unlocked) throw new Error(`purchase ${purchaseId} does not exist`);
  noteInWorkContext({ purchaseId });
  const boughtReportId = unlocked.purchaseType === 'existing_report' ? unlocked.reportId : null;
  if (boughtReportId !== null) await lockBuyerReport(tx, unlocked.userId, boughtReportId);
  // The buyer's row before the purchase's, in the order account deletion takes them: a deletion
  // running now either finished first (seen here) or waits until this payment is settled.
  const [buyer] = await tx
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, unlocked.userId))
    .for('share');
  const [purchase] = await tx
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.id, purchaseId))
    .for('update');
  if (!purchase) throw new Error(`purchase ${purchaseId} does not exist`);
  if (purchase.status === 'completed' || purchase.status === 'refunded') {
    return { purchase, changed: false, refundedBecause: null };
  }
  if (buyer?.deletedAt) return refundInstead(tx, queue, purchase, 'account_deleted');

  if (boughtReportId !== null) {
    const others = await tx
      .select()
      .from(userPurchases)
      .where(
        and(
          eq(userPurchases.userId, purchase.userId),
          eq(userPurchases.reportId, boughtReportId),
          ne(userPurchases.id, purchase.id),
          inArray(userPurchases.status, ['pending', 'completed']),
        ),
      )
      .for('update');
    if (others.some((other) => other.status === 'completed')) {
      return refundInstead(tx, queue, purchase, 'duplicate_payment');
    }
    // This payment arrived first: an open checkout of the same report can no longer complete it.
    for (const other of others) await failPurchase(tx, other.id, 'failed', SUPERSEDED_REASON);
  }

  if (purchase.purchaseType === 'credit_pack') {
    const [updated] = await tx
      .update(userPurchases)
      .set({ status: 'completed', completedAt: sql`now()`, failureReason: null })
      .where(eq(userPurchases.id, purchaseId))
      .returning();
    await addCredits(tx, {
      userId: purchase.userId,
      purchaseId,
      delta: purchase.credits ?? 0,
      reason: 'pack_bought',
    });
    // The pack is the taxable supply: invoiced now, the reports later paid with its credits never.
    await issueInvoice(tx, seller, purchaseId);
    await enqueueReceiptEmail(tx, queue, purchaseId);
    countPayment(updated!.paymentMethod, 'paid');
    return { purchase: updated!, changed: true, refundedBecause: null };
  }

  let reportId = purchase.reportId;
  if (purchase.purchaseType === 'new_report') {
    reportId = await createReportAndEnqueueResearch(tx, queue, {
      assetName: purchase.assetName,
      assetId: purchase.assetId,
      userId: purchase.userId,
    });
  }
  const [updated] = await tx
    .update(userPurchases)
    .set({ status: 'completed', reportId, completedAt: sql`now()`, failureReason: null })
    .where(eq(userPurchases.id, purchaseId))
    .returning();
  await watchBoughtAsset(tx, {
    userId: purchase.userId,
    assetId: purchase.assetId ?? (reportId === null ? null : await assetIdOfReport(tx, reportId)),
    assetName: purchase.assetName,
  });
  // A report paid with prepaid credits was invoiced when its pack was bought (the pack is the
  // taxable supply); every other completed purchase is invoiced here.
  if (updated!.paymentMethod !== 'credits') await issueInvoice(tx, seller, purchaseId);
  // The receipt is queued in this transaction: sent exactly when the purchase really completed.
  await enqueueReceiptEmail(tx, queue, purchaseId);
  countPayment(updated!.paymentMethod, 'paid');
  return { purchase: updated!, changed: true, refundedBecause: null };
}

async function refundInstead(
  tx: DbExecutor,
  queue: JobQueue,
  purchase: PurchaseRow,
  reason: 'duplicate_payment' | 'account_deleted',
): Promise<CompletionResult> {
  await requestRefund(tx, queue, purchase, reason);
  const [refunded] = await tx.select().from(userPurchases).where(eq(userPurchases.id, purchase.id));
  return { purchase: refunded!, changed: true, refundedBecause: reason };
}

/** Marks a pending purchase failed (or expired); a completed purchase is never downgraded. */
export async function failPurchase(
  tx: DbExecutor,
  purchaseId: number,
  status: 'failed' | 'expired',
  reason: string,
): Promise<PurchaseRow | undefined> {
  const [updated] = await tx
    .update(userPurchases)
    .set({ status, failureReason: reason })
    .where(sql`${userPurchases.id} = ${purchaseId} and ${userPurchases.status} = 'pending'`)
    .returning();
  if (updated) countPayment(updated.paymentMethod, status);
  return updated;
}

async function assetIdOfReport(tx: DbExecutor, reportId: number): Promise<string | null> {
  const [row] = await tx
    .select({ assetId: researchReports.assetId })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  return row?.assetId ?? null;
}
