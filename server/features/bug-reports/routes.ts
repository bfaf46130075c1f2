import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BUG_REPORT_RATE_LIMIT,
  bugReportCreatedSchema,
  bugReportRequestSchema,
} from '../../../contract/bug-reports';
import type { AppContext } from '../../context';
import { insertBugReport } from './repository';

// The session is resolved in an earlier onRequest hook, so the user id is known here; a
// signed-out caller (refused with 401 right after) is counted by address.
const byUser = (request: FastifyRequest) =>
  request.user ? `bug-report:user:${request.user.id}` : `bug-report:ip:${request.ip}`;

/** Bug reports filed by signed-in users. */
export async function bugReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/bug-report',
    {
      schema: { body: bugReportRequestSchema, response: { 201: bugReportCreatedSchema } },
      config: { rateLimit: { ...BUG_REPORT_RATE_LIMIT, keyGenerator: byUser } },
    },
    async (request, reply) => {
      // The guard has refused signed-out callers before the handler runs.
      const created = await insertBugReport(ctx.db, request.user!.id, request.body);
      request.log.info({ bugReportId: created.id }, 'bug report filed');
      return reply.status(201).send({ success: true as const, id: created.id, status: created.status });
    },
  );
}
