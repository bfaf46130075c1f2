import { randomUUID } from 'node:crypto';
import {
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
  PAYMENT_MESSAGES,
  PAYMENT_UNAVAILABLE_MESSAGE,
} from '../../../contract/payments';
import { PURCHASE_RULE_CODE, PURCHASE_RULE_MESSAGES } from '../../../contract/purchases';
import { newReportAssetNameSchema } from '../../../contract/reports';
import type { AppContext } from '../../context';
import { DomainError, invalid, notFound } from '../../domain/errors';
import { sellerOf } from '../../domain/invoices';
import { toCents } from '../../domain/money';
import { recordAbandonedIntents } from '../../domain/open-checkouts';
import { checkPurchaseAsset } from '../../domain/purchase-asset';
import {
  checkReportPurchase,
  isOnePurchaseViolation,
  type PurchaseRefusalKind,
} from '../../domain/purchase-rule';
import {
  completePurchase,
  createPendingPurchase,
  creditPackName,
  creditPackOf,
  failPurchase,
  type PurchaseRow,
  priceOf,
} from '../../domain/purchases';
import {
  type CheckoutOrigin,
  gatherCheckoutEvidence,
  recordCardCountry,
} from '../../domain/tax/checkout-evidence';
import { type CardPaymentProvider, type ProviderIntent, ProviderUnavailableError } from './provider';
import { findPurchaseByIntentId } from './repository';

const unavailable = () => new DomainError('PAYMENT_UNAVAILABLE', PAYMENT_UNAVAILABLE_MESSAGE);

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

const refusal = (kind: PurchaseRefusalKind) =>
  new DomainError(PURCHASE_RULE_CODE[kind], PURCHASE_RULE_MESSAGES[kind]);

/** Intent states in which the buyer can still pay the intent they already have. */
const RESUMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/**
 * A second checkout of a report the user is already paying by card gets the same PaymentIntent
 * back (Stripe's advice: one intent per order), so two open tabs can never both be charged.
 * Returns null when the open intent is over (canceled): a new one may be created.
 */
async function resumeOpenCardPurchase(
  ctx: AppContext,
  provider: CardPaymentProvider,
  purchase: PurchaseRow,
): Promise<CreatePaymentIntentResponse | null> {
  if (purchase.paymentMethod !== 'card' || !purchase.stripePaymentIntentId) throw refusal('payment_open');
  const intent = await callProvider(ctx, () => provider.retrieveIntent(purchase.stripePaymentIntentId!));
  if (intent?.status === 'succeeded') {
    await recordSucceededIntent(ctx, intent);
    throw refusal('owned');
  }
  if (!intent || intent.status === 'canceled') {
    await failPurchase(ctx.db, purchase.id, 'failed', 'The payment was canceled');
    return null;
  }
  if (!RESUMABLE.has(intent.status) || !intent.clientSecret) throw refusal('payment_open');
  return {
    clientSecret: intent.clientSecret,
    reportId: purchase.reportId ?? 0,
    paymentIntentId: intent.id,
    amount: purchase.amount,
  };
}

/** The report to buy, after the one-purchase rule; or the open checkout to resume. */
async function existingReportToBuy(
  ctx: AppContext,
  provider: CardPaymentProvider | null,
  userId: number,
  reportId: number,
): Promise<{ report: { id: number; assetName: string } } | { resumed: CreatePaymentIntentResponse }> {
  // Twice at most: a canceled open intent is closed, then the rule is asked again.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const check = await checkReportPurchase(ctx.db, userId, reportId);
    if (check.kind === 'available') return { report: check.report };
    if (check.kind !== 'payment_open') throw refusal(check.kind);
    if (!provider) throw unavailable();
    const resumed = await resumeOpenCardPurchase(ctx, provider, check.purchase);
    if (resumed) return { resumed };
  }
  throw refusal('payment_open');
}

