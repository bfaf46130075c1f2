import { idSchema } from '../../../contract/http';
import {
  CHANGES_MESSAGES,
  type ReportChangesResponse,
  type ReportVersionsResponse,
} from '../../../contract/versions';
import type { DbExecutor } from '../../db/client';
import { invalid, notFound } from '../../domain/errors';
import { ownedReportIds, seriesOfReport, versionForChanges } from '../../domain/report-series';
import { compareVersions } from '../../research/changes';

export const REPORT_NOT_FOUND = "The report you're looking for doesn't exist or you don't have access to it.";

function reportIdOf(raw: string): number {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw notFound(REPORT_NOT_FOUND);
  return parsed.data;
}

/** The completed report's series and what the caller owns of it; 404 when the report is not completed. */
async function seriesWithOwnership(db: DbExecutor, userId: number, reportId: number) {
  const series = await seriesOfReport(db, reportId);
  const target = series.find((v) => v.id === reportId);
  if (!target) throw notFound(REPORT_NOT_FOUND);
  const owned = await ownedReportIds(
    db,
    userId,
    series.map((v) => v.id),
  );
  return { series, target, owned };
}

/** The versions the caller may see (bought or public), newest first. */
export async function reportVersions(
  db: DbExecutor,
  userId: number,
  rawId: string,
): Promise<ReportVersionsResponse> {
  const reportId = reportIdOf(rawId);
  const { series, target, owned } = await seriesWithOwnership(db, userId, reportId);
  if (!owned.has(target.id) && !target.isPublic) throw notFound(REPORT_NOT_FOUND);
  const visible = series.filter((v) => owned.has(v.id) || v.isPublic).reverse();
  return {
    assetId: target.assetId,
    versions: visible.map((v) => ({
      id: v.id,
      version: v.version,
      completedAt: v.completedAt.toISOString(),
      dataAsOf: v.dataAsOf?.toISOString() ?? null,
      compositeScore: v.compositeScore,
      riskLevel: v.riskLevel,
      methodologyVersion: v.methodologyVersion,
      owned: owned.has(v.id),
    })),
  };
}

/**
 * What changed from an earlier version to this one. The owner of this version reads it in full;
 * the owner of an earlier version reads the summary (scores and verdict, no facts) for free.
 */
export async function reportChanges(
  db: DbExecutor,
  userId: number,
  rawId: string,
  sinceId: number | undefined,
): Promise<ReportChangesResponse> {
  const reportId = reportIdOf(rawId);
  const { series, target, owned } = await seriesWithOwnership(db, userId, reportId);
  const ownsThis = owned.has(target.id);
  const ownsEarlier = series.some((v) => v.version < target.version && owned.has(v.id));
  if (!ownsThis && !ownsEarlier) throw notFound(REPORT_NOT_FOUND);
  if (target.version === 1) throw invalid(CHANGES_MESSAGES.noEarlierVersion);
  const since =
    sinceId === undefined
      ? series[target.version - 2]
      : series.find((v) => v.id === sinceId && v.version < target.version);
  if (!since) throw invalid(CHANGES_MESSAGES.sinceNotInSeries);
  const [before, after] = await Promise.all([versionForChanges(db, since), versionForChanges(db, target)]);
  return {
    reportId: target.id,
    version: target.version,
    sinceReportId: since.id,
    sinceVersion: since.version,
    access: ownsThis ? 'full' : 'summary',
    ...compareVersions(before, after, { withFacts: ownsThis }),
  };
}
