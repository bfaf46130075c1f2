import { REPORT_STATUSES } from './reports';
import { z } from './zod';

/** POST /api/research answer: the report of the caller's paid new-report purchase. */
export const researchStartResponseSchema = z.object({
  reportId: z.number(),
  /** 'started' when this call started the research; 'already_started' when it was running or done. */
  state: z.enum(['started', 'already_started']),
  report_status: z.enum(REPORT_STATUSES),
});
export type ResearchStartResponse = z.infer<typeof researchStartResponseSchema>;

export const RESEARCH_MESSAGES = {
  noPurchase: 'No paid new-report purchase for this asset was found. Buy the report first.',
  paymentPending: 'The payment for this report is not confirmed yet. Research starts as soon as it is.',
} as const;

/** One server-sent event of GET /api/reports/{id}/events (event name "report"). */
export const reportEventSchema = z.object({
  status: z.enum(REPORT_STATUSES),
  composite_score: z.string(),
  progress: z.array(
    z.object({
      category_key: z.string(),
      status: z.enum(REPORT_STATUSES),
      score: z.string().nullable(),
    }),
  ),
});
export type ReportEvent = z.infer<typeof reportEventSchema>;
