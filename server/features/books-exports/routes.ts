import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booksExportParamsSchema, booksExportQuerySchema } from '../../../contract/books-exports';
import type { AppContext } from '../../context';
import { booksExport } from './service';

/** GET /api/admin/exports/:kind?from=&to= (admin only, by the /api/admin prefix): the books as files. */
export async function booksExportRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/exports/:kind',
    {
      schema: {
        params: booksExportParamsSchema,
        querystring: booksExportQuerySchema,
        response: { 200: z.string().describe('CSV with a header row, or an hledger journal') },
      },
    },
    async (request, reply) => {
      const file = await booksExport(ctx, request.params.kind, request.query);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
}
