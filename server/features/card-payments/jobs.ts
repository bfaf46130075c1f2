import type PgBoss from 'pg-boss';
import type { AppContext } from '../../context';
import { failPurchase } from '../../domain/purchases';
import { type CardRefundJob, findRefund, settleCardRefund } from '../../domain/refunds';
import { QUEUES } from '../../jobs/queue';
import { type CardPaymentProvider, ProviderUnavailableError } from './provider';
import { findStaleCardPurchases, markReconciled } from './repository';
import { recordSucceededIntent } from './service';

// Card payments that no webhook or browser confirmation settled (a closed tab, a lost webhook)
// are settled by asking the provider (decision 0082); refunds are sent to the provider here.

/** A checkout still pending this long is asked about: the browser has long had its chance. */
export const CARD_RECONCILE_AFTER_MS = 5 * 60_000;
/** The same pending purchase is asked about at most this often. */
export const CARD_RECONCILE_EVERY_MS = 5 * 60_000;
/** An intent nobody tried to pay for this long is an abandoned checkout. */
export const CARD_ABANDONED_AFTER_MS = 24 * 60 * 60_000;
const RECONCILE_BATCH = 50;

export interface ReconcileReport {
  checked: number;
  completed: number;
  failed: number;
  open: number;
}

export async function reconcileCardPurchases(
  ctx: AppContext,
  provider: CardPaymentProvider,
  now = new Date(),
): Promise<ReconcileReport> {
  const stale = await findStaleCardPurchases(ctx.db, {
    olderThan: new Date(now.getTime() - CARD_RECONCILE_AFTER_MS),
    checkedBefore: new Date(now.getTime() - CARD_RECONCILE_EVERY_MS),
    limit: RECONCILE_BATCH,
  });
  const report: ReconcileReport = { checked: 0, completed: 0, failed: 0, open: 0 };
  for (const purchase of stale) {
    let intent: Awaited<ReturnType<CardPaymentProvider['retrieveIntent']>>;
    try {
      intent = await provider.retrieveIntent(purchase.stripePaymentIntentId!);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // The provider is down: the rest waits for the next cycle.
      ctx.log.warn({ err: error }, 'card reconciliation: provider unavailable');
      break;
    }
    report.checked += 1;
    const abandoned = now.getTime() - purchase.createdAt.getTime() > CARD_ABANDONED_AFTER_MS;
    if (intent?.status === 'succeeded') {
      // Exactly the webhook's path: idempotent, research enqueued in the same transaction.
      const outcome = await recordSucceededIntent(ctx, intent);
      if (outcome.kind === 'completed') {
        report.completed += 1;
        ctx.log.warn(
          { purchaseId: purchase.id, paymentIntentId: intent.id },
          'card payment settled by reconciliation (no webhook or confirmation arrived)',
        );
      } else {
        await markReconciled(ctx.db, purchase.id);
        report.open += 1;
      }
    } else if (!intent || intent.status === 'canceled') {
      await failPurchase(ctx.db, purchase.id, 'failed', 'The payment was canceled');
      report.failed += 1;
    } else if (intent.status === 'requires_payment_method' && intent.lastErrorMessage) {
      await failPurchase(ctx.db, purchase.id, 'failed', intent.lastErrorMessage);
      report.failed += 1;
    } else if (intent.status === 'requires_payment_method' && abandoned) {
      await failPurchase(ctx.db, purchase.id, 'expired', 'The checkout was left unfinished');
      report.failed += 1;
    } else {
      await markReconciled(ctx.db, purchase.id);
      report.open += 1;
    }
  }
  if (report.checked) ctx.log.info(report, 'card reconciliation cycle');
  return report;
}

/** Sends one pending card refund to the provider; the idempotency key makes a retry safe. */
export async function executeCardRefund(
  ctx: AppContext,
  provider: CardPaymentProvider,
  refundId: number,
  lastAttempt = false,
): Promise<void> {
  const refund = await findRefund(ctx.db, refundId);
  if (refund?.status !== 'pending' || !refund.stripePaymentIntentId) return;
  try {
    const answer = await provider.refund({
      paymentIntentId: refund.stripePaymentIntentId,
      amountCents: Number(refund.quantity),
      reason: refund.reason === 'duplicate_payment' ? 'duplicate' : 'requested_by_customer',
      metadata: { refundId: String(refund.id), purchaseId: String(refund.purchaseId) },
      idempotencyKey: `crow-refund-${refund.id}`,
    });
    // pending and requires_action refunds are accepted by the provider and finish there.
    if (answer.status === 'failed' || answer.status === 'canceled') {
      await settleCardRefund(ctx.db, refund.id, {
        status: 'failed',
        reason: answer.failureReason ?? `The provider answered ${answer.status}`,
      });
      ctx.log.error({ refundId: refund.id, status: answer.status }, 'card refund refused by the provider');
    } else {
      await settleCardRefund(ctx.db, refund.id, { status: 'succeeded', providerRefundId: answer.id });
      ctx.log.info({ refundId: refund.id, providerRefundId: answer.id }, 'card refund sent');
    }
  } catch (error) {
    if (lastAttempt) {
      await settleCardRefund(ctx.db, refund.id, {
        status: 'failed',
        reason: error instanceof Error ? error.message : String(error),
      });
      ctx.log.error({ err: error, refundId: refund.id }, 'card refund failed on its last attempt');
    }
    throw error;
  }
}

export async function startCardPaymentJobs(ctx: AppContext): Promise<void> {
  const { provider } = ctx.payments.card;
  if (!provider) return;
  await ctx.queue.work<CardRefundJob>(
    QUEUES.cardRefund,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (jobs: PgBoss.JobWithMetadata<CardRefundJob>[]) => {
      for (const job of jobs) {
        await executeCardRefund(ctx, provider, job.data.refundId, job.retryCount >= job.retryLimit);
      }
    },
  );
  await ctx.queue.work(QUEUES.cardReconcile, async () => {
    await reconcileCardPurchases(ctx, provider);
  });
  await ctx.queue.schedule(QUEUES.cardReconcile, '* * * * *');
}
