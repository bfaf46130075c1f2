import { eq } from 'drizzle-orm';
import { buildScores, type CategoryScores } from '../../contract/methodology';
import { connectDatabase } from '../../server/db/client';
import { researchReports } from '../../server/db/schema';
import { e2eDatabaseUrl } from './database';

// Report series in browser tests: an earlier version made to read differently from a later one
// (the e2e server researches from the same dated snapshot, so two versions would otherwise match).

/** Rewrites the stored category scores (and total) of a completed report. */
export async function rescoreStoredReport(reportId: number, changed: Partial<CategoryScores>): Promise<void> {
  const handle = connectDatabase(e2eDatabaseUrl(), 1);
  try {
    const [row] = await handle.db.select().from(researchReports).where(eq(researchReports.id, reportId));
    const scores = buildScores({ ...(row!.scores as CategoryScores), ...changed });
    await handle.db
      .update(researchReports)
      .set({ scores, compositeScore: scores.totalScore.toFixed(2) })
      .where(eq(researchReports.id, reportId));
  } finally {
    await handle.close();
  }
}
