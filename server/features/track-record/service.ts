import type { AssetBacktestResponse, Backtest } from '../../../contract/backtest';
import type { TrackRecord } from '../../../contract/track-record';
import type { AppContext } from '../../context';
import { loadTrackRecord } from '../../domain/track-record';
import { assetBacktestAnswer, storedBacktest } from '../../research/backtest/artefact';
import { INCIDENT_LIST_SOURCE, incidentTimeline } from '../../research/sources/incidents';
import { renderTrackRecordBody } from './page';

/** The record changes only when reports complete: computed at most this often per process. */
export const TRACK_RECORD_CACHE_MS = 10 * 60_000;

export interface TrackRecordService {
  prospective(): Promise<TrackRecord>;
  /** The stored back-test (decision 0290), read once; null where the artefact is absent. */
  backtest: Backtest | null;
  /** One asset's back-tested ratings and what followed them, for its report page (decision 0293). */
  assetHistory(assetId: string): AssetBacktestResponse;
  pageBody(): Promise<string>;
}

/** The public track record (decision 0192) and the back-test beside it (decision 0290). */
export function createTrackRecordService(ctx: Pick<AppContext, 'db'>): TrackRecordService {
  const incidentList = incidentTimeline();
  const stored = storedBacktest();
  const backtest = stored?.summary ?? null;
  let cached: { at: number; record: Promise<TrackRecord> } | null = null;
  const prospective = () => {
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
  return {
    prospective,
    backtest,
    assetHistory: (assetId) => assetBacktestAnswer(stored, assetId),
    pageBody: async () => renderTrackRecordBody(await prospective(), backtest),
  };
}
