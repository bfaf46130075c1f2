import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AgentResearchData } from '../../contract/reports';
import type { Database, DbExecutor } from '../db/client';
import { researchProgress, researchReports } from '../db/schema';
import { JOBS } from '../jobs/definitions';

// The research job's reads and writes: its report row, the 12 progress rows, and the advisory
// lock that keeps one report from being researched twice at once.

/** One row of research_reports. */
export type ResearchReportRow = typeof researchReports.$inferSelect;

/** What a completed research writes on its report (the status and times are set here). */
export type CompletedResearch = Pick<
  typeof researchReports.$inferInsert,
  | 'assetId'
  | 'assetKind'
  | 'projectOverview'
  | 'compositeScore'
  | 'scores'
  | 'researchData'
  | 'reportContent'
  | 'methodologyVersion'
>;

const LOCK_NAMESPACE = 0x43_52_57; // "CRW"

/** Takes the report's session advisory lock on this connection; false when another holds it. */
export async function tryLockReportResearch(client: pg.PoolClient, reportId: number): Promise<boolean> {
  const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
    LOCK_NAMESPACE,
    reportId,
  ]);
  return Boolean(result.rows[0]?.locked);
}

export async function unlockReportResearch(client: pg.PoolClient, reportId: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, reportId]);
}

export async function findResearchReport(
  db: DbExecutor,
  reportId: number,
): Promise<ResearchReportRow | undefined> {
  const [report] = await db.select().from(researchReports).where(eq(researchReports.id, reportId));
  return report;
}

/** The asset id the buyer picked and the typed name (what the snapshot fallback looks up). */
export async function findResearchAsset(
  db: DbExecutor,
  reportId: number,
): Promise<{ id: string | null; name: string } | undefined> {
  const [row] = await db
    .select({ name: researchReports.assetName, id: researchReports.assetId })
    .from(researchReports)
    .where(eq(researchReports.id, reportId));
  return row;
}

/** A report not yet completed is being researched (again): processing, with no failure reason. */
export async function markReportProcessing(db: DbExecutor, reportId: number): Promise<void> {
  await db
    .update(researchReports)
    .set({ status: 'processing', failureReason: null })
    .where(and(eq(researchReports.id, reportId), ne(researchReports.status, 'completed')));
}

/** The agent's progress row, started (again): an earlier attempt's result is cleared. */
export async function markAgentStarted(
  db: DbExecutor,
  reportId: number,
  category: { key: string; agentName: string },
): Promise<void> {
  await db
    .insert(researchProgress)
    .values({
      reportId,
      categoryKey: category.key,
      agentName: category.agentName,
      status: 'processing',
      startedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [researchProgress.reportId, researchProgress.categoryKey],
      set: {
        status: 'processing',
        startedAt: new Date(),
        completedAt: null,
        score: null,
        researchData: null,
      },
    });
}

export async function markAgentFinished(
  db: DbExecutor,
  reportId: number,
  categoryKey: string,
  score: number,
  data: AgentResearchData,
): Promise<void> {
  await db
    .update(researchProgress)
    .set({ status: 'completed', score: score.toFixed(2), researchData: data, completedAt: new Date() })
    .where(and(eq(researchProgress.reportId, reportId), eq(researchProgress.categoryKey, categoryKey)));
}

/** Completes and publishes the report; false when it was already completed (nothing written). */
export async function completeResearchReport(
  db: DbExecutor,
  reportId: number,
  research: CompletedResearch,
): Promise<boolean> {
  const rows = await db
    .update(researchReports)
    .set({
      ...research,
      status: 'completed',
      isPublic: true,
      failureReason: null,
      completedAt: sql`now()`,
    })
    .where(and(eq(researchReports.id, reportId), ne(researchReports.status, 'completed')))
    .returning({ id: researchReports.id });
  return rows.length > 0;
}

/** A report whose research exhausted its retries: failed, with a reason the admin can read. */
export async function markResearchFailed(db: Database, reportId: number, reason: string): Promise<void> {
  await db
    .update(researchReports)
    .set({ status: 'failed', failureReason: reason.slice(0, 1_000) })
    .where(and(eq(researchReports.id, reportId), ne(researchReports.status, 'completed')));
}

/**
 * Reports whose research job ended failed without our handler seeing it (the worker died on the
 * last attempt and pg-boss expired the job): marked failed, so no paid report is lost silently.
 */
export async function sweepLostResearch(db: Database): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    update research_reports r
       set status = 'failed',
           failure_reason = 'Research stopped: the worker was lost on its last attempt.',
           updated_at = now()
     where r.status in ('pending', 'processing')
       and exists (select 1 from pgboss.job j
                    where j.name = ${JOBS.research.name} and j.data->>'reportId' = r.id::text and j.state = 'failed')
       and not exists (select 1 from pgboss.job j
                        where j.name = ${JOBS.research.name} and j.data->>'reportId' = r.id::text
                          and j.state in ('created', 'retry', 'active'))
     returning r.id`);
  return result.rows.map((row) => Number(row.id));
}

/** Reports whose research has not ended (pending or processing): a restore queues them again. */
export async function findUnfinishedReportIds(db: DbExecutor): Promise<number[]> {
  const rows = await db
    .select({ id: researchReports.id })
    .from(researchReports)
    .where(inArray(researchReports.status, ['pending', 'processing']));
  return rows.map((row) => row.id);
}

/** One asset's latest completed report, as a peer line cites it, with its category scores. */
export interface LatestReportRow {
  id: number;
  assetId: string;
  version: number;
  completedAt: Date;
  compositeScore: string;
  scores: unknown;
  categories: { key: string; score: string | null; data: unknown }[];
}

/**
 * The latest completed report of each asset (every completed report is published), with its
 * version in the asset's series (completion order, as the versions list counts it).
 */
export async function latestCompletedReports(db: DbExecutor, assetIds: string[]): Promise<LatestReportRow[]> {
  if (assetIds.length === 0) return [];
  const completed = and(eq(researchReports.status, 'completed'), inArray(researchReports.assetId, assetIds));
  const reports = await db
    .select({
      id: researchReports.id,
      assetId: researchReports.assetId,
      completedAt: researchReports.completedAt,
      compositeScore: researchReports.compositeScore,
      scores: researchReports.scores,
      version: sql<number>`(row_number() over (partition by ${researchReports.assetId} order by ${researchReports.completedAt}, ${researchReports.id}))::int`,
    })
    .from(researchReports)
    .where(completed);
  const latest = new Map<string, (typeof reports)[number]>();
  for (const report of reports)
    if (report.assetId && (latest.get(report.assetId)?.version ?? 0) < report.version)
      latest.set(report.assetId, report);
  const ids = [...latest.values()].map((r) => r.id);
  const progress = ids.length
    ? await db
        .select({
          reportId: researchProgress.reportId,
          key: researchProgress.categoryKey,
          score: researchProgress.score,
          data: researchProgress.researchData,
        })
        .from(researchProgress)
        .where(inArray(researchProgress.reportId, ids))
    : [];
  return [...latest.values()].map((r) => ({
    id: r.id,
    assetId: r.assetId!,
    version: r.version,
    completedAt: r.completedAt!,
    compositeScore: r.compositeScore,
    scores: r.scores,
    categories: progress
      .filter((p) => p.reportId === r.id)
      .map(({ key, score, data }) => ({ key, score, data })),
  }));
}
