import type { FastifyInstance } from 'fastify';
import type { TrackRecord } from '../../../contract/track-record';
import type { AppContext } from '../../context';
import { loadTrackRecord } from '../../domain/track-record';
import { INCIDENT_LIST_SOURCE, incidentTimeline } from '../../research/sources/incidents';
import { renderTrackRecordPage } from './page';

/** The record changes only when reports complete: computed at most this often per process. */
export const TRACK_RECORD_CACHE_MS = 10 * 60_000;

/** The public track record, server-rendered (decision 0192). */
export async function trackRecordRoutes(app: FastifyInstance, ctx: AppContext) {
  const incidentList = incidentTimeline();
  let cached: { at: number; record: Promise<TrackRecord> } | null = null;
  const current = () => {
    if (!cached || Date.now() - cached.at > TRACK_RECORD_CACHE_MS) {
      const dataset = INCIDENT_LIST_SOURCE.dataset;
      const record = loadTrackRecord(
        ctx.db,
        incidentList,
        typeof dataset === 'object'
          ? `${dataset.name} @ ${dataset.version.slice(0, 7)} and the curated incident list`
          : 'curated incident list',
      );
      record.catch(() => {
        cached = null;
      });
      cached = { at: Date.now(), record };
    }
    return cached.record;
  };

  app.get('/track-record', async (request, reply) => {
    const record = await current();
    const origin = ctx.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
    const theme = request.cookies.theme_preference === 'dark' ? 'dark' : 'light';
    return reply
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(renderTrackRecordPage(record, { appName: ctx.config.APP_NAME, theme, origin }));
  });
}
