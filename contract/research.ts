import { REPORT_STATUSES, type ReportResponse, reportResponseSchema } from './reports';
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

/**
 * One server-sent event of GET /api/reports/{id}/events (event name "report"): the report as
 * GET /api/reports/{id} answers it, sent whenever its status or a progress row changes, so the
 * page takes its state from the event without fetching the report again.
 */
export const reportEventSchema = reportResponseSchema;
export type ReportEvent = ReportResponse;

/** 429 answer when a user already has the allowed number of live report views open. */
export const reportStreamLimitMessage = (limit: number) =>
  `You already have ${limit} live report views open. Close one of them, or wait: this page still updates every few seconds.`;
