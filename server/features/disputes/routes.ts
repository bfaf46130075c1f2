import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDisputeListSchema, submitEvidenceResponseSchema } from '../../../contract/disputes';
import { idParamSchema } from '../../../contract/http';
import type { AppContext } from '../../context';
import { fromCents } from '../../domain/money';
import { listDisputes } from './repository';
import { submitDisputeEvidence } from './service';

/** The admin's disputes (admin only, by the /api/admin prefix): the list, newest first, and Submit evidence. */
export async function disputeRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/admin/disputes', { schema: { response: { 200: adminDisputeListSchema } } }, async () =>
      (await listDisputes(ctx.db)).map((row) => ({
        id: row.id,
        stripeDisputeId: row.stripeDisputeId,
        purchaseId: row.purchaseId,
        amount: fromCents(row.amount),
        currency: row.currency.toUpperCase(),
        reason: row.reason,
        status: row.status,
        evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
        accessRevokedAt: row.accessRevokedAt?.toISOString() ?? null,
        evidenceSubmittedAt: row.evidenceSubmittedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
    );

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/admin/disputes/:id/submit-evidence',
      { schema: { params: idParamSchema, response: { 200: submitEvidenceResponseSchema } } },
      async (request) => submitDisputeEvidence(ctx, request.params.id),
    );
}
