import { queryOptions } from '@tanstack/react-query';
import {
  adminRefundListSchema,
  failedReportListSchema,
  flaggedPaymentListSchema,
  unmatchedIncomingListSchema,
} from '../../../contract/admin';
import {
  adminBugReportListSchema,
  adminBugReportSchema,
  type BugStatus,
} from '../../../contract/bug-reports';
import { adminDisputeListSchema, submitEvidenceResponseSchema } from '../../../contract/disputes';
import { refundResponseSchema, retryResearchResponseSchema } from '../../../contract/purchases';
import { getJson, sendJson } from '../../lib/api';

// Every admin request, each answer checked against the schema its server route declares
// (server/features/admin/routes.ts).

export const bugReportsQuery = queryOptions({
  queryKey: ['admin', 'bug-reports'],
  queryFn: ({ signal }) => getJson('/api/admin/bug-reports', adminBugReportListSchema, signal),
});

export const failedReportsQuery = queryOptions({
  queryKey: ['admin', 'failed-reports'],
  queryFn: ({ signal }) => getJson('/api/admin/failed-reports', failedReportListSchema, signal),
});

export const openRefundsQuery = queryOptions({
  queryKey: ['admin', 'refunds'],
  queryFn: ({ signal }) => getJson('/api/admin/refunds', adminRefundListSchema, signal),
});

export const flaggedPaymentsQuery = queryOptions({
  queryKey: ['admin', 'flagged-payments'],
  queryFn: ({ signal }) => getJson('/api/admin/flagged-payments', flaggedPaymentListSchema, signal),
});

export const unmatchedIncomingQuery = queryOptions({
  queryKey: ['admin', 'unmatched-incoming'],
  queryFn: ({ signal }) => getJson('/api/admin/unmatched-incoming', unmatchedIncomingListSchema, signal),
});

/** Moves a bug report to another status; answers with the report as it now is. */
export function updateBugReportStatus(bugReportId: number, status: BugStatus) {
  return sendJson('PATCH', `/api/admin/bug-reports/${bugReportId}`, { status }, adminBugReportSchema);
}

/** Queues failed research again (a repeat while it is queued or running enqueues nothing). */
export function retryResearch(reportId: number) {
  return sendJson(
    'POST',
    `/api/admin/reports/${reportId}/retry-research`,
    undefined,
    retryResearchResponseSchema,
  );
}

/** Refunds a paid purchase: sent through the card provider, or recorded as due for Cardano. */
export function refundPurchase(purchaseId: number) {
  return sendJson('POST', `/api/admin/purchases/${purchaseId}/refund`, undefined, refundResponseSchema);
}

export const disputesQuery = queryOptions({
  queryKey: ['admin', 'disputes'],
  queryFn: ({ signal }) => getJson('/api/admin/disputes', adminDisputeListSchema, signal),
});

/** Sends the store's evidence for a card dispute to Stripe (once; a second time answers 409). */
export function submitDisputeEvidence(disputeId: number) {
  return sendJson(
    'POST',
    `/api/admin/disputes/${disputeId}/submit-evidence`,
    undefined,
    submitEvidenceResponseSchema,
  );
}
