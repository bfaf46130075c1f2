import { z } from './zod';

// Card disputes in the admin's list (decision 0304).

export const adminDisputeSchema = z.object({
  id: z.number().int(),
  stripeDisputeId: z.string(),
  purchaseId: z.number().int().nullable(),
  /** Major units, e.g. "4.99". */
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  status: z.string(),
  evidenceDueBy: z.string().nullable(),
  accessRevokedAt: z.string().nullable(),
  /** When "Submit evidence" sent the evidence to Stripe; null until then. */
  evidenceSubmittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;
export const adminDisputeListSchema = z.array(adminDisputeSchema);

/** The refund policy as the terms of service state it, sent as dispute evidence. */
export const REFUND_POLICY_TEXT =
  'If we cannot produce a report you paid for, you may choose a refund or a new attempt. Because a report is delivered as soon as it is generated, a completed report is otherwise not refundable. Blockchain payments are refunded in the currency received, to an address you give us.';

export const DISPUTE_MESSAGES = {
  notFound: 'Dispute not found',
  alreadySubmitted: 'Evidence for this dispute has already been submitted',
  noPurchase: 'This dispute matches no purchase of this store, so there is no evidence to submit',
  cardUnavailable: 'Card payments are not connected to Stripe, so evidence cannot be submitted',
} as const;

export const submitEvidenceResponseSchema = z.object({
  disputeId: z.number().int(),
  submittedAt: z.string(),
  evidence: z.record(z.string(), z.string()),
});
