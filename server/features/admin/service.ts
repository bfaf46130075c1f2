import { BUG_MESSAGES, type BugStatus } from '../../../contract/bug-reports';
import { ADMIN_PURCHASE_MESSAGES, type RefundResponse } from '../../../contract/purchases';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../domain/errors';
import { requestRefund } from '../../domain/refunds';
import { enqueueResearch } from '../../domain/research-start';
import {
  findBugReport,
  lockPurchase,
  lockReport,
  markReportPendingAgain,
  paidPurchasesOf,
  reportIdOfPurchase,
  updateBugReportStatus,
} from './repository';

// The admin's two answers to paid research that failed for good (decision 0081): try the
// research again, or give the money back. Both are idempotent: a repeated click changes nothing.

export async function retryResearch(ctx: AppContext, reportId: number) {
  return ctx.db.transaction(async (tx) => {
    const report = await lockReport(tx, reportId);
    if (!report) throw notFound(ADMIN_PURCHASE_MESSAGES.reportNotFound);
    if (report.status !== 'failed') return { reportId, status: report.status, enqueued: false };
    const paid = await paidPurchasesOf(tx, reportId);
    if (paid.length > 0 && paid.every((purchase) => purchase.status === 'refunded')) {
      throw conflict(ADMIN_PURCHASE_MESSAGES.refunded);
    }
    await markReportPendingAgain(tx, reportId);
    await enqueueResearch(tx, ctx.queue, reportId);
    ctx.log.info({ reportId }, 'admin: research retried');
    return { reportId, status: 'pending' as const, enqueued: true };
  });
}

/** Card: the provider's refund API (sent by the card refund job); Cardano: recorded as due. */
export async function refundPurchase(ctx: AppContext, purchaseId: number): Promise<RefundResponse> {
  const refund = await ctx.db.transaction(async (tx) => {
    // The report's lock first, as retryResearch takes it: a refund and a retry of the same
    // report run one after the other, and the second sees what the first did (409).
    const reportId = await reportIdOfPurchase(tx, purchaseId);
    const report = reportId === null ? undefined : await lockReport(tx, reportId);
    const purchase = await lockPurchase(tx, purchaseId);
    if (!purchase) throw notFound(ADMIN_PURCHASE_MESSAGES.purchaseNotFound);
    if (purchase.reportId !== reportId) throw conflict(ADMIN_PURCHASE_MESSAGES.notRefundable);
    if (purchase.status === 'completed') {
      if (report?.status !== 'failed') throw conflict(ADMIN_PURCHASE_MESSAGES.notRefundable);
    } else if (purchase.status !== 'refunded') {
      throw conflict(ADMIN_PURCHASE_MESSAGES.notRefundable);
    }
    return requestRefund(tx, ctx.queue, purchase, 'research_failed');
  });
  ctx.log.info({ purchaseId, refundId: refund.id, status: refund.status }, 'admin: refund requested');
  return {
    purchaseId,
    refundId: refund.id,
    status: refund.status,
    paymentMethod: refund.paymentMethod,
  };
}

/** Moves a bug report to another status and answers it as the list shows it; 404 if it is gone. */
export async function changeBugReportStatus(ctx: AppContext, id: number, status: BugStatus) {
  const updated = await updateBugReportStatus(ctx.db, id, status);
  const row = updated ? await findBugReport(ctx.db, id) : undefined;
  if (!row) throw notFound(BUG_MESSAGES.notFound);
  return row;
}
