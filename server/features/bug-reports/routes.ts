import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bugReportCreatedSchema, bugReportRequestSchema } from '../../../contract/bug-reports';
import type { AppContext } from '../../context';
import { rateLimits } from '../../http/rate-limits';
import { requireUserId } from '../../http/signed-in';
import { insertBugReport } from './repository';

/** Bug reports filed by signed-in users. */
export async function bugReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/bug-report',
    {
      schema: { body: bugReportRequestSchema, response: { 201: bugReportCreatedSchema } },
      config: { rateLimit: rateLimits(ctx.config).bugReport },
    },
    async (request, reply) => {
      // The guard has refused signed-out callers before the handler runs.
      const created = await insertBugReport(ctx.db, requireUserId(request), request.body);
      request.log.info({ bugReportId: created.id }, 'bug report filed');
      return reply.status(201).send({ success: true as const, id: created.id, status: created.status });
    },
  );
}
