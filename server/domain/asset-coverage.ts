import { and, desc, eq } from 'drizzle-orm';
import type { AssetCoverage } from '../../contract/api-v1';
import { CATEGORIES } from '../../contract/methodology';
import type { DbExecutor } from '../db/client';
import { researchProgress, researchReports } from '../db/schema';
import { reportSections } from './report-sections';
import { seriesOfReport } from './report-series';

/**
 * What the research knows about an asset: how many completed versions its report has, and for
 * the newest, where each category's evidence came from (live, dated dataset, none). Undefined
 * when no completed report covers the asset. Scores and facts stay with the paid report.
 */
export async function assetCoverage(db: DbExecutor, assetId: string): Promise<AssetCoverage | undefined> {
  const [newest] = await db
    .select({
      id: researchReports.id,
      status: researchReports.status,
      researchData: researchReports.researchData,
    })
    .from(researchReports)
    .where(and(eq(researchReports.assetId, assetId), eq(researchReports.status, 'completed')))
    .orderBy(desc(researchReports.completedAt), desc(researchReports.id))
    .limit(1);
  if (!newest) return undefined;
  const [series, progress] = await Promise.all([
    seriesOfReport(db, newest.id),
    db
      .select({
        categoryKey: researchProgress.categoryKey,
        score: researchProgress.score,
        researchData: researchProgress.researchData,
      })
      .from(researchProgress)
      .where(eq(researchProgress.reportId, newest.id)),
  ]);
  const latest = series.at(-1)!;
  const kinds = new Map(
    (reportSections(newest, progress)?.coverage ?? []).map((c) => [c.category_key, c.kind] as const),
  );
  return {
    assetId,
    assetName: latest.assetName,
    versions: series.length,
    latest: {
      reportId: latest.id,
      version: latest.version,
      completedAt: latest.completedAt.toISOString(),
      dataAsOf: latest.dataAsOf.toISOString(),
      methodologyVersion: latest.methodologyVersion,
      categories: CATEGORIES.map((c) => ({
        key: c.key,
        name: c.name,
        evidenceKind: kinds.get(c.key) ?? 'none',
      })),
    },
  };
}
