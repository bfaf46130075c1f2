import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSearchQuerySchema, assetSearchResponseSchema } from '../../../contract/assets';
import { reportResponseSchema, researchRequestSchema } from '../../../contract/reports';
import { reportStreamLimitMessage, researchStartResponseSchema } from '../../../contract/research';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { sourcesFromConfig } from '../../research/sources/live';
import { searchSnapshot } from '../../research/sources/snapshot';
import { ReportStreams } from './event-streams';
import { findReport } from './repository';
import { accessibleReport, reportResponse, startResearchForPurchase } from './service';

const idParams = z.object({ id: z.string().max(40) });

/** Research reports: report view, progress events, research start, asset search. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sources = sourcesFromConfig(ctx.config);
  const streams = new ReportStreams({
    load: async (reportId) => {
      const report = await findReport(ctx.db, reportId);
      return report ? reportResponse(ctx.db, report) : null;
    },
    feed: app.changes,
    log: ctx.log,
    perUserLimit: ctx.config.REPORT_STREAMS_PER_USER,
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
      const report = await accessibleReport(ctx.db, request.user!.id, request.params.id);
      reply.header('cache-control', 'no-store');
      return reportResponse(ctx.db, report);
    },
  );

  // Server-sent events: one "report" event (the report as GET /api/reports/:id answers it)
  // whenever its status or a progress row changes, until it is completed or failed. Changes
  // are pushed by the change feed; no stream queries the database on its own.
  api.get('/api/reports/:id/events', { schema: { params: idParams } }, async (request, reply) => {
    const report = await accessibleReport(ctx.db, request.user!.id, request.params.id);
    const userId = request.user!.id;
    if (shuttingDown) throw new HttpError(503, 'The server is restarting. Please try again in a moment.');
    if (!streams.reserve(userId)) {
      throw new HttpError(429, reportStreamLimitMessage(ctx.config.REPORT_STREAMS_PER_USER));
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
        request.user!.id,
        request.body.asset_name,
      );
      return reply.status(result.status).send(result.body);
    },
  );

  api.get(
    '/api/assets/search',
    {
      schema: { querystring: assetSearchQuerySchema, response: { 200: assetSearchResponseSchema } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      try {
        return { assets: await sources.search(request.query.q, 8) };
      } catch (error) {
        // A slow or failing market source must not break the New Report input: offer known assets.
        request.log.warn({ err: error }, 'asset search source failed; answering from the snapshot');
        return { assets: searchSnapshot(request.query.q, 8) };
      }
    },
  );
}
