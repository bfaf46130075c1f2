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
  createdAt: z.string(),
});
export const adminDisputeListSchema = z.array(adminDisputeSchema);
