import { eq } from 'drizzle-orm';
import { agentResearchDataSchema } from '../../../contract/reports';
import type { DbExecutor } from '../../db/client';
import { researchProgress, researchReports } from '../../db/schema';
import type { StoredEvidence } from '../../research/evidence';

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
