import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_V1_MESSAGES,
  apiPurchaseSchema,
  buyReportRequestSchema,
  IDEMPOTENCY_KEY_MAX,
  ratingSchema,
  trackRecordResponseSchema,
} from '../../../contract/api-v1';
import {
  assetCoverageSchema,
  assetSearchQuerySchema,
  assetSearchResponseSchema,
} from '../../../contract/assets';
import { apiErrorSchema, idParamSchema, okResponseSchema } from '../../../contract/http';
import { REPORT_PDF_MESSAGES } from '../../../contract/report-pdf';
import { reportChangesQuerySchema, reportChangesResponseSchema } from '../../../contract/versions';
import {
  watchlistAddSchema,
  watchlistAssetParamsSchema,
  watchlistResponseSchema,
} from '../../../contract/watchlist';
import {
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
} from '../../../contract/webhooks';
import type { AppContext } from '../../context';
import { conflict, DomainError, invalid, notFound } from '../../domain/errors';
import { userHasReportAccess } from '../../domain/report-access';
import { loadTrackRecord } from '../../domain/track-record';
import { unwatchAsset } from '../../domain/watchlist';
import { errorBody } from '../../http/errors';
import { contentDisposition } from '../../pdf/file-name';
import { readStoredPdf } from '../../pdf/repository';
import { loadReportPdfState, renderAndStorePdfOnce, stateIsStale } from '../../pdf/store';
import { INCIDENT_LIST_SOURCE, incidentTimeline } from '../../research/sources/incidents';
import { registerKeyAuthentication, requireScope } from './key-auth';
import { type ApiV1Readers, buyReport, ratingOf } from './service';
import { listEndpoints } from './webhook-repository';
import { createWebhook, removeWebhook, toEndpoint, webhookDeliveries } from './webhooks';
import { encodeHeader, paymentRequired, paymentRequirements, X402Refusal, type X402Settlement } from './x402';

const reportParams = z.object({ id: z.string().max(40) });
const assetParams = z.object({ id: z.string().trim().min(1).max(100) });
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const bearer = [{ bearerAuth: [] }];
const TRACK_RECORD_CACHE_MS = 10 * 60_000;

