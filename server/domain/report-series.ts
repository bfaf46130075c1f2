import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CategoryScores, RISK_LEVELS, type RiskLevel } from '../../contract/methodology';
import { agentResearchDataSchema } from '../../contract/reports';
import type { DbExecutor } from '../db/client';
import { researchProgress, researchReports, userPurchases } from '../db/schema';
import type { VersionForChanges } from '../research/changes';
import type { StoredEvidence } from '../research/evidence';
import { type DatedSource, dataAsOfDates } from '../research/report-text';
import { purchaseGrantsReport } from './report-access';

// A report series: the completed reports on one resolved asset id, numbered 1, 2, 3… in the
// order they completed. Nothing is stored for it: completion is final, so the numbering of the
// reports already completed never changes, and a new report becomes the next number.

export interface SeriesVersion {
  id: number;
  version: number;
  assetId: string | null;
  assetName: string;
  completedAt: Date;
  /**
   * How old the data is, as the report's cover says it (dataAsOfDates over its categories'
   * sources: a dataset's own date offline, the retrieval date live); null without dated sources.
   */
  dataAsOf: Date | null;
  /** Null when Not rated. */
  compositeScore: number | null;
  riskLevel: RiskLevel | null;
  methodologyVersion: string | null;
  isPublic: boolean;
}

/**
 * Every source's retrievedAt, dataset and reference flag of a report (the outer query's
 * research_reports row), for dataAsOfDates (the report's own rule, not a second one in SQL).
 */
export const reportSourceDates = sql<DatedSource[] | null>`(
    select jsonb_agg(jsonb_build_object('retrievedAt', source->>'retrievedAt', 'dataset', source->'dataset', 'reference', (source->>'reference')::boolean))
    from ${researchProgress} as progress, jsonb_array_elements(
      case when jsonb_typeof(progress.research_data->'sources') = 'array'
        then progress.research_data->'sources' else '[]'::jsonb end) as source
    where progress.report_id = "research_reports"."id"
  )`;

/** A report's data-as-of day from reportSourceDates, or null without dated sources. */
export const dataAsOfOfSources = (sourceDates: DatedSource[] | null): string | null =>
  dataAsOfDates((sourceDates ?? []).filter((d) => typeof d?.retrievedAt === 'string'));

const versionColumns = {
  id: researchReports.id,
  assetId: researchReports.assetId,
  assetName: researchReports.assetName,
  completedAt: researchReports.completedAt,
  sourceDates: reportSourceDates,
  compositeScore: researchReports.compositeScore,
  riskLevel: sql<string | null>`${researchReports.scores}->>'riskLevel'`,
  rated: sql<string | null>`${researchReports.scores}->>'rated'`,
  methodologyVersion: researchReports.methodologyVersion,
  isPublic: researchReports.isPublic,
};

type VersionRow = {
  id: number;
  assetId: string | null;
  assetName: string;
  completedAt: Date | null;
  sourceDates: DatedSource[] | null;
  compositeScore: string;
  riskLevel: string | null;
  rated: string | null;
  methodologyVersion: string | null;
  isPublic: boolean;
};

const dataAsOfOf = (row: VersionRow): string | null => dataAsOfOfSources(row.sourceDates);

const toVersion = (row: VersionRow, index: number): SeriesVersion => ({
  id: row.id,
  version: index + 1,
  assetId: row.assetId,
  assetName: row.assetName,
  completedAt: row.completedAt!,
  dataAsOf: dataAsOfOf(row) ? new Date(`${dataAsOfOf(row)}T00:00:00Z`) : null,
  compositeScore: row.rated === 'false' ? null : Number(row.compositeScore),
  riskLevel: RISK_LEVELS.includes(row.riskLevel as RiskLevel) ? (row.riskLevel as RiskLevel) : null,
  methodologyVersion: row.methodologyVersion,
  isPublic: row.isPublic,
});

/**
 * The series the report belongs to, oldest first. A report on an unknown asset (no resolved id)
 * is a series of its own; a report not yet completed belongs to none (empty list).
 */
