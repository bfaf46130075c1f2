import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { EMBEDDED_DATABASE_NAME } from '../database';
import { runningEmbeddedUrl, startEmbeddedPostgres } from '../db/embedded';

/**
 * The database a command-line tool works on, without migrating it: DATABASE_URL, else the
 * embedded PostgreSQL in DATA_DIR, used where it runs (beside a running store) or started for
 * the tool and stopped after.
 */
export async function openToolDatabase(
  config: Config,
  options: { mustExist: boolean },
): Promise<{ url: string; stop(): Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const running = runningEmbeddedUrl(config.DATA_DIR, EMBEDDED_DATABASE_NAME);
  if (running) return { url: running, stop: async () => {} };
  if (options.mustExist && !existsSync(path.resolve(config.DATA_DIR, 'postgres', 'PG_VERSION'))) {
    throw new Error(
      `No embedded database in ${path.resolve(config.DATA_DIR)} (set DATA_DIR or DATABASE_URL)`,
    );
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    database: EMBEDDED_DATABASE_NAME,
  });
  return embedded;
}
