import type { Logger } from 'pino';
import type { Config } from './config';
import { startEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';

export const EMBEDDED_DATABASE_NAME = 'crow';

/** The database URL to use: DATABASE_URL, or an embedded PostgreSQL started in DATA_DIR. Migrated. */
export async function prepareDatabase(
  config: Config,
  log: Logger,
  stepDone: (step: string) => void = () => {},
) {
  let url = config.DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      database: EMBEDDED_DATABASE_NAME,
      log: (message) => log.warn(message),
    });
    url = embedded.url;
    stop = embedded.stop;
    stepDone('embedded PostgreSQL');
  }
  try {
    await runMigrations(url);
    stepDone('migrations');
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
