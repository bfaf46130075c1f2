import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../contract/http';
import {
  accountingDocumentListSchema,
  vatPreviewRequestSchema,
  vatPreviewSchema,
} from '../../../contract/invoices';
import type { AppContext } from '../../context';
import { requireUserId } from '../../http/signed-in';
import { creditNotePdf, invoicePdf, listAccountingDocuments, previewCheckoutVat } from './service';

/** The signed-in buyer's invoices and credit notes (decision 0300): the list and each PDF; the checkout's VAT preview. */
export async function invoiceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/invoices',
    { schema: { response: { 200: accountingDocumentListSchema } } },
    async (request) => listAccountingDocuments(ctx, requireUserId(request)),
  );

  // Before paying: the VAT in the price for the country the buyer states (decision 0305).
  api.post(
    '/api/checkout/vat-preview',
    { schema: { body: vatPreviewRequestSchema, response: { 200: vatPreviewSchema } } },
    async (request) => {
      requireUserId(request);
      return previewCheckoutVat(ctx, request.body);
    },
  );

  const pdfSchema = {
    params: idParamSchema,
    response: { 200: z.any().describe('The document as a PDF file') },
  };
  api.get('/api/account/invoices/:id/pdf', { schema: pdfSchema }, async (request, reply) => {
    const { fileName, pdf } = await invoicePdf(ctx, requireUserId(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
  api.get('/api/account/credit-notes/:id/pdf', { schema: pdfSchema }, async (request, reply) => {
    const { fileName, pdf } = await creditNotePdf(ctx, requireUserId(request), request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
