import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetBacktestParamsSchema,
  assetBacktestResponseSchema,
  trackRecordResponseSchema,
} from '../../../contract/backtest';
import type { TrackRecordService } from './service';

/**
 * `GET /api/track-record`: the prospective record and the back-test as JSON. The page at
 * /track-record is the site's (server/features/site), its body written by page.ts.
 */
export async function trackRecordRoutes(app: FastifyInstance, trackRecord: TrackRecordService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/track-record',
      { schema: { response: { 200: trackRecordResponseSchema } } },
      async (_request, reply) => {
        const prospective = await trackRecord.prospective();
        reply.header('cache-control', 'public, max-age=300');
        return {
          backtest: trackRecord.backtest,
          prospective: {
            computedAt: prospective.computedAt,
            publicReports: prospective.publicReports,
            incidentList: prospective.incidentList,
            outcomes: prospective.outcomes,
          },
        };
      },
    );
  // One asset's back-tested ratings, for its report page (decision 0293); public like the page.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/track-record/assets/:assetId',
      { schema: { params: assetBacktestParamsSchema, response: { 200: assetBacktestResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return trackRecord.assetHistory(request.params.assetId);
      },
    );
}
