import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminRefundListSchema,
  failedReportListSchema,
  flaggedPaymentListSchema,
  unmatchedIncomingListSchema,
} from '../../../contract/admin';
import {
  type AdminBugReport,
  adminBugReportListSchema,
  adminBugReportSchema,
  bugStatusUpdateSchema,
} from '../../../contract/bug-reports';
import { idParamSchema } from '../../../contract/http';
import { refundResponseSchema, retryResearchResponseSchema } from '../../../contract/purchases';
import type { AppContext } from '../../context';
import {
  listBugReports,
  listFailedReports,
  listFlaggedPayments,
  listOpenRefunds,
  listUnmatchedIncoming,
} from './repository';
import { changeBugReportStatus, refundPurchase, retryResearch } from './service';

type BugReportRow = Awaited<ReturnType<typeof listBugReports>>[number];

function toAdminBugReport({ report, user }: BugReportRow): AdminBugReport {
  return {
    id: report.id,
    title: report.title,
    description: report.description,
    status: report.status,
    category: report.category,
    name: report.name,
    email: report.email,
    steps: report.steps,
    expected: report.expected,
    actual: report.actual,
    browser: report.browser,
    device: report.device,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    user: user ? { username: user.username, email: user.email } : null,
  };
}

/**
 * Admin views (bug reports, reports that failed, refunds, flagged payments) and the actions on
 * failed paid research. The guard admits user id 1 only.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/bug-reports', { schema: { response: { 200: adminBugReportListSchema } } }, async () =>
    (await listBugReports(ctx.db)).map(toAdminBugReport),
  );

  api.patch(
    '/api/admin/bug-reports/:id',
    {
      schema: {
        params: idParamSchema,
        body: bugStatusUpdateSchema,
        response: { 200: adminBugReportSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const row = await changeBugReportStatus(ctx, id, request.body.status);
      request.log.info({ bugReportId: id, status: request.body.status }, 'bug report status changed');
      return toAdminBugReport(row);
    },
  );

  api.get('/api/admin/failed-reports', { schema: { response: { 200: failedReportListSchema } } }, async () =>
    (await listFailedReports(ctx.db)).map((row) => ({
      id: row.id,
      assetName: row.assetName,
      failureReason: row.failureReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      purchase:
        row.purchaseId !== null && row.purchaseStatus && row.amount && row.paymentMethod
          ? {
              id: row.purchaseId,
              status: row.purchaseStatus,
              amount: row.amount,
              paymentMethod: row.paymentMethod,
              buyer: { username: row.username ?? 'Unknown', email: row.email ?? '' },
              refundStatus: row.refundStatus,
            }
          : null,
    })),
  );

  api.post(
    '/api/admin/reports/:id/retry-research',
    { schema: { params: idParamSchema, response: { 200: retryResearchResponseSchema } } },
    async (request) => retryResearch(ctx, request.params.id),
  );

  api.post(
    '/api/admin/purchases/:id/refund',
    { schema: { params: idParamSchema, response: { 200: refundResponseSchema } } },
    async (request) => refundPurchase(ctx, request.params.id),
  );

  api.get('/api/admin/refunds', { schema: { response: { 200: adminRefundListSchema } } }, async () =>
    (await listOpenRefunds(ctx.db)).map(({ refund, user }) => ({
      id: refund.id,
      purchaseId: refund.purchaseId,
      reason: refund.reason,
      status: refund.status,
      paymentMethod: refund.paymentMethod,
      usdAmount: refund.usdAmount,
      currency: refund.currency,
      quantity: refund.quantity,
      cardanoPaymentId: refund.cardanoPaymentId,
      destinationAddress: refund.destinationAddress,
      failureReason: refund.failureReason,
      createdAt: refund.createdAt.toISOString(),
      user,
    })),
  );

  api.get(
    '/api/admin/flagged-payments',
    { schema: { response: { 200: flaggedPaymentListSchema } } },
    async () =>
      (await listFlaggedPayments(ctx.db)).map(({ payment, underPaid, user }) => ({
        id: payment.id,
        reportId: payment.reportId,
        currency: payment.currency,
        amount: payment.amount,
        expectedQuantity: payment.expectedQuantity,
        receivedQuantity: payment.receivedQuantity,
        status: payment.status,
        paidLate: payment.paidLate,
        underPaid,
        createdAt: payment.createdAt.toISOString(),
        expiresAt: payment.expiresAt.toISOString(),
        user,
      })),
  );

  api.get(
    '/api/admin/unmatched-incoming',
    { schema: { response: { 200: unmatchedIncomingListSchema } } },
    async () =>
      (await listUnmatchedIncoming(ctx.db)).map(({ incoming, currency, user }) => ({
        id: incoming.id,
        paymentId: incoming.paymentId,
        classification: incoming.classification as 'late' | 'duplicate' | 'surplus',
        currency,
        quantity: incoming.quantity,
        txHash: incoming.txHash,
        senderAddress: incoming.senderAddress,
        blockTime: incoming.blockTime.toISOString(),
        user,
      })),
  );
}
