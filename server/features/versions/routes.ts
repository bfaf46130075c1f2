import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reportChangesQuerySchema,
  reportChangesResponseSchema,
  reportVersionsResponseSchema,
} from '../../../contract/versions';
import type { AppContext } from '../../context';
import { requireUserId } from '../../http/signed-in';
import { reportChanges, reportVersions } from './service';

const idParams = z.object({ id: z.string().max(40) });

/** Report series: the versions of an asset's report and what changed between them. */
export async function versionRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/reports/:id/versions',
    { schema: { params: idParams, response: { 200: reportVersionsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportVersions(ctx.db, requireUserId(request), request.params.id);
    },
  );

  api.get(
    '/api/reports/:id/changes',
    {
      schema: {
        params: idParams,
        querystring: reportChangesQuerySchema,
        response: { 200: reportChangesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reportChanges(ctx.db, requireUserId(request), request.params.id, request.query.since);
    },
  );
}
