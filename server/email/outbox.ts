import type { DbExecutor } from '../db/client';
import { JOBS, type JobPayload, sendJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import type { RenderedEmail } from './messages';
import { type EmailKind, storeEmail } from './repository';

/** Job data of the email queue: deliver a stored message, or compose one for an event first. */
export type EmailJob = JobPayload<typeof JOBS.email>;

export async function sendEmailJob(
  executor: DbExecutor,
  queue: JobQueue,
  job: EmailJob,
  singletonKey?: string,
) {
  await sendJob(queue, JOBS.email, job, { db: executor, ...(singletonKey ? { singletonKey } : {}) });
}

/**
 * Stores a message and enqueues its delivery on the same connection, so inside a transaction
 * both exist or neither does. A repeated dedupe key stores and sends nothing.
 */
export async function storeAndEnqueueEmail(
  executor: DbExecutor,
  queue: JobQueue,
  input: { kind: EmailKind; to: string; userId: number | null; dedupeKey?: string; message: RenderedEmail },
): Promise<number | null> {
  const id = await storeEmail(executor, input);
  if (id !== null) await sendEmailJob(executor, queue, { messageId: id });
  return id;
}
