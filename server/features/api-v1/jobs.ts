import type { AppContext } from '../../context';
import { refundCreditPurchasesOfFailedReport } from '../../domain/refunds';
import { type CheckedJob, JOBS, sendJob, workJob } from '../../jobs/definitions';
import { endpointOfDelivery } from './webhook-repository';
import { deliverWebhook, fanOutReportCompleted } from './webhooks';

/** How long a delivery waits when its endpoint already has one in flight here. */
const BUSY_ENDPOINT_DEFER_SECONDS = 5;

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
  // Deliveries run side by side, WEBHOOK_DELIVERY_CONCURRENCY at most (one worker each), and
  // one at a time per endpoint: a slow endpoint holds one lane, never everyone's (issue 47).
  const endpointsInFlight = new Set<number>();
  const deliver = async (jobs: CheckedJob<typeof JOBS.webhookDelivery>[]) => {
    for (const job of jobs) {
      const { deliveryId } = job.data;
      const endpointId = await endpointOfDelivery(ctx.db, deliveryId);
      if (endpointId === null) continue;
      if (endpointsInFlight.has(endpointId)) {
        // Sent again a little later with the retries it had left: waiting costs it no attempt.
        await sendJob(
          ctx.queue,
          JOBS.webhookDelivery,
          { deliveryId },
          {
            startAfter: BUSY_ENDPOINT_DEFER_SECONDS,
            retryLimit: Math.max(0, job.retryLimit - job.retryCount),
          },
        );
        continue;
      }
      endpointsInFlight.add(endpointId);
      try {
        await deliverWebhook(ctx, deliveryId);
      } finally {
        endpointsInFlight.delete(endpointId);
      }
    }
  };
  for (let lane = 0; lane < ctx.config.WEBHOOK_DELIVERY_CONCURRENCY; lane++)
    await workJob(ctx.queue, JOBS.webhookDelivery, deliver);
}
