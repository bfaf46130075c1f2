import type { AppContext } from '../../context';
import { refundCreditPurchasesOfFailedReport } from '../../domain/refunds';
import { JOBS, workJob } from '../../jobs/definitions';

/** The API's jobs: API credits go back when paid research fails for good. */
export async function registerApiJobs(ctx: AppContext): Promise<void> {
  await workJob(ctx.queue, JOBS.creditRefund, async (jobs) => {
    for (const job of jobs) {
      const { reportId } = job.data;
      const refunded = await refundCreditPurchasesOfFailedReport(ctx.db, ctx.queue, reportId);
      if (refunded > 0) ctx.log.info({ reportId, refunded }, 'API credits returned after failed research');
    }
  });
}
