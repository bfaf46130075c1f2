import type pg from 'pg';
import type { AppContext } from '../context';
import { enqueueResearchOutcomeEmail, enqueueWatchAlerts } from '../email/jobs';
import { type CheckedJob, JOBS, scheduleJob, sendJob, workJob } from '../jobs/definitions';
import { timeResearch } from '../metrics/registry';
import { type PipelineDeps, runResearch } from './pipeline';
import {
  findResearchAsset,
  markResearchFailed,
  sweepLostResearch,
  tryLockReportResearch,
  unlockReportResearch,
} from './repository';
import { withSnapshotFallback } from './sources/fallback';
import type { ResearchSources } from './sources/types';
import type { CategoryWriter } from './writer';

// The research job: pending -> processing -> completed. A failing source throws, and pg-boss
// retries with backoff; the last failed attempt marks the report failed with its reason.
// A session advisory lock per report makes sure one report is never researched twice at once,
// even when an expired job is retried while a stalled worker still runs; if a worker dies,
// its connection closes and the lock goes with it.

export class ResearchBusyError extends Error {}

/** The pool behind Drizzle (set by drizzle(pool) at runtime; not part of the Database type). */
const poolOf = (ctx: AppContext) => (ctx.db as unknown as { $client: pg.Pool }).$client;

/** Overrides of the process's research providers (ctx.research), for tests and benchmarks. */
export interface ResearchHandlerOptions {
  sources?: ResearchSources;
  writer?: CategoryWriter;
  beforeAgentFinishes?: PipelineDeps['beforeAgentFinishes'];
}

export function createResearchHandler(ctx: AppContext, options: ResearchHandlerOptions = {}) {
  const deps: PipelineDeps = {
    db: ctx.db,
    queue: ctx.queue,
    sources: options.sources ?? ctx.research.sources,
    writer: options.writer ?? ctx.research.writer,
    log: ctx.log,
    ...(options.beforeAgentFinishes ? { beforeAgentFinishes: options.beforeAgentFinishes } : {}),
  };

  /** The id the buyer picked, else the typed name: what the snapshot fallback looks up. */
  const assetNameOf = async (reportId: number) => {
    const row = await findResearchAsset(ctx.db, reportId);
    return row?.id ?? row?.name ?? '';
  };

  async function researchOne(job: CheckedJob<typeof JOBS.research>) {
    const reportId = job.data.reportId;
    const lockClient = await poolOf(ctx).connect();
    // A connection lost while holding the lock must fail this attempt, not crash the process.
    const onLockLost = (error: Error) =>
      ctx.log.warn({ err: error, reportId }, 'research lock connection lost');
    lockClient.on('error', onLockLost);
    let locked = false;
    const attemptEnded = timeResearch();
    try {
      locked = await tryLockReportResearch(lockClient, reportId);
      if (!locked) throw new ResearchBusyError(`report ${reportId} is being researched by another worker`);
      const lastAttempt = job.retryCount >= job.retryLimit;
      // On the last attempt an outage must not cost the customer the report: the snapshot stands
      // in for an unavailable source if it knows the asset. Any other error still fails it.
      const sources =
        lastAttempt && deps.sources.mode === 'live'
          ? withSnapshotFallback(deps.sources, {
              failures: 'unavailable',
              onlyKnownAsset: await assetNameOf(reportId),
            })
          : deps.sources;
      const outcome = await runResearch({ ...deps, sources }, reportId);
      if (outcome === 'completed') {
        await enqueueResearchOutcomeEmail(ctx.db, ctx.queue, reportId, 'report_ready');
        await enqueueWatchAlerts(ctx.db, ctx.queue, reportId);
        await sendJob(ctx.queue, JOBS.webhookFanOut, { reportId });
      }
      attemptEnded(outcome);
      return { outcome };
    } catch (error) {
      const lastAttempt = job.retryCount >= job.retryLimit;
      attemptEnded(error instanceof ResearchBusyError ? 'busy' : lastAttempt ? 'failed' : 'retrying');
      ctx.log.warn(
        { err: error, reportId, attempt: job.retryCount + 1, lastAttempt },
        'research attempt failed',
      );
      if (lastAttempt && !(error instanceof ResearchBusyError)) {
        await markResearchFailed(
          ctx.db,
          reportId,
          `Research failed after ${job.retryCount + 1} attempts: ${error instanceof Error ? error.message : String(error)}`,
        );
        await enqueueResearchOutcomeEmail(ctx.db, ctx.queue, reportId, 'research_failed');
        await sendJob(ctx.queue, JOBS.creditRefund, { reportId });
      }
      throw error;
    } finally {
      if (locked) await unlockReportResearch(lockClient, reportId).catch(() => {});
      lockClient.off('error', onLockLost);
      lockClient.release();
    }
  }

  return async (jobs: CheckedJob<typeof JOBS.research>[]) => {
    for (const job of jobs) await researchOne(job);
  };
}

/**
 * Marks reports whose job died on its last attempt as failed, and tells their buyers, as a
 * failure the handler saw would (the "research failed" email says what happens next).
 */
export async function sweepLostResearchAndNotify(ctx: AppContext): Promise<number[]> {
  const failed = await sweepLostResearch(ctx.db);
  if (failed.length === 0) return failed;
  ctx.log.error({ reportIds: failed }, 'research jobs lost on their last attempt; reports marked failed');
  for (const reportId of failed) {
    await enqueueResearchOutcomeEmail(ctx.db, ctx.queue, reportId, 'research_failed');
    await sendJob(ctx.queue, JOBS.creditRefund, { reportId });
  }
  return failed;
}

/** Reports researched at the same time by one worker process. */
export const RESEARCH_CONCURRENCY = 4;

export async function registerResearchJobs(ctx: AppContext, options: ResearchHandlerOptions = {}) {
  const handler = createResearchHandler(ctx, options);
  await workJob(ctx.queue, JOBS.researchSweep, () => sweepLostResearchAndNotify(ctx));
  await scheduleJob(ctx.queue, JOBS.researchSweep);
  for (let i = 0; i < RESEARCH_CONCURRENCY; i += 1) await workJob(ctx.queue, JOBS.research, handler);
}
