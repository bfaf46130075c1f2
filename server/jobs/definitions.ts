import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { type DbExecutor, queueExecutorFor } from '../db/client';
import type { JobQueue } from './queue';

// Every job in one list: its queue name, the payload senders send and workers check, how it is
// retried, how workers fetch it and, for periodic jobs, its schedule. Features send and work
// jobs only through these definitions, so a payload is validated on both ends.

export interface JobDefinition<Payload extends z.ZodType> {
  name: string;
  payload: Payload;
  /** Retries and expiry, the same at every send. */
  send?: Omit<PgBoss.SendOptions, 'db' | 'singletonKey'>;
  /** One job per entity: the key of a payload, so a second send while one waits does nothing. */
  singletonKey?: (payload: z.output<Payload>) => string;
  /** How a worker fetches the jobs (one at a time, how often it polls). */
  work?: PgBoss.WorkOptions;
  /** Cron schedule of a periodic job (the worker role registers it). */
  schedule?: string;
}

const define = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

const id = z.number().int().positive();
/** Periodic jobs carry nothing: pg-boss sends them with no data. */
const periodic = z.object({}).nullish();
const oneAtATime = (pollingIntervalSeconds: number): PgBoss.WorkOptions => ({
  batchSize: 1,
  includeMetadata: true,
  pollingIntervalSeconds,
});

export const JOBS = {
  research: define({
    name: 'research',
    payload: z.object({ reportId: id }),
    send: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 },
    singletonKey: ({ reportId }) => `research-${reportId}`,
    work: oneAtATime(0.5),
  }),
  /** Finds research lost with a crashed worker and tells its buyers. */
  researchSweep: define({ name: 'research-sweep', payload: periodic, schedule: '*/5 * * * *' }),
  renderPdf: define({
    name: 'render-pdf',
    payload: z.object({ reportId: id }),
    send: { retryLimit: 3, retryBackoff: true },
    singletonKey: ({ reportId }) => `render-pdf-${reportId}`,
  }),
  /** Confirmation is promised within 1-2 minutes: the watcher runs every minute. */
  cardanoWatch: define({ name: 'cardano-watch', payload: periodic, schedule: '* * * * *' }),
  cardanoExpire: define({ name: 'cardano-expire', payload: periodic, schedule: '* * * * *' }),
  sessionCleanup: define({ name: 'session-cleanup', payload: periodic, schedule: '17 * * * *' }),
  /** Deliver a stored message, or compose one for an event first. */
  email: define({
    name: 'email',
    payload: z.union([
      z.object({ messageId: id }),
      z.object({ event: z.literal('receipt'), purchaseId: id }),
      z.object({ event: z.literal('refund'), refundId: id }),
      z.object({ event: z.enum(['report_ready', 'research_failed', 'watch_alert']), reportId: id }),
    ]),
    // About 30 s, 1, 2, 4, 8 minutes…: a mail server that is down delays, never blocks.
    send: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
    work: oneAtATime(1),
  }),
  /** Research failed for good: purchases paid with API credits get their credit back. */
  creditRefund: define({
    name: 'credit-refund',
    payload: z.object({ reportId: id }),
    send: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    singletonKey: ({ reportId }) => `credit-refund-${reportId}`,
  }),
  /** A report completed: its buyers' and its asset's watchers' webhook deliveries are created. */
  webhookFanOut: define({
    name: 'webhook-fan-out',
    payload: z.object({ reportId: id }),
    send: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    singletonKey: ({ reportId }) => `webhook-fan-out-${reportId}`,
  }),
  /** One signed POST; retried with backoff for about a day (45 s doubling over 11 retries). */
  webhookDelivery: define({
    name: 'webhook-delivery',
    payload: z.object({ deliveryId: id }),
    send: { retryLimit: 11, retryDelay: 45, retryBackoff: true, expireInSeconds: 60 },
    singletonKey: ({ deliveryId }) => `webhook-delivery-${deliveryId}`,
    work: oneAtATime(1),
  }),
  cardReconcile: define({ name: 'card-reconcile', payload: periodic, schedule: '* * * * *' }),
  cardRefund: define({
    name: 'card-refund',
    payload: z.object({ refundId: id }),
    send: { retryLimit: 8, retryDelay: 30, retryBackoff: true },
    singletonKey: ({ refundId }) => `card-refund-${refundId}`,
    work: oneAtATime(1),
  }),
} as const;

export type JobPayload<J extends JobDefinition<z.ZodType>> = z.output<J['payload']>;

/** Every queue, created at start-up so a send never targets a missing one. */
export const JOB_NAMES: readonly string[] = Object.values(JOBS).map((job) => job.name);

/**
 * Sends a job; with `db`, on that connection, so inside a transaction the job exists exactly
 * when the rows it is about do. `singletonKey` overrides the definition's key.
 */
export async function sendJob<J extends JobDefinition<z.ZodType>>(
  queue: JobQueue,
  job: J,
  payload: z.input<J['payload']>,
  options: {
    db?: DbExecutor;
    singletonKey?: string;
    /** Seconds to wait before the job may start. */
    startAfter?: number;
    /** Overrides the definition's retries (a deferred job keeps what it had left). */
    retryLimit?: number;
  } = {},
): Promise<void> {
  const data = job.payload.parse(payload) as object;
  const singletonKey = options.singletonKey ?? job.singletonKey?.(data);
  await queue.send(job.name, data, {
    ...job.send,
    ...(singletonKey ? { singletonKey } : {}),
    ...(options.startAfter === undefined ? {} : { startAfter: options.startAfter }),
    ...(options.retryLimit === undefined ? {} : { retryLimit: options.retryLimit }),
    ...(options.db ? { db: queueExecutorFor(options.db) } : {}),
  });
}

/** A fetched job with its checked payload. */
export type CheckedJob<J extends JobDefinition<z.ZodType>> = PgBoss.JobWithMetadata<JobPayload<J>>;

/**
 * Registers a worker whose handler receives only payloads that match the definition; a job
 * whose payload does not fails with the reason, so it is never half-handled.
 */
export async function workJob<J extends JobDefinition<z.ZodType>>(
  queue: JobQueue,
  job: J,
  handler: (jobs: CheckedJob<J>[]) => Promise<unknown>,
): Promise<string> {
  const checked = async (jobs: PgBoss.JobWithMetadata<unknown>[]) =>
    handler(
      jobs.map((fetched) => {
        const parsed = job.payload.safeParse(fetched.data);
        if (!parsed.success)
          throw new Error(`job ${job.name} ${fetched.id} has an invalid payload: ${parsed.error.message}`);
        return { ...fetched, data: parsed.data } as CheckedJob<J>;
      }),
    );
  return job.work
    ? queue.work(job.name, { ...job.work, includeMetadata: true }, checked)
    : queue.work(job.name, { includeMetadata: true }, checked);
}

/** Registers a periodic job's schedule (worker role). */
export async function scheduleJob(queue: JobQueue, job: JobDefinition<z.ZodType>): Promise<void> {
  if (!job.schedule) throw new Error(`job ${job.name} has no schedule`);
  await queue.schedule(job.name, job.schedule);
}
