import type { DbExecutor } from './client';

/**
 * A query built once per database handle and prepared on the server: for the queries that run
 * on nearly every request (sessions, dashboard lists), where building the SQL again each time
 * would cost more CPU than running it. `build` must use `sql.placeholder` for its parameters.
 */
export function preparedQuery<T>(build: (db: DbExecutor) => T): (db: DbExecutor) => T {
  const built = new WeakMap<DbExecutor, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
