import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetCoverageParamsSchema,
  assetCoverageSchema,
  assetSearchQuerySchema,
  assetSearchResponseSchema,
} from '../../../contract/assets';
import { reportResponseSchema, researchRequestSchema } from '../../../contract/reports';
import { reportStreamLimitMessage, researchStartResponseSchema } from '../../../contract/research';
import type { WebContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { logReportAccess } from '../../domain/report-access';
import { etagMatches, etagOf, notModifiedSchema } from '../../http/etag';
import { rateLimits, reportEventStreamLimit } from '../../http/rate-limits';
import { requireUserId } from '../../http/signed-in';
import { ReportStreams } from './event-streams';
import { findReport } from './repository';
import {
  accessibleReport,
  coverageOfAsset,
  reportResponse,
  startResearchForPurchase,
  suggestAssets,
} from './service';

/** Streams end at this age and the browser reconnects, so a slot never outlives it by much. */
const REPORT_STREAM_MAX_AGE_MS = 15 * 60_000;

const idParams = z.object({ id: z.string().max(40) });

/** Research reports: report view, progress events, research start, asset search. */
export async function reportRoutes(app: FastifyInstance, ctx: WebContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { sources } = ctx.research;
  const streams = new ReportStreams({
    load: async (reportId) => {
      const report = await findReport(ctx.db, reportId);
      return report ? reportResponse(ctx.db, report) : null;
    },
    feed: ctx.changes,
    log: ctx.log,
    slots: ctx.limits.streamSlots(reportEventStreamLimit(ctx.config), REPORT_STREAM_MAX_AGE_MS + 60_000),
    maxAgeMs: REPORT_STREAM_MAX_AGE_MS,
  });
  // Open event streams end when the server shuts down instead of holding it up.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
    streams.close();
  });

  api.get(
    '/api/reports/:id',
    { schema: { params: idParams, response: { 200: reportResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const report = await accessibleReport(ctx.db, userId, request.params.id);
      // A completed report read is a view in the access log; progress polls before that are not.
      if (report.status === 'completed') {
        await logReportAccess(ctx.db, { userId, reportId: report.id, kind: 'view', ipAddress: request.ip });
      }
      reply.header('cache-control', 'no-store');
      return reportResponse(ctx.db, report);
    },
  );

  // Server-sent events: one "report" event (the report as GET /api/reports/:id answers it)
  // whenever its status or a progress row changes, until it is completed or failed. Changes
  // are pushed by the change feed; no stream queries the database on its own.
  api.get('/api/reports/:id/events', { schema: { params: idParams } }, async (request, reply) => {
    const report = await accessibleReport(ctx.db, requireUserId(request), request.params.id);
    const userId = requireUserId(request);
    const restarting = () =>
      new DomainError('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.');
    if (shuttingDown) throw restarting();
    const slot = await streams.reserve(userId);
    if (!slot) {
      throw new DomainError('RATE_LIMITED', reportStreamLimitMessage(reportEventStreamLimit(ctx.config)));
    }
    // Taking the slot may wait on Redis: the server may have begun to close, or the browser may
    // have left, meanwhile. Either way the stream never opens, so its slot goes back at once.
    if (shuttingDown || request.raw.destroyed) {
      streams.release(userId, slot);
      if (shuttingDown) throw restarting();
      return reply.hijack();
    }
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 3000\n\n');
    const close = streams.open({
      userId,
      slot,
      reportId: report.id,
      openedAt: Date.now(),
      write: (text) => out.write(text),
      end: () => out.end(),
    });
    request.raw.on('close', close);
  });

  api.post(
    '/api/research',
    {
      schema: {
        body: researchRequestSchema,
        response: { 200: researchStartResponseSchema, 201: researchStartResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await startResearchForPurchase(
        ctx.db,
        ctx.queue,
        requireUserId(request),
        request.body.asset_name,
      );
      // 201 when this request created the report, 200 when it already existed.
      return reply.status(result.state === 'started' ? 201 : 200).send(result);
    },
  );

  api.get(
    '/api/assets/search',
    {
      schema: { querystring: assetSearchQuerySchema, response: { 200: assetSearchResponseSchema } },
      config: { rateLimit: rateLimits(ctx.config).assetSearch },
    },
    async (request) => ({
      assets: await suggestAssets({ db: ctx.db, sources, log: request.log }, request.query.q),
    }),
  );

  // Public and the same for everyone: shared caches may keep it for an hour, then revalidate.
  api.get(
    '/api/assets/:id/coverage',
    {
      schema: {
        params: assetCoverageParamsSchema,
        response: { 200: assetCoverageSchema, 304: notModifiedSchema },
      },
      config: { rateLimit: rateLimits(ctx.config).assetSearch },
    },
    async (request, reply) => {
      const coverage = await coverageOfAsset(sources, request.params.id);
      const etag = etagOf(coverage);
      reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined);
      return coverage;
    },
  );
}
