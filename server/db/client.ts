import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A database handle or an open transaction: repositories accept either. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * An executor for pg-boss that runs on the same connection as `executor`: a job sent inside a
 * transaction exists exactly when that transaction commits. (Drizzle keeps the connection on
 * its session; it is not part of its typed API.)
 */
export function queueExecutorFor(executor: DbExecutor): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  const client = (executor as unknown as { session: { client: pg.Pool | pg.PoolClient } }).session.client;
  return { executeSql: (text, values) => client.query(text, values as unknown[]) };
}
