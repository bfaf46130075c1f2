import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { idParamSchema } from '../../../contract/http';
import { REPORT_PDF_MESSAGES } from '../../../contract/report-pdf';
import type { AppContext } from '../../context';
import { conflict, notFound, unauthenticated } from '../../domain/errors';
import { logReportAccess, userHasReportAccess } from '../../domain/report-access';
import { notModified, notModifiedSchema } from '../../http/etag';
import { PdfByteCache } from '../../pdf/byte-cache';
import { contentDisposition } from '../../pdf/file-name';
import { readStoredPdf } from '../../pdf/repository';
import { loadReportPdfState, renderAndStorePdfOnce, stateIsStale } from '../../pdf/store';

const BYTE_CACHE_LIMIT = 32 * 1024 * 1024;

/** GET /api/reports/:id/pdf: the stored PDF of a completed report the caller bought. */
export async function reportPdfRoutes(app: FastifyInstance, ctx: AppContext) {
  const cache = new PdfByteCache(BYTE_CACHE_LIMIT);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/reports/:id/pdf',
    {
      schema: {
        params: idParamSchema,
        response: {
          200: z.any().describe('The report as a PDF file (application/pdf)'),
          304: notModifiedSchema,
        },
      },
    },
    async (request, reply) => {
      // The access guard has already refused signed-out callers, for GET and for Fastify's
      // automatic HEAD route alike (see auth/guard.ts); this check keeps the type narrow.
      const user = request.user;
      if (!user) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
      const reportId = request.params.id;
      const [state, hasAccess] = await Promise.all([
        loadReportPdfState(ctx.db, reportId),
        userHasReportAccess(ctx.db, user.id, reportId),
      ]);
      if (!state || !hasAccess) throw notFound(REPORT_PDF_MESSAGES.notFound);
      if (state.status === 'failed') throw conflict(REPORT_PDF_MESSAGES.failed);
      if (state.status !== 'completed') throw conflict(REPORT_PDF_MESSAGES.notReady);
      await logReportAccess(ctx.db, {
        userId: user.id,
        reportId,
        kind: 'pdf_download',
        ipAddress: request.ip,
      });

      let sha256 = state.stored?.sha256;
      let pdf: Buffer | null | undefined;
      if (!sha256 || stateIsStale(state)) {
        const rendered = await renderAndStorePdfOnce(ctx, reportId);
        if (!rendered) throw conflict(REPORT_PDF_MESSAGES.notReady);
        request.log.info({ reportId, sizeBytes: rendered.sizeBytes }, 'report PDF rendered on demand');
        sha256 = rendered.sha256;
        pdf = rendered.pdf;
        cache.set(sha256, pdf);
      }

      // Access-checked content: browsers may keep it but must revalidate (a cheap 304).
      if (notModified(request, reply, `"${sha256}"`)) return reply.code(304).send(undefined);

      pdf ??= cache.get(sha256) ?? (await readStoredPdf(ctx.db, reportId, sha256));
      if (!pdf) {
        // Replaced by a concurrent re-render between the two reads: serve the current file.
        const rendered = await renderAndStorePdfOnce(ctx, reportId);
        if (!rendered) throw conflict(REPORT_PDF_MESSAGES.notReady);
        pdf = rendered.pdf;
        sha256 = rendered.sha256;
        reply.header('ETag', `"${sha256}"`);
      }
      cache.set(sha256, pdf);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(state.assetName))
        .send(pdf);
    },
  );
}
