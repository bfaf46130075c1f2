import PgBoss from 'pg-boss';
import { connectDatabase } from '../../server/db/client';

// The e2e server's embedded database, for browser tests that set up state the UI cannot (a
// purchase without a checkout, money on the sandbox chain): a connection and a send-only queue.

export const e2eDatabaseUrl = () =>
  `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? 5478}/crow`;

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
