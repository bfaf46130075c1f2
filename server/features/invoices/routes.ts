import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../contract/http';
import {
  accountingDocumentListSchema,
  vatPreviewRequestSchema,
  vatPreviewSchema,
} from '../../../contract/invoices';
import type { AppContext } from '../../context';
import { checkoutOriginOf } from '../../domain/tax/checkout-evidence';
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
      const { ipCountry } = checkoutOriginOf(request, ctx.config.TRUST_CF_IPCOUNTRY);
      return previewCheckoutVat(ctx, request.body, ipCountry);
    },
  );

  const pdfSchema = {
    params: idParamSchema,
    response: { 200: z.any().describe('The document as a PDF file') },
  };
  /** A buyer's own document, downloaded as INV-000001.pdf or CN-000001.pdf and never cached. */
  const sendDocument = (reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  api.get('/api/account/invoices/:id/pdf', { schema: pdfSchema }, async (request, reply) =>
    sendDocument(reply, await invoicePdf(ctx, requireUserId(request), request.params.id)),
  );
  api.get('/api/account/credit-notes/:id/pdf', { schema: pdfSchema }, async (request, reply) =>
    sendDocument(reply, await creditNotePdf(ctx, requireUserId(request), request.params.id)),
  );
}
