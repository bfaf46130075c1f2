import type { ReportChangesResponse } from '../../contract/versions';
import type { DbExecutor } from '../db/client';
import { type SeriesVersion, seriesOfReport, versionForChanges } from '../domain/report-series';
import { compareVersions } from '../research/changes';

/**
 * The report's place in its series as the PDF shows it: the versions up to this one (later ones
 * would make a stored file go stale) and the changes since the previous version.
 */
export interface SeriesForPdf {
  version: number;
  history: Pick<
    SeriesVersion,
    'version' | 'completedAt' | 'compositeScore' | 'riskLevel' | 'methodologyVersion'
  >[];
  changes: Omit<ReportChangesResponse, 'reportId' | 'sinceReportId' | 'access'> | null;
}

export async function loadSeriesForPdf(db: DbExecutor, reportId: number): Promise<SeriesForPdf | null> {
  const series = await seriesOfReport(db, reportId);
  const current = series.find((v) => v.id === reportId);
  if (!current) return null;
  const history = series.filter((v) => v.version <= current.version && (v.isPublic || v.id === reportId));
  const previous = current.version > 1 ? series[current.version - 2]! : null;
  const changes = previous
    ? {
        version: current.version,
        sinceVersion: previous.version,
        ...compareVersions(await versionForChanges(db, previous), await versionForChanges(db, current), {
          withFacts: true,
        }),
      }
    : null;
  return { version: current.version, history, changes };
}
