import type { AppContext } from '../context';
import { type CheckedJob, JOBS, workJob } from '../jobs/definitions';
import { ensureReportPdf } from './store';

/**
 * The research pipeline sends { reportId } when a report completes. A job delivered twice
 * renders once (the stored file is up to date the second time); a failure throws so pg-boss
 * retries, and the download renders on demand meanwhile.
 */
export async function renderPdfJobs(
  ctx: AppContext,
  jobs: CheckedJob<typeof JOBS.renderPdf>[],
): Promise<void> {
  for (const job of jobs) {
    const { reportId } = job.data;
    const started = performance.now();
    const outcome = await ensureReportPdf(ctx, reportId);
    const level = outcome === 'not-completed' ? 'warn' : 'info';
    ctx.log[level]({ reportId, outcome, ms: Math.round(performance.now() - started) }, 'render-pdf job done');
  }
}

export async function registerPdfJobs(ctx: AppContext): Promise<void> {
  await workJob(ctx.queue, JOBS.renderPdf, (jobs) => renderPdfJobs(ctx, jobs));
}
