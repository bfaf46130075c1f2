import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';

/** What every feature gets from the process: configuration, database, job queue, logger. */
export interface AppContext {
  config: Config;
  db: Database;
  queue: JobQueue;
  log: Logger;
}
