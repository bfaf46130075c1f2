import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AssetSuggestion,
  assetSearchQuerySchema,
  assetSearchResponseSchema,
  RECENT_REPORT_MAX_AGE_DAYS,
} from '../../../contract/assets';
import { reportResponseSchema, researchRequestSchema } from '../../../contract/reports';
import { researchStartResponseSchema } from '../../../contract/research';
import type { AppContext } from '../../context';
import { rateLimits } from '../../http/rate-limits';
import type { AssetRef } from '../../research/evidence';
import { sourcesFromConfig } from '../../research/sources/live';
import { findSnapshotAsset, searchSnapshot } from '../../research/sources/snapshot';
import { findRecentPublicReports } from './repository';
import { accessibleReport, reportEvent, reportResponse, startResearchForPurchase } from './service';

const idParams = z.object({ id: z.string().max(40) });
const EVENT_POLL_MS = 1_000;
const EVENT_STREAM_MAX_MS = 15 * 60_000;
const HEARTBEAT_MS = 15_000;

/** Research reports: report view, progress events, research start, asset search. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const sources = sourcesFromConfig(ctx.config);
  // Open event streams end when the server shuts down instead of holding it up.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
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

  // Server-sent events: one "report" event whenever the status or a progress row changes,
  // until the report is completed or failed. The server polls the database once a second.
  api.get('/api/reports/:id/events', { schema: { params: idParams } }, async (request, reply) => {
    const report = await accessibleReport(ctx.db, request.user!.id, request.params.id);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write('retry: 3000\n\n');
    let closed = false;
    request.raw.on('close', () => {
      closed = true;
    });
    const startedAt = Date.now();
    let lastSent = '';
    let lastWrite = Date.now();
    while (!closed && !shuttingDown && Date.now() - startedAt < EVENT_STREAM_MAX_MS) {
      let event: Awaited<ReturnType<typeof reportEvent>>;
      try {
        event = await reportEvent(ctx.db, report.id);
      } catch (error) {
        request.log.warn({ err: error }, 'report event poll failed');
        event = null;
      }
      if (event) {
        const payload = JSON.stringify(event);
        if (payload !== lastSent) {
          out.write(`event: report\ndata: ${payload}\n\n`);
          lastSent = payload;
          lastWrite = Date.now();
        }
        if (event.status === 'completed' || event.status === 'failed') break;
      }
      if (Date.now() - lastWrite > HEARTBEAT_MS) {
        out.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, EVENT_POLL_MS));
    }
    if (!closed) out.end();
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
      config: { rateLimit: rateLimits(ctx.config).assetSearch },
    },
    async (request) => {
      let assets: AssetRef[];
      try {
        assets = await sources.search(request.query.q, 8);
      } catch (error) {
        // A slow or failing market source must not break the New Report input: offer known assets.
        request.log.warn({ err: error }, 'asset search source failed; answering from the snapshot');
        assets = searchSnapshot(request.query.q, 8);
      }
      const recent = await findRecentPublicReports(
        ctx.db,
        assets.map((a) => a.id),
        RECENT_REPORT_MAX_AGE_DAYS,
      );
      return {
        assets: assets.map((asset): AssetSuggestion => {
          const report = recent.get(asset.id);
          return {
            ...describedAsset(asset),
            ...(report
              ? {
                  recentReport: {
                    id: report.id,
                    composite_score: report.compositeScore,
                    completed_at: report.completedAt.toISOString(),
                  },
                }
              : {}),
          };
        }),
      };
    },
  );
}

/** Rank and kind for the New Report tab; the dated snapshot fills what a source left out. */
function describedAsset(asset: AssetRef): AssetSuggestion {
  const known = findSnapshotAsset(asset.id);
  const rank = asset.rank ?? known?.rank;
  const kind = asset.kind ?? known?.kind;
  const platform = asset.platform ?? known?.platform;
  return {
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    ...(rank !== undefined ? { rank } : {}),
    ...(kind ? { kind } : {}),
    ...(platform ? { platform } : {}),
  };
}
