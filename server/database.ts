import type { Logger } from 'pino';
import type { Config } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';

export const EMBEDDED_DATABASE_NAME = 'crow';

/**
 * The database server to use, not yet migrated: DATABASE_URL, or an embedded PostgreSQL started
 * in DATA_DIR (stop() stops it again).
 */
export async function startDatabaseServer(
  config: Config,
  log: Logger,
  stepDone: (step: string) => void = () => {},
): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    database: EMBEDDED_DATABASE_NAME,
    log: (message) => log.warn(message),
  });
  stepDone('embedded PostgreSQL');
  return embedded;
}

/** The database URL to use: DATABASE_URL, or an embedded PostgreSQL started in DATA_DIR. Migrated. */
export async function prepareDatabase(
  config: Config,
  log: Logger,
  stepDone: (step: string) => void = () => {},
) {
  const { url, stop } = await startDatabaseServer(config, log, stepDone);
  try {
    await runMigrations(url);
    stepDone('migrations');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
