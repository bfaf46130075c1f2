import type { Job } from 'pg-boss';
import { renderPdfJobSchema } from '../../contract/report-pdf';
import type { AppContext } from '../context';
import { ensureReportPdf } from './store';

/**
 * QUEUES.renderPdf: the research pipeline sends { reportId } when a report completes. A job
 * delivered twice renders once (the stored file is up to date the second time); a failure
 * throws so pg-boss retries, and the download renders on demand meanwhile.
 */
export async function handleRenderPdfJobs(ctx: AppContext, jobs: Job<unknown>[]): Promise<void> {
  for (const job of jobs) {
    const parsed = renderPdfJobSchema.safeParse(job.data);
    if (!parsed.success) {
      ctx.log.error({ jobId: job.id, data: job.data }, 'render-pdf job without a valid reportId: skipped');
      continue;
    }
    const { reportId } = parsed.data;
    const started = performance.now();
    const outcome = await ensureReportPdf(ctx, reportId);
    const level = outcome === 'not-completed' ? 'warn' : 'info';
    ctx.log[level]({ reportId, outcome, ms: Math.round(performance.now() - started) }, 'render-pdf job done');
  }
}
