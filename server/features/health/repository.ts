import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** Resolves when the database answers a query at all. */
export async function pingDatabase(db: DbExecutor): Promise<void> {
  await db.execute(sql`select 1`);
}

/** How many migrations drizzle-kit has recorded as applied to this database. */
export async function countAppliedMigrations(db: DbExecutor): Promise<number> {
  const result = await db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.applied ?? 0;
}
