import type { AppContext } from '../context';
import { startEmailWorker } from '../email/jobs';
import { deleteExpiredSessions } from '../features/auth/repository';
import { startCardPaymentJobs } from '../features/card-payments/jobs';
import { startCardanoJobs } from '../features/cardano/jobs';
import { handleRenderPdfJobs } from '../pdf/jobs';
import { registerResearchWorker } from '../research/job';
import { QUEUES } from './queue';

/** Registers every job handler and schedule. Runs in processes with the worker role. */
export async function startWorker(ctx: AppContext): Promise<void> {
  const { queue } = ctx;

  await queue.work(QUEUES.sessionCleanup, async () => {
    const removed = await deleteExpiredSessions(ctx.db, new Date());
    if (removed) ctx.log.info({ removed }, 'expired sessions removed');
  });
  await queue.schedule(QUEUES.sessionCleanup, '17 * * * *');

  await registerResearchWorker(ctx);
  await queue.work(QUEUES.renderPdf, async (jobs) => handleRenderPdfJobs(ctx, jobs));
  await startCardanoJobs(ctx);
  await startEmailWorker(ctx);
  await startCardPaymentJobs(ctx);
}