export async function seriesOfReport(db: DbExecutor, reportId: number): Promise<SeriesVersion[]> {
  const [report] = await db
    .select({ assetId: researchReports.assetId, status: researchReports.status })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  if (report?.status !== 'completed') return [];
  const rows = await db
    .select(versionColumns)
    .from(researchReports)
    .where(
      and(
        eq(researchReports.status, 'completed'),
        report.assetId === null
          ? eq(researchReports.id, reportId)
          : eq(researchReports.assetId, report.assetId),
      ),
    )
    .orderBy(asc(researchReports.completedAt), asc(researchReports.id));
  return rows.map(toVersion);
}

/** Every completed report grouped by asset series (reports without an asset id stand alone). */
export async function allSeries(db: DbExecutor): Promise<SeriesVersion[][]> {
  const rows = await db
    .select(versionColumns)
    .from(researchReports)
    .where(eq(researchReports.status, 'completed'))
    .orderBy(asc(researchReports.completedAt), asc(researchReports.id));
  const groups = new Map<string, VersionRow[]>();
  for (const row of rows) {
    const key = row.assetId ?? `report:${row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => group.map(toVersion));
}

/** Which of these reports the user has bought (a completed purchase). */
export async function ownedReportIds(
  db: DbExecutor,
  userId: number,
  reportIds: number[],
): Promise<Set<number>> {
  if (reportIds.length === 0) return new Set();
  const rows = await db
    .select({ reportId: userPurchases.reportId })
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.userId, userId),
        purchaseGrantsReport(db),
        inArray(userPurchases.reportId, reportIds),
      ),
    );
  return new Set(rows.map((row) => row.reportId!));
}

/** What comparing a version needs: its scores, its kept evidence and each category's facts. */
export async function loadVersionDetail(db: DbExecutor, reportId: number) {
  const [report] = await db
    .select({
      scores: researchReports.scores,
      methodologyVersion: researchReports.methodologyVersion,
      evidence: researchReports.researchData,
    })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  if (!report) return undefined;
  const progress = await db
    .select({ key: researchProgress.categoryKey, data: researchProgress.researchData })
    .from(researchProgress)
    .where(eq(researchProgress.reportId, reportId));
  const facts: Record<string, string[]> = {};
  for (const row of progress) {
    const parsed = agentResearchDataSchema.safeParse(row.data);
    if (parsed.success && parsed.data.facts) facts[row.key] = parsed.data.facts;
  }
  const evidence = (report.evidence as { evidence?: StoredEvidence | null } | null)?.evidence ?? null;
  return { scores: report.scores, methodologyVersion: report.methodologyVersion, evidence, facts };
}

/** One version as the comparison reads it. */
export async function versionForChanges(db: DbExecutor, version: SeriesVersion): Promise<VersionForChanges> {
  const detail = await loadVersionDetail(db, version.id);
  return {
    scores: detail!.scores as CategoryScores & { totalScore: number },
    riskLevel: version.riskLevel as RiskLevel | null,
    methodologyVersion: version.methodologyVersion,
    facts: detail!.facts,
    evidence: detail!.evidence,
  };
}

/**
 * The newest completed report on the asset the user bought whose data date and methodology
 * version are these: a new report would be the same one. Null when there is none.
 */
export async function ownedReportWithData(
  db: DbExecutor,
  userId: number,
  wanted: { assetId: string; methodologyVersion: string; dataAsOf: string },
): Promise<number | null> {
  const rows = await db
    .select(versionColumns)
    .from(researchReports)
    .innerJoin(userPurchases, eq(userPurchases.reportId, researchReports.id))
    .where(
      and(
        eq(userPurchases.userId, userId),
        purchaseGrantsReport(db),
        eq(researchReports.status, 'completed'),
        eq(researchReports.assetId, wanted.assetId),
        eq(researchReports.methodologyVersion, wanted.methodologyVersion),
      ),
    )
    .orderBy(desc(researchReports.completedAt), desc(researchReports.id));
  return rows.find((row) => dataAsOfOf(row) === wanted.dataAsOf)?.id ?? null;
}
