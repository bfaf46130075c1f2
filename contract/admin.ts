import { z } from './zod';

// What needs a person (read-only admin lists): research that failed, and Cardano payments the
// chain watcher flagged (arrived after expiry, or less than the quoted amount arrived).

export const failedReportSchema = z.object({
  id: z.number().int(),
  assetName: z.string(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
