import type { AppContext } from '../../context';
import { recordAbandonedIntents } from '../../domain/open-checkouts';
import { failPurchase } from '../../domain/purchases';
import { findRefund, settleCardRefund } from '../../domain/refunds';
import { JOBS, scheduleJob, workJob } from '../../jobs/definitions';
import { type CardPaymentProvider, ProviderUnavailableError } from './provider';
import {
  findStaleCardPurchases,
  findUnsettledAbandonedIntents,
  markReconciled,
  noteAbandonedIntentAttempt,
  settleAbandonedIntent,
} from './repository';
import { recordSucceededIntent } from './service';

// Card payments that no webhook or browser confirmation settled (a closed tab, a lost webhook)
// are settled by asking the provider (decision 0082); intents nobody may pay any more are
// cancelled (decision 0203); refunds are sent to the provider here.

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
  /** Abandoned intents cancelled at the provider this cycle. */
  canceled: number;
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
  const report: ReconcileReport = { checked: 0, completed: 0, failed: 0, open: 0, canceled: 0 };
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
      // A tab left open a day could still pay it: the intent is cancelled below.
      await recordAbandonedIntents(ctx.db, [intent.id], 'checkout_expired');
      report.failed += 1;
    } else {
      await markReconciled(ctx.db, purchase.id);
      report.open += 1;
    }
  }
  report.canceled = await cancelAbandonedIntents(ctx, provider);
  if (report.checked || report.canceled) ctx.log.info(report, 'card reconciliation cycle');
  return report;
}

/**
 * Cancels the recorded abandoned intents at the provider (through its cancel API). An intent
 * paid before the cancel arrived goes the webhook's way: a deleted account's payment is refunded,
 * any other completes its purchase. Returns how many were cancelled.
 */
async function cancelAbandonedIntents(ctx: AppContext, provider: CardPaymentProvider): Promise<number> {
  let canceled = 0;
  for (const row of await findUnsettledAbandonedIntents(ctx.db, RECONCILE_BATCH)) {
    const id = row.paymentIntentId;
    let outcome: Awaited<ReturnType<CardPaymentProvider['cancelIntent']>>;
    try {
      outcome = await provider.cancelIntent(id);
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      await noteAbandonedIntentAttempt(ctx.db, id, error.message);
      ctx.log.warn({ err: error }, 'card reconciliation: provider unavailable for cancelling');
      break;
    }
    if (outcome.kind === 'canceled') {
      await settleAbandonedIntent(ctx.db, id, 'canceled');
      canceled += 1;
    } else if (outcome.kind === 'missing') {
      await settleAbandonedIntent(ctx.db, id, 'missing');
    } else if (outcome.intent.status === 'canceled') {
      await settleAbandonedIntent(ctx.db, id, 'canceled');
    } else if (outcome.intent.status === 'succeeded') {
      const recorded = await recordSucceededIntent(ctx, outcome.intent);
      await settleAbandonedIntent(ctx.db, id, 'succeeded');
      if (recorded.kind === 'completed') {
        ctx.log.warn(
          { paymentIntentId: id, reason: row.reason },
          'abandoned intent was paid before it was cancelled',
        );
      } else {
        // No purchase matches it: only a person can look at what was paid and send it back.
        ctx.log.error(
          { paymentIntentId: id, reason: row.reason },
          'abandoned intent paid without a matching purchase',
        );
      }
    } else {
      await noteAbandonedIntentAttempt(ctx.db, id, `The intent is ${outcome.intent.status}`);
    }
  }
  return canceled;
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

export async function registerCardPaymentJobs(ctx: AppContext): Promise<void> {
  const { provider } = ctx.payments.card;
  if (!provider) return;
  await workJob(ctx.queue, JOBS.cardRefund, async (jobs) => {
    for (const job of jobs) {
      await executeCardRefund(ctx, provider, job.data.refundId, job.retryCount >= job.retryLimit);
    }
  });
  await workJob(ctx.queue, JOBS.cardReconcile, async () => {
    await reconcileCardPurchases(ctx, provider);
  });
  await scheduleJob(ctx.queue, JOBS.cardReconcile);
}
