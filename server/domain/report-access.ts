import { and, eq, notExists, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { disputes, reportAccessLog, userPurchases } from '../db/schema';

/**
 * The purchase grants its report: completed, and its card payment not taken back by a lost
 * dispute (decision 0304). Every query that asks "does this buyer own the report" uses this one
 * condition: reading it, its versions, the rebuy refusal, the emails and webhooks about it.
 */
export function purchaseGrantsReport(db: DbExecutor) {
  return and(
    eq(userPurchases.status, 'completed'),
    notExists(
      db
        .select({ id: disputes.id })
        .from(disputes)
        .where(and(eq(disputes.purchaseId, userPurchases.id), eq(disputes.status, 'lost'))),
    ),
  );
}

/**
 * A user may read a report, its progress and its PDF only after a purchase that grants it.
 * Callers answer 404 otherwise, exactly as for a report that does not exist.
 */
export async function userHasReportAccess(
  db: DbExecutor,
  userId: number,
  reportId: number,
): Promise<boolean> {
  const [row] = await accessQuery(db).execute({ userId, reportId });
  return Boolean(row);
}

const accessQuery = preparedQuery((db) =>
  db
    .select({ id: userPurchases.id })
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.userId, sql.placeholder('userId')),
        eq(userPurchases.reportId, sql.placeholder('reportId')),
        purchaseGrantsReport(db),
      ),
    )
    .limit(1)
    .prepare('user_has_report_access'),
);

/** Records that a buyer opened a completed report or downloaded its PDF (dispute evidence, decision 0304). */
export async function logReportAccess(
  db: DbExecutor,
  entry: { userId: number; reportId: number; kind: 'view' | 'pdf_download'; ipAddress: string | null },
): Promise<void> {
  await logQuery(db).execute(entry);
}

const logQuery = preparedQuery((db) =>
  db
    .insert(reportAccessLog)
    .values({
      userId: sql.placeholder('userId'),
      reportId: sql.placeholder('reportId'),
      kind: sql.placeholder('kind'),
      ipAddress: sql.placeholder('ipAddress'),
    })
    .prepare('log_report_access'),
);
