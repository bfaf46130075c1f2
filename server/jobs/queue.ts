import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { runInWorkContext, traceOfJobData, traceToCarry } from '../request-context';
import { JOB_NAMES } from './definitions';

// pg-boss keeps the job queue in the same PostgreSQL (schema `pgboss`): no extra service,
// transactional enqueue, retries, singleton keys and schedules, safe with many workers.

export type JobQueue = PgBoss;

export interface QueueOptions {
  databaseUrl: string;
  /** Web processes only send jobs; workers also supervise (maintenance) and run schedules. */
  runsWorkers: boolean;
  log: Logger;
}

export async function startQueue({ databaseUrl, runsWorkers, log }: QueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: 4,
    supervise: runsWorkers,
    schedule: runsWorkers,
    migrate: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  carryWorkContext(boss, log);
  // Processes starting together on a new database (two web processes and a worker) would create
  // pg-boss's schema and the queues' tables at the same moment, and PostgreSQL then aborts one
  // of them with "deadlock detected": they take turns under an advisory lock instead.
  await withAdvisoryLock(databaseUrl, QUEUE_SETUP_LOCK, async () => {
    await boss.start();
    // One read instead of one statement per queue: after the first start they all exist.
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const name of JOB_NAMES) {
      if (!existing.has(name)) await boss.createQueue(name);
    }
  });
  return boss;
}

type Handler = (jobs: PgBoss.Job<unknown>[]) => Promise<unknown>;

/**
 * A job sent during a request (or during another job) carries that request's id and purchase in
 * `data.trace`; the worker runs each job inside that context, so its log lines (and the jobs it
 * sends in turn) name the request that started the work. Done here once, not in every feature.
 */
function carryWorkContext(boss: PgBoss, log: Logger): void {
  const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
  boss.send = ((...args: unknown[]) => {
    const trace = traceToCarry();
    const data = args[1];
    if (trace && typeof args[0] === 'string' && data && typeof data === 'object' && !Array.isArray(data)) {
      args[1] = { ...data, trace };
    }
    return send(...args);
  }) as PgBoss['send'];

  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  boss.work = ((name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as Handler;
    const inContext = (job: PgBoss.Job<unknown>, jobs: PgBoss.Job<unknown>[]) => {
      const trace = traceOfJobData(job.data);
      return runInWorkContext({ ...trace, job: name, jobId: job.id }, async () => {
        const started = performance.now();
        // Work a request started is logged; the minutely schedules only at debug level.
        const level = trace.requestId === undefined && trace.purchaseId === undefined ? 'debug' : 'info';
        try {
          const output = await handler(jobs);
          log[level]({ ms: Math.round(performance.now() - started) }, 'job done');
          return output;
        } catch (error) {
          log.warn({ err: error, ms: Math.round(performance.now() - started) }, 'job failed');
          throw error;
        }
      });
    };
    const traced: Handler = async (jobs) => {
      if (jobs.length === 1) return inContext(jobs[0]!, jobs);
      // A batch runs job by job, each in its own context (a throw still fails the batch).
      const outputs: unknown[] = [];
      for (const job of jobs) outputs.push(await inContext(job, [job]));
      return outputs;
    };
    return work(name, ...rest, traced);
  }) as PgBoss['work'];
}

/** Advisory lock key for queue set-up (migrations use 7716001). */
const QUEUE_SETUP_LOCK = 7716002;

async function withAdvisoryLock(databaseUrl: string, key: number, action: () => Promise<void>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    await action();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}
