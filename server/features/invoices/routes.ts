import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { idParamSchema } from '../../../contract/http';
import { accountingDocumentListSchema } from '../../../contract/invoices';
import type { AppContext } from '../../context';
import { unauthenticated } from '../../domain/errors';
import { creditNotePdf, invoicePdf, listAccountingDocuments } from './service';

/** The signed-in buyer's invoices and credit notes (decision 0300): the list and each PDF. */
export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const userIdOf = (request: { user?: { id: number } | null }) => {
    if (!request.user) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
    return request.user.id;
  };

  api.get(
    '/api/account/invoices',
    { schema: { response: { 200: accountingDocumentListSchema } } },
    async (request) => listAccountingDocuments(ctx, userIdOf(request)),
  );

  const pdfSchema = {
    params: idParamSchema,
    response: { 200: z.any().describe('The document as a PDF file') },
  };
  api.get('/api/account/invoices/:id/pdf', { schema: pdfSchema }, async (request, reply) => {
    const { fileName, pdf } = await invoicePdf(ctx, userIdOf(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  api.get('/api/account/credit-notes/:id/pdf', { schema: pdfSchema }, async (request, reply) => {
    const { fileName, pdf } = await creditNotePdf(ctx, userIdOf(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
