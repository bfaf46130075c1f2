import { randomUUID } from 'node:crypto';
import {
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
  PAYMENT_MESSAGES,
  PAYMENT_UNAVAILABLE_MESSAGE,
} from '../../../contract/payments';
import { newReportAssetNameSchema } from '../../../contract/reports';
import type { AppContext } from '../../context';
import { checkPurchaseAsset } from '../../domain/purchase-asset';
import { completePurchase, createPendingPurchase, failPurchase, priceOf } from '../../domain/purchases';
import { userHasReportAccess } from '../../domain/report-access';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { type CardPaymentProvider, type ProviderIntent, ProviderUnavailableError } from './provider';
import { findPurchaseByIntentId, findReport } from './repository';

const unavailable = () => new HttpError(503, PAYMENT_UNAVAILABLE_MESSAGE);

const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** Runs a provider call; an unreachable or misconfigured provider becomes the spec's 503 message. */
async function callProvider<T>(ctx: AppContext, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) {
      ctx.log.warn({ err: error }, 'card payment provider unavailable');
      throw unavailable();
    }
    throw error;
  }
}

export async function createPaymentIntent(
  ctx: AppContext,
  provider: CardPaymentProvider | null,
  userId: number,
  input: CreatePaymentIntentRequest,
): Promise<CreatePaymentIntentResponse> {
  let assetName: string;
  let assetId: string | null = null;
  let reportId: number | null = null;
  if (input.purchaseType === 'new_report') {
    const parsed = newReportAssetNameSchema.safeParse(input.assetName ?? '');
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Asset name is required');
    ({ assetName, assetId } = await checkPurchaseAsset(ctx.config, { ...input, assetName: parsed.data }));
  } else {
    if (!input.reportId) throw badRequest(PAYMENT_MESSAGES.reportRequired);
    const report = await findReport(ctx.db, input.reportId);
    if (!report) throw notFound(PAYMENT_MESSAGES.reportNotFound);
    if (!report.isPublic || report.status !== 'completed')
      throw badRequest(PAYMENT_MESSAGES.reportNotForSale);
    if (await userHasReportAccess(ctx.db, userId, report.id)) throw conflict(PAYMENT_MESSAGES.alreadyOwned);
    assetName = report.assetName;
    reportId = report.id;
  }
  if (!provider) throw unavailable();

  // The amount comes from the server's price list only; whatever the client sent is ignored.
  const amount = priceOf(input.purchaseType);
  const intent = await callProvider(ctx, () =>
    provider.createIntent({
      amountCents: toCents(amount),
      currency: 'usd',
      description: `${ctx.config.APP_NAME} research report: ${assetName}`,
      metadata: {
        userId: String(userId),
        purchaseType: input.purchaseType,
        assetName,
        reportId: reportId ? String(reportId) : '',
      },
      // One key per checkout attempt: the SDK's own retries of this call never create a second intent.
      idempotencyKey: `create-intent-${userId}-${randomUUID()}`,
    }),
  );
  await createPendingPurchase(ctx.db, {
    userId,
    purchaseType: input.purchaseType,
    assetName,
    assetId,
    reportId,
    paymentMethod: 'card',
    stripePaymentIntentId: intent.id,
  });
  return { clientSecret: intent.clientSecret, reportId: reportId ?? 0, paymentIntentId: intent.id, amount };
}

/** The provider's intent must match what we sold: same amount, currency and buyer. */
function intentMatchesPurchase(
  intent: ProviderIntent,
  purchase: { amount: string; userId: number },
): boolean {
  return (
    intent.amount === toCents(purchase.amount) &&
    intent.currency.toLowerCase() === 'usd' &&
    intent.metadata.userId === String(purchase.userId)
  );
}

export type SucceededOutcome =
  | { kind: 'completed'; reportId: number | null; changed: boolean }
  | { kind: 'unknown' }
  | { kind: 'mismatch' };

/** The single way a card payment completes a purchase (webhook, confirm and sandbox). */
export async function recordSucceededIntent(
  ctx: AppContext,
  intent: ProviderIntent,
): Promise<SucceededOutcome> {
  if (intent.status !== 'succeeded') throw new Error('recordSucceededIntent needs a succeeded intent');
  return ctx.db.transaction(async (tx) => {
    const purchase = await findPurchaseByIntentId(tx, intent.id);
    if (!purchase) return { kind: 'unknown' as const };
    if (!intentMatchesPurchase(intent, purchase)) {
      ctx.log.error(
        { paymentIntentId: intent.id, purchaseId: purchase.id },
        'payment intent does not match its purchase; not completed',
      );
      return { kind: 'mismatch' as const };
    }
    const result = await completePurchase(tx, ctx.queue, purchase.id);
    if (result.changed) {
      ctx.log.info({ purchaseId: purchase.id, paymentIntentId: intent.id }, 'card purchase completed');
    }
    return { kind: 'completed' as const, reportId: result.purchase.reportId, changed: result.changed };
  });
}

export async function recordFailedIntent(ctx: AppContext, intent: ProviderIntent): Promise<void> {
  const purchase = await findPurchaseByIntentId(ctx.db, intent.id);
  if (!purchase) return;
  await failPurchase(ctx.db, purchase.id, 'failed', intent.lastErrorMessage ?? 'The payment failed');
}

/** The fast path after the browser's confirmation: ask the provider, never trust the client. */
export async function confirmPayment(
  ctx: AppContext,
  provider: CardPaymentProvider | null,
  userId: number,
  paymentIntentId: string,
): Promise<{ reportId: number | null }> {
  const purchase = await findPurchaseByIntentId(ctx.db, paymentIntentId);
  // Another user's intent answers exactly like one that does not exist.
  if (!purchase || purchase.userId !== userId) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (purchase.status === 'completed') return { reportId: purchase.reportId };
  if (!provider) throw unavailable();
  const intent = await callProvider(ctx, () => provider.retrieveIntent(paymentIntentId));
  if (!intent) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (intent.status !== 'succeeded') throw badRequest(PAYMENT_MESSAGES.notSucceeded);
  const outcome = await recordSucceededIntent(ctx, intent);
  if (outcome.kind !== 'completed') throw badRequest(PAYMENT_MESSAGES.notSucceeded);
  return { reportId: outcome.reportId };
}
