import type { AppContext } from '../../context';
import { JOBS, scheduleJob, workJob } from '../../jobs/definitions';
import { deleteExpiredSessions } from './repository';

/** Removes expired sessions every hour. */
export async function registerSessionJobs(ctx: AppContext): Promise<void> {
  await workJob(ctx.queue, JOBS.sessionCleanup, async () => {
    const removed = await deleteExpiredSessions(ctx.db, new Date());
    if (removed) ctx.log.info({ removed }, 'expired sessions removed');
  });
  await scheduleJob(ctx.queue, JOBS.sessionCleanup);
}