/** /api/v1: the versioned API for programs and agents, authenticated by API keys (decision 0282). */
export async function apiV1Routes(
  app: FastifyInstance,
  ctx: AppContext,
  readers: ApiV1Readers,
  /** Pay per call on Cardano; null when the Cardano setup cannot take it (decision 0285). */
  x402: X402Settlement | null,
) {
  registerKeyAuthentication(app, ctx);
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/api/v1/assets',
    {
      schema: {
        summary: 'Search assets by name or symbol',
        tags: ['v1'],
        security: bearer,
        querystring: assetSearchQuerySchema,
        response: { 200: assetSearchResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireScope(request, 'reports:read');
      return { assets: await readers.searchAssets(request.query.q, request.log) };
    },
  );

  api.get(
    '/api/v1/assets/:id/coverage',
    {
      schema: {
        summary: 'What a new report on the asset would hold: categories with evidence, rated, data date',
        tags: ['v1'],
        security: bearer,
        params: assetParams,
        response: { 200: assetCoverageSchema, ...errors },
      },
    },
    async (request) => {
      requireScope(request, 'reports:read');
      return readers.coverage(request.params.id);
    },
  );

  api.get(
    '/api/v1/reports/:id',
    {
      schema: {
        summary: 'A report you bought, as a rating object',
        tags: ['v1'],
        security: bearer,
        params: reportParams,
        response: { 200: ratingSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireScope(request, 'reports:read');
      return ratingOf(ctx, readers, caller.userId, request.params.id);
    },
  );

  api.get(
    '/api/v1/reports/:id/changes',
    {
      schema: {
        summary: 'What changed since an earlier version of the report',
        tags: ['v1'],
        security: bearer,
        params: reportParams,
        querystring: reportChangesQuerySchema,
        response: { 200: reportChangesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireScope(request, 'reports:read');
      return readers.changes(caller.userId, request.params.id, request.query.since);
    },
  );

  api.get(
    '/api/v1/reports/:id/pdf',
    {
      schema: {
        summary: 'A report you bought, as a PDF file',
        tags: ['v1'],
        security: bearer,
        params: idParamSchema,
        response: { 200: z.any().describe('The report as a PDF file (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'reports:read');
      const reportId = request.params.id;
      const [state, hasAccess] = await Promise.all([
        loadReportPdfState(ctx.db, reportId),
        userHasReportAccess(ctx.db, caller.userId, reportId),
      ]);
      if (!state || !hasAccess) throw notFound(REPORT_PDF_MESSAGES.notFound);
      if (state.status === 'failed') throw conflict(REPORT_PDF_MESSAGES.failed);
      if (state.status !== 'completed') throw conflict(REPORT_PDF_MESSAGES.notReady);
      const stored =
        state.stored?.sha256 && !stateIsStale(state)
          ? await readStoredPdf(ctx.db, reportId, state.stored.sha256)
          : null;
      const pdf = stored ?? (await renderAndStorePdfOnce(ctx, reportId))?.pdf;
      if (!pdf) throw conflict(REPORT_PDF_MESSAGES.notReady);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(state.assetName))
        .send(pdf);
    },
  );

  api.post(
    '/api/v1/reports',
    {
      schema: {
        summary:
          'Buy a new report on an asset (send an Idempotency-Key): with one prepaid credit, or per call with x402 on Cardano (PAYMENT-SIGNATURE)',
        tags: ['v1'],
        security: bearer,
        headers: z.object({
          'idempotency-key': z.string().optional(),
          'payment-signature': z.string().optional(),
        }),
        body: buyReportRequestSchema,
        response: {
          200: apiPurchaseSchema,
          201: apiPurchaseSchema,
          400: apiErrorSchema.passthrough(),
          402: apiErrorSchema.passthrough(),
          422: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'reports:buy');
      const key = request.headers['idempotency-key']?.trim() ?? '';
      if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)
        throw invalid(API_V1_MESSAGES.idempotencyKeyRequired);
      const paymentHeader = request.headers['payment-signature'];
      const resource = `${request.protocol}://${request.host}${request.url}`;
      /** 402 as the x402 v2 HTTP transport answers it: what to pay, and why the last try failed. */
      const paymentRequiredReply = async (status: number, message: string, reason?: string) => {
        if (!x402) throw new DomainError('PAYMENT_REQUIRED', message);
        const required = paymentRequired(
          resource,
          paymentRequirements(x402, await x402.prices()),
          reason ? message : 'PAYMENT-SIGNATURE header is required',
        );
        reply.header('payment-required', encodeHeader(required));
        if (reason) {
          reply.header(
            'payment-response',
            encodeHeader({ success: false, errorReason: reason, network: x402.network }),
          );
        }
        return reply.status(status).send({
          ...errorBody(status, message, undefined, status === 402 ? 'PAYMENT_REQUIRED' : 'VALIDATION'),
          ...required,
        });
      };
      try {
        const result = await buyReport(
          ctx,
          caller.userId,
          request.body.assetId,
          key,
          typeof paymentHeader === 'string' && x402
            ? { kind: 'x402', settlement: x402, header: paymentHeader }
            : { kind: 'credits' },
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        if (result.settled) {
          reply.header(
            'payment-response',
            encodeHeader({
              success: true,
              transaction: result.settled.txHash,
              network: result.settled.network,
              payer: result.settled.payer,
              extensions: { status: result.settled.status },
            }),
          );
        }
        return reply.status(result.replayed ? 200 : 201).send(result.purchase);
      } catch (error) {
        if (error instanceof X402Refusal) {
          const malformed = ['invalid_payload', 'invalid_transaction'].includes(error.reason);
          return paymentRequiredReply(malformed ? 400 : 402, error.message, error.reason);
        }
        if (error instanceof DomainError && error.code === 'PAYMENT_REQUIRED' && x402) {
          return paymentRequiredReply(402, error.message);
        }
        throw error;
      }
    },
  );

  const incidentList = incidentTimeline();
  let trackRecord: { at: number; record: ReturnType<typeof loadTrackRecord> } | null = null;
  api.get(
    '/api/v1/track-record',
    {
      schema: {
        summary: 'The public track record: what happened to assets after their reports, by band',
        tags: ['v1'],
        security: bearer,
        response: { 200: trackRecordResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireScope(request, 'reports:read');
      if (!trackRecord || Date.now() - trackRecord.at > TRACK_RECORD_CACHE_MS) {
        const dataset = INCIDENT_LIST_SOURCE.dataset;
        const record = loadTrackRecord(
          ctx.db,
          incidentList,
          typeof dataset === 'object'
            ? `${dataset.name} @ ${dataset.version.slice(0, 7)} and the curated incident list`
            : 'curated incident list',
        );
        record.catch(() => {
          trackRecord = null;
        });
        trackRecord = { at: Date.now(), record };
      }
      return trackRecord.record;
    },
  );

  api.get(
    '/api/v1/webhooks',
    {
      schema: {
        summary: 'Your webhook endpoints',
        tags: ['v1'],
        security: bearer,
        response: { 200: webhookListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireScope(request, 'webhooks');
      return { endpoints: (await listEndpoints(ctx.db, caller.userId)).map(toEndpoint) };
    },
  );

  api.post(
    '/api/v1/webhooks',
    {
      schema: {
        summary:
          'Register an HTTPS endpoint for report.completed and watchlist.changed (the secret is shown once)',
        tags: ['v1'],
        security: bearer,
        body: createWebhookSchema,
        response: { 201: createdWebhookSchema, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = requireScope(request, 'webhooks');
      return reply.status(201).send(await createWebhook(ctx, caller.userId, request.body));
    },
  );

  api.delete(
    '/api/v1/webhooks/:id',
    {
      schema: {
        summary: 'Remove a webhook endpoint',
        tags: ['v1'],
        security: bearer,
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireScope(request, 'webhooks');
      await removeWebhook(ctx, caller.userId, request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      schema: {
        summary: "An endpoint's recent deliveries with the endpoint's answers",
        tags: ['v1'],
        security: bearer,
        params: idParamSchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = requireScope(request, 'webhooks');
      return { deliveries: await webhookDeliveries(ctx, caller.userId, request.params.id) };
    },
  );

  api.get(
    '/api/v1/watchlist',
    {
      schema: {
        summary: 'Your watchlist',
        tags: ['v1'],
        security: bearer,
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) => readers.watchlist(requireScope(request, 'watchlist').userId),
  );

  api.post(
    '/api/v1/watchlist',
    {
      schema: {
        summary: 'Watch an asset that a completed report covers',
        tags: ['v1'],
        security: bearer,
        body: watchlistAddSchema,
        response: { 201: watchlistResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = requireScope(request, 'watchlist');
      await readers.watch(userId, request.body.assetId);
      return reply.status(201).send(await readers.watchlist(userId));
    },
  );

  api.delete(
    '/api/v1/watchlist/:assetId',
    {
      schema: {
        summary: 'Stop watching an asset',
        tags: ['v1'],
        security: bearer,
        params: watchlistAssetParamsSchema,
        response: { 200: watchlistResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = requireScope(request, 'watchlist');
      await unwatchAsset(ctx.db, userId, request.params.assetId);
      return readers.watchlist(userId);
    },
  );
}
