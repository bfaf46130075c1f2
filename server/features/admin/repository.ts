import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { ATTENTION_LIST_LIMIT } from '../../../contract/admin';
import type { BugStatus } from '../../../contract/bug-reports';
import type { DbExecutor } from '../../db/client';
import {
  bugReports,
  cardanoIncomingTransactions,
  cardanoPayments,
  researchReports,
  users,
} from '../../db/schema';

export function listBugReports(db: DbExecutor) {
  return db
    .select({
      report: bugReports,
      user: { username: users.username, email: users.email },
    })
    .from(bugReports)
    .leftJoin(users, eq(users.id, bugReports.userId))
    .orderBy(desc(bugReports.createdAt), desc(bugReports.id));
}

export async function findBugReport(db: DbExecutor, id: number) {
  const [row] = await db
    .select({
      report: bugReports,
      user: { username: users.username, email: users.email },
    })
    .from(bugReports)
    .leftJoin(users, eq(users.id, bugReports.userId))
    .where(eq(bugReports.id, id))
    .limit(1);
  return row;
}

/** Returns false when no bug report has that id. */
export async function updateBugReportStatus(db: DbExecutor, id: number, status: BugStatus) {
  const updated = await db
    .update(bugReports)
    .set({ status })
    .where(eq(bugReports.id, id))
    .returning({ id: bugReports.id });
  return updated.length > 0;
}

export function listFailedReports(db: DbExecutor) {
  return db
    .select({
      id: researchReports.id,
      assetName: researchReports.assetName,
      failureReason: researchReports.failureReason,
      createdAt: researchReports.createdAt,
      updatedAt: researchReports.updatedAt,
    })
    .from(researchReports)
    .where(eq(researchReports.status, 'failed'))
    .orderBy(desc(researchReports.updatedAt), desc(researchReports.id))
    .limit(ATTENTION_LIST_LIMIT);
}

/** Payments that arrived after expiry, or where something but less than the quote arrived. */
export function listFlaggedPayments(db: DbExecutor) {
  const underPaid = and(
    gt(cardanoPayments.receivedQuantity, '0'),
    lt(cardanoPayments.receivedQuantity, cardanoPayments.expectedQuantity),
  );
  return db
    .select({
      payment: cardanoPayments,
      underPaid: sql<boolean>`coalesce(${underPaid}, false)`.mapWith(Boolean),
      user: { username: users.username, email: users.email },
    })
    .from(cardanoPayments)
    .innerJoin(users, eq(users.id, cardanoPayments.userId))
    .where(or(eq(cardanoPayments.paidLate, true), underPaid))
    .orderBy(desc(cardanoPayments.createdAt), desc(cardanoPayments.id))
    .limit(ATTENTION_LIST_LIMIT);
}

/** Money at a payment address that paid for nothing (late, duplicate, surplus), newest first. */
export function listUnmatchedIncoming(db: DbExecutor) {
  return db
    .select({
      incoming: cardanoIncomingTransactions,
      currency: cardanoPayments.currency,
      user: { username: users.username, email: users.email },
    })
    .from(cardanoIncomingTransactions)
    .innerJoin(cardanoPayments, eq(cardanoPayments.id, cardanoIncomingTransactions.paymentId))
    .innerJoin(users, eq(users.id, cardanoPayments.userId))
    .where(inArray(cardanoIncomingTransactions.classification, ['late', 'duplicate', 'surplus']))
    .orderBy(desc(cardanoIncomingTransactions.recordedAt), desc(cardanoIncomingTransactions.id))
    .limit(ATTENTION_LIST_LIMIT);
}
