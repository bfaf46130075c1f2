import type { ErrorCode } from './errors';
import { MAX_ID } from './http';
import { PAYMENT_METHODS } from './reports';
import { z } from './zod';

// One purchase per report per buyer (decision 0080): the answers of the purchase rule, the
// texts the buyer reads about refunds and failed research, shared by server and client.

/** Why a user may not buy an existing report, or 'available' when they may. */
export const PURCHASE_CHECK_KINDS = [
  'available',
  'not_found',
  'not_for_sale',
  'owned',
  'payment_open',
] as const;
export type PurchaseCheckKind = (typeof PURCHASE_CHECK_KINDS)[number];

export const PURCHASE_RULE_MESSAGES = {
  not_found: 'Report not found',
  not_for_sale: 'This report is not available in the marketplace',
  owned: 'You already own this report',
  payment_open:
    'A payment for this report is already in progress. Complete it, or wait until it expires and try again.',
} as const satisfies Record<Exclude<PurchaseCheckKind, 'available'>, string>;

/** The error code each refusal is answered with (the same on both payment paths). */
export const PURCHASE_RULE_CODE = {
  not_found: 'NOT_FOUND',
  not_for_sale: 'NOT_FOR_SALE',
  owned: 'ALREADY_OWNED',
  payment_open: 'PAYMENT_OPEN',
} as const satisfies Record<Exclude<PurchaseCheckKind, 'available'>, ErrorCode>;

export const purchaseCheckQuerySchema = z.object({
  reportId: z.coerce.number().int().positive().max(MAX_ID),
});

export const purchaseCheckResponseSchema = z.object({
  reportId: z.number().int(),
  kind: z.enum(PURCHASE_CHECK_KINDS),
  /** The refusal's message; null when the report may be bought. */
  message: z.string().nullable(),
});

/** account_deleted: money that arrived after the buyer deleted the account (nobody can open the report). */
export const REFUND_REASONS = ['duplicate_payment', 'research_failed', 'account_deleted'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'due'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** What the buyer reads on a refunded purchase in My Reports: one plain sentence. */
export function refundSentence(input: {
  reason: RefundReason;
  status: RefundStatus;
  paymentMethod: 'card' | 'cardano' | 'credits' | 'x402';
  amount: string;
}): string {
  const amount = `$${Number(input.amount).toFixed(2)}`;
  const why =
    input.reason === 'duplicate_payment'
      ? `You already owned this report, so this second payment of ${amount}`
      : input.reason === 'account_deleted'
        ? `The account was deleted before this payment of ${amount} arrived, so it`
        : `Research could not be completed, so your payment of ${amount}`;
  if (input.paymentMethod === 'credits' || input.paymentMethod === 'x402') {
    return 'Research could not be completed, so the API credit it used has been returned to your balance.';
  }
  if (input.paymentMethod === 'cardano') {
    return `${why} will be returned to the wallet it came from; we will send it shortly.`;
  }
  if (input.status === 'succeeded') return `${why} has been refunded to your card.`;
  if (input.status === 'failed') return `${why} is being refunded; our team is completing it by hand.`;
  return `${why} is being refunded to your card.`;
}

/** Shown on the report page and in My Reports while paid research has failed. */
export const RESEARCH_FAILED_TEXT =
  'Research could not be completed. We have been notified; you will get the report once research succeeds or a refund.';

/** Admin actions on paid reports whose research failed. */
export const ADMIN_PURCHASE_MESSAGES = {
  reportNotFound: 'Report not found',
  notFailed: 'Research for this report has not failed',
  refunded: 'The buyer has been refunded; research is not retried',
  purchaseNotFound: 'Purchase not found',
  notRefundable: 'Only a paid purchase of a report whose research failed can be refunded',
} as const;

export const retryResearchResponseSchema = z.object({
  reportId: z.number().int(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  /** False when research was already queued or running (a repeated click). */
  enqueued: z.boolean(),
});

export const refundResponseSchema = z.object({
  purchaseId: z.number().int(),
  refundId: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
});
export type RefundResponse = z.infer<typeof refundResponseSchema>;
