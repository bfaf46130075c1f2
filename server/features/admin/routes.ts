import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  failedReportListSchema,
  flaggedPaymentListSchema,
  unmatchedIncomingListSchema,
} from '../../../contract/admin';
import {
  type AdminBugReport,
  adminBugReportListSchema,
  adminBugReportSchema,
  BUG_MESSAGES,
  bugStatusUpdateSchema,
} from '../../../contract/bug-reports';
import { idParamSchema } from '../../../contract/http';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import {
  findBugReport,
  listBugReports,
  listFailedReports,
  listFlaggedPayments,
  listUnmatchedIncoming,
  updateBugReportStatus,
} from './repository';

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

/** Admin views (bug reports, reports that failed, flagged payments). The guard admits user id 1 only. */
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
      const found = await updateBugReportStatus(ctx.db, id, request.body.status);
      if (!found) throw notFound(BUG_MESSAGES.notFound);
      request.log.info({ bugReportId: id, status: request.body.status }, 'bug report status changed');
      const row = await findBugReport(ctx.db, id);
      if (!row) throw notFound(BUG_MESSAGES.notFound);
      return toAdminBugReport(row);
    },
  );

  api.get('/api/admin/failed-reports', { schema: { response: { 200: failedReportListSchema } } }, async () =>
    (await listFailedReports(ctx.db)).map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
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
