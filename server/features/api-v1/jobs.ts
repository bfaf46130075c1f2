import type { AppContext } from '../../context';
import { refundCreditPurchasesOfFailedReport } from '../../domain/refunds';
import { JOBS, workJob } from '../../jobs/definitions';
import { deliverWebhook, fanOutReportCompleted } from './webhooks';

/** The API's jobs: credits back after failed research; webhook fan-out and deliveries. */
export async function registerApiJobs(ctx: AppContext): Promise<void> {
  await workJob(ctx.queue, JOBS.creditRefund, async (jobs) => {
    for (const job of jobs) {
      const { reportId } = job.data;
      const refunded = await refundCreditPurchasesOfFailedReport(ctx.db, ctx.queue, reportId);
      if (refunded > 0) ctx.log.info({ reportId, refunded }, 'API credits returned after failed research');
    }
  });
  await workJob(ctx.queue, JOBS.webhookFanOut, async (jobs) => {
    for (const job of jobs) await fanOutReportCompleted(ctx, job.data.reportId);
  });
  await workJob(ctx.queue, JOBS.webhookDelivery, async (jobs) => {
    for (const job of jobs) await deliverWebhook(ctx, job.data.deliveryId);
  });
}
