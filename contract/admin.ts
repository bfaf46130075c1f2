import { REFUND_REASONS, REFUND_STATUSES } from './purchases';
import { PAYMENT_METHODS } from './reports';
import { z } from './zod';

// What needs a person: research that failed (with its buyer, to retry or refund), refunds not
// yet settled, and Cardano payments the chain watcher flagged (arrived after expiry, or less
// than the quoted amount arrived).

/** A refund as the admin reads it: what goes back, how, and where (Cardano). */
export const adminRefundSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  usdAmount: z.string(),
  /** usd (cents), ADA (lovelace) or NATIVE_TOKEN (token units). */
  currency: z.string(),
  /** Base units as an integer string. */
  quantity: z.string(),
  /** The Cardano payment refunded; its incoming transaction names the sender. */
  cardanoPaymentId: z.number().int().nullable(),
  /** Where to send a Cardano refund; null until the sender address is known. */
  destinationAddress: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ username: z.string(), email: z.string() }),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;
export const adminRefundListSchema = z.array(adminRefundSchema);

export const failedReportSchema = z.object({
  id: z.number().int(),
  assetName: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The paid purchase of this report (null for a report nobody paid for). */
  purchase: z
    .object({
      id: z.number().int(),
      status: z.string(),
      amount: z.string(),
      paymentMethod: z.enum(PAYMENT_METHODS),
      buyer: z.object({ username: z.string(), email: z.string() }),
      refundStatus: z.enum(REFUND_STATUSES).nullable(),
    })
    .nullable(),
});
export type FailedReport = z.infer<typeof failedReportSchema>;
export const failedReportListSchema = z.array(failedReportSchema);

export const flaggedPaymentSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int().nullable(),
  currency: z.enum(['ADA', 'NATIVE_TOKEN']),
  /** Expected amount in display units (ADA or whole tokens). */
  amount: z.string(),
  /** Base units (lovelace or token units) as integer strings. */
  expectedQuantity: z.string(),
  receivedQuantity: z.string(),
  status: z.enum(['pending', 'confirmed', 'expired']),
  paidLate: z.boolean(),
  underPaid: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  user: z.object({ username: z.string(), email: z.string() }),
});
export type FlaggedPayment = z.infer<typeof flaggedPaymentSchema>;
export const flaggedPaymentListSchema = z.array(flaggedPaymentSchema);

/** Money that reached a payment address but did not pay for anything: late, duplicate, surplus. */
export const unmatchedIncomingSchema = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  classification: z.enum(['late', 'duplicate', 'surplus']),
  currency: z.enum(['ADA', 'NATIVE_TOKEN']),
  /** Base units (lovelace or token units) as an integer string. */
  quantity: z.string(),
  txHash: z.string(),
  senderAddress: z.string().nullable(),
  blockTime: z.string(),
  user: z.object({ username: z.string(), email: z.string() }),
});
export type UnmatchedIncoming = z.infer<typeof unmatchedIncomingSchema>;
export const unmatchedIncomingListSchema = z.array(unmatchedIncomingSchema);

/** How many rows an attention list returns at most (newest first). */
export const ATTENTION_LIST_LIMIT = 100;
