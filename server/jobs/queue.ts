import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

// pg-boss keeps the job queue in the same PostgreSQL (schema `pgboss`): no extra service,
// transactional enqueue, retries, singleton keys and schedules, safe with many workers.

export type JobQueue = PgBoss;

/** Queue names; every queue is created at start-up so `send` never targets a missing one. */
export const QUEUES = {
  research: 'research',
  researchSweep: 'research-sweep',
  renderPdf: 'render-pdf',
  cardanoWatch: 'cardano-watch',
  cardanoExpire: 'cardano-expire',
  sessionCleanup: 'session-cleanup',
  email: 'email',
  cardReconcile: 'card-reconcile',
  cardRefund: 'card-refund',
} as const;

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
  // Processes starting together on a new database (two web processes and a worker) would create
  // pg-boss's schema and the queues' tables at the same moment, and PostgreSQL then aborts one
  // of them with "deadlock detected": they take turns under an advisory lock instead.
  await withAdvisoryLock(databaseUrl, QUEUE_SETUP_LOCK, async () => {
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      await boss.createQueue(name);
    }
  });
  return boss;
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
