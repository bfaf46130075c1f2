import type { DbExecutor } from '../db/client';
import { researchReports } from '../db/schema';
import { JOBS, sendJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';

/**
 * Creates a pending report and enqueues its research job on the same connection, so inside
 * a transaction both exist or neither does. One job per report (singleton key).
 */
export async function createReportAndEnqueueResearch(
  executor: DbExecutor,
  queue: JobQueue,
  input: { assetName: string; assetId?: string | null; userId: number },
): Promise<number> {
  const [report] = await executor
    .insert(researchReports)
    .values({
      assetName: input.assetName.trim(),
      assetId: input.assetId ?? null,
      createdByUserId: input.userId,
      status: 'pending',
    })
    .returning({ id: researchReports.id });
  await enqueueResearch(executor, queue, report!.id);
  return report!.id;
}

export async function enqueueResearch(
  executor: DbExecutor,
  queue: JobQueue,
  reportId: number,
): Promise<void> {
  await sendJob(queue, JOBS.research, { reportId }, { db: executor });
}
