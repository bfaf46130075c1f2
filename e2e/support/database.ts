import PgBoss from 'pg-boss';
import { E2E_DATA_DIR } from '../../playwright.config';
import { connectDatabase } from '../../server/db/client';
import { runningEmbeddedUrl } from '../../server/db/embedded';

// The e2e server's embedded database, for browser tests that set up state the UI cannot (a
// purchase without a checkout, money on the sandbox chain): a connection and a send-only queue.

/** The running e2e server's database, with the password its data folder keeps (decision 0235). */
export function e2eDatabaseUrl(): string {
  const url = runningEmbeddedUrl(E2E_DATA_DIR, 'crow');
  if (!url) throw new Error(`The e2e server's embedded PostgreSQL is not running in ${E2E_DATA_DIR}`);
  return url;
}

export type E2eDatabase = ReturnType<typeof connectDatabase>;

export async function withE2eDatabase<T>(
  work: (handle: E2eDatabase, queue: PgBoss) => Promise<T>,
): Promise<T> {
  const handle = connectDatabase(e2eDatabaseUrl(), 2);
  const queue = new PgBoss({
    connectionString: e2eDatabaseUrl(),
    schema: 'pgboss',
    max: 1,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  queue.on('error', () => {});
  await queue.start();
  try {
    return await work(handle, queue);
  } finally {
    await queue.stop({ graceful: false, wait: true });
    await handle.close();
  }
}
