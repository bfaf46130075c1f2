import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { type EMAIL_KINDS, emailMessages } from '../db/schema';
import { JOBS, type JobPayload, sendJob } from '../jobs/definitions';
import type { JobQueue } from '../jobs/queue';
import type { RenderedEmail } from './messages';

export type EmailKind = (typeof EMAIL_KINDS)[number];

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

export async function storeEmail(
  executor: DbExecutor,
  input: { kind: EmailKind; to: string; userId: number | null; dedupeKey?: string; message: RenderedEmail },
): Promise<number | null> {
  const [row] = await executor
    .insert(emailMessages)
    .values({
      kind: input.kind,
      toAddress: input.to,
      userId: input.userId,
      dedupeKey: input.dedupeKey ?? null,
      subject: input.message.subject,
      textBody: input.message.text,
      htmlBody: input.message.html,
      listUnsubscribeUrl: input.message.listUnsubscribeUrl ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return row?.id ?? null;
}

export async function findEmail(executor: DbExecutor, id: number) {
  return executor.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) });
}

export async function markEmailSent(
  executor: DbExecutor,
  id: number,
  transport: 'smtp' | 'outbox',
): Promise<void> {
  // Sent by SMTP: the copy here is no longer needed, and a reset link must not sit in the database.
  const keepBody = transport === 'outbox';
  await executor
    .update(emailMessages)
    .set({
      status: 'sent',
      transport,
      sentAt: sql`now()`,
      attempts: sql`${emailMessages.attempts} + 1`,
      lastError: null,
      ...(keepBody ? {} : { textBody: null, htmlBody: null }),
    })
    .where(eq(emailMessages.id, id));
}

export async function markEmailAttemptFailed(
  executor: DbExecutor,
  id: number,
  error: string,
  final: boolean,
  transport: 'smtp' | 'none',
): Promise<void> {
  await executor
    .update(emailMessages)
    .set({
      attempts: sql`${emailMessages.attempts} + 1`,
      lastError: error.slice(0, 500),
      transport,
      ...(final ? { status: 'failed' as const, textBody: null, htmlBody: null } : {}),
    })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')));
}

/** Whose messages an outbox reader may see: everyone's, one user's, or password resets only. */
export type OutboxScope = { all: true } | { userId: number } | { kind: EmailKind };

/** The development outbox: the newest messages kept by the outbox transport, within a scope. */
export async function listOutbox(executor: DbExecutor, scope: OutboxScope, limit = 50) {
  const inScope =
    'all' in scope
      ? undefined
      : 'userId' in scope
        ? eq(emailMessages.userId, scope.userId)
        : eq(emailMessages.kind, scope.kind);
  return executor
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.transport, 'outbox'), inScope))
    .orderBy(desc(emailMessages.id))
    .limit(limit);
}
