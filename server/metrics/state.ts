import type pg from 'pg';
import type { StateReaders } from './registry';

/** The scrape-time readers of one process: its own pool, and the queue and payments it shares. */
export function databaseStateReaders(pool: pg.Pool): StateReaders {
  return {
    async queues() {
      // Every queue is listed (0 when empty), so a dashboard sees a queue drain rather than vanish.
      // Jobs whose start is still ahead (a retry's backoff, a delayed send) do not wait yet.
      const { rows } = await pool.query<{ queue: string; waiting: number; oldest: number }>(
        `select q.name as queue,
                count(j.id)::int as waiting,
                coalesce(extract(epoch from now() - min(j.created_on)), 0)::float8 as oldest
           from pgboss.queue q
           left join pgboss.job j
             on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
          group by q.name`,
      );
      return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestAgeSeconds: row.oldest }));
    },
    pool() {
      return {
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      };
    },
    async openCardanoPayments() {
      const { rows } = await pool.query<{ open: number }>(
        `select count(*)::int as open from cardano_payments where status = 'pending'`,
      );
      return rows[0]?.open ?? 0;
    },
  };
}
