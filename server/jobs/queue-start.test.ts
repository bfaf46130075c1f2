import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/postgres';
import { JOB_NAMES } from './definitions';
import { type JobQueue, startQueue } from './queue';

// Two web processes and a worker started together on a new database (a fresh compose
// deployment) each set up the job queue at the same moment; every one of them must start.
const templateUrl = inject('templateDatabaseUrl');
const database = `queue_start_${process.pid}`;
const databaseUrl = withDatabase(templateUrl, database);
const serverAdmin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });

beforeAll(async () => {
  await serverAdmin.connect();
  await serverAdmin.query(`create database ${database}`);
});
afterAll(async () => {
  await serverAdmin.query(`drop database if exists ${database} with (force)`);
  await serverAdmin.end();
});

describe('starting the job queue', () => {
  it('starts in three processes at once on a new database, every queue created once', async () => {
    const log = pino({ level: 'silent' });
    const starts = [false, false, true].map((runsWorkers) => startQueue({ databaseUrl, runsWorkers, log }));
    const outcomes = await Promise.allSettled(starts);
    const queues = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    try {
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      const names = (await queues[0]!.getQueues())
        .map((queue) => queue.name)
        .filter((name) => !name.startsWith('__pgboss__'))
        .sort();
      expect(names).toEqual([...JOB_NAMES].sort());
    } finally {
      await Promise.all(queues.map((queue: JobQueue) => queue.stop({ graceful: false, wait: true })));
    }
  }, 60_000);
});