export async function createPaymentIntent(
  ctx: AppContext,
  provider: CardPaymentProvider | null,
  userId: number,
  input: CreatePaymentIntentRequest,
  origin: CheckoutOrigin | null = null,
): Promise<CreatePaymentIntentResponse> {
  let assetName: string;
  let assetId: string | null = null;
  let reportId: number | null = null;
  const pack = input.purchaseType === 'credit_pack' ? creditPackOf(ctx.config) : undefined;
  if (pack) {
    assetName = creditPackName(pack);
  } else if (input.purchaseType === 'new_report') {
    const parsed = newReportAssetNameSchema.safeParse(input.assetName ?? '');
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Asset name is required');
    ({ assetName, assetId } = await checkPurchaseAsset(
      ctx.research.sources,
      { ...input, assetName: parsed.data },
      { db: ctx.db, userId },
    ));
  } else {
    if (!input.reportId) throw invalid(PAYMENT_MESSAGES.reportRequired);
    const found = await existingReportToBuy(ctx, provider, userId, input.reportId);
    if ('resumed' in found) return found.resumed;
    assetName = found.report.assetName;
    reportId = found.report.id;
  }
  if (!provider) throw unavailable();
  const taxEvidence = await gatherCheckoutEvidence(ctx.config.VIES_URL, input, origin);

  // The amount comes from the server's price list only; whatever the client sent is ignored.
  const amount = priceOf(input.purchaseType, pack);
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
  try {
    await createPendingPurchase(ctx.db, {
      userId,
      purchaseType: input.purchaseType,
      assetName,
      assetId,
      reportId,
      paymentMethod: 'card',
      stripePaymentIntentId: intent.id,
      ...(pack ? { pack } : {}),
      taxEvidence,
    });
  } catch (error) {
    // A concurrent checkout of the same report won the race: its intent is the one to pay.
    // Ours is never shown to the browser; the reconciliation job cancels it at the provider.
    if (!isOnePurchaseViolation(error) || reportId === null) throw error;
    await recordAbandonedIntents(ctx.db, [intent.id], 'concurrent_checkout');
    ctx.log.info({ paymentIntentId: intent.id, reportId }, 'concurrent checkout: resuming the open intent');
    const found = await existingReportToBuy(ctx, provider, userId, reportId);
    if ('resumed' in found) return found.resumed;
    throw refusal('payment_open');
  }
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
    if (intent.cardCountry) await recordCardCountry(tx, purchase.id, intent.cardCountry);
    const result = await completePurchase(tx, ctx.queue, purchase.id, sellerOf(ctx.config));
    if (result.refundedBecause === 'duplicate_payment') {
      ctx.log.warn(
        { purchaseId: purchase.id, paymentIntentId: intent.id },
        'second card payment for a report the buyer owns; refund requested',
      );
    } else if (result.refundedBecause === 'account_deleted') {
      ctx.log.warn(
        { purchaseId: purchase.id, paymentIntentId: intent.id },
        'card payment arrived after the account was deleted; refund requested',
      );
    } else if (result.changed) {
      ctx.log.info({ purchaseId: purchase.id, paymentIntentId: intent.id }, 'card purchase completed');
    }
    return { kind: 'completed' as const, reportId: result.purchase.reportId, changed: result.changed };
  });
}

/**
 * A `payment_intent.succeeded` webhook. Its intent carries the charge as an id only, so the card's
 * issuing country (VAT evidence, decision 0302) is not in it: the intent is read again with its
 * charge expanded before the purchase completes and its invoice is issued (decision 0308). Stripe
 * unreachable on that read: the 503 makes Stripe deliver the event again; confirm and the
 * reconciliation job complete the purchase meanwhile if they can read it.
 */
export async function recordWebhookSucceededIntent(
  ctx: AppContext,
  provider: CardPaymentProvider | null,
  sent: ProviderIntent,
): Promise<SucceededOutcome> {
  const purchase = await findPurchaseByIntentId(ctx.db, sent.id);
  if (!purchase) return { kind: 'unknown' };
  // Already invoiced: nothing the read could add (an issued invoice is never changed).
  if (purchase.status === 'completed' || !provider) return recordSucceededIntent(ctx, sent);
  const read = await callProvider(ctx, () => provider.retrieveIntent(sent.id));
  return recordSucceededIntent(ctx, read?.status === 'succeeded' ? read : sent);
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
  if (intent.status !== 'succeeded') throw invalid(PAYMENT_MESSAGES.notSucceeded);
  const outcome = await recordSucceededIntent(ctx, intent);
  if (outcome.kind !== 'completed') throw invalid(PAYMENT_MESSAGES.notSucceeded);
  return { reportId: outcome.reportId };
}
