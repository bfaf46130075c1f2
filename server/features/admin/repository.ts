import { and, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { ATTENTION_LIST_LIMIT } from '../../../contract/admin';
import type { BugStatus } from '../../../contract/bug-reports';
import type { DbExecutor } from '../../db/client';
import {
  bugReports,
  cardanoIncomingTransactions,
  cardanoPayments,
  refunds,
  researchReports,
  userPurchases,
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

/** Failed research with the purchase that paid for it (buyer, amount, method, refund). */
export function listFailedReports(db: DbExecutor) {
  return db
    .select({
      id: researchReports.id,
      assetName: researchReports.assetName,
      failureReason: researchReports.failureReason,
      createdAt: researchReports.createdAt,
      updatedAt: researchReports.updatedAt,
      purchaseId: userPurchases.id,
      purchaseStatus: userPurchases.status,
      amount: userPurchases.amount,
      paymentMethod: userPurchases.paymentMethod,
      username: users.username,
      email: users.email,
      refundStatus: refunds.status,
    })
    .from(researchReports)
    .leftJoin(
      userPurchases,
      and(
        eq(userPurchases.reportId, researchReports.id),
        inArray(userPurchases.status, ['completed', 'refunded']),
      ),
    )
    .leftJoin(users, eq(users.id, userPurchases.userId))
    .leftJoin(refunds, eq(refunds.purchaseId, userPurchases.id))
    .where(eq(researchReports.status, 'failed'))
    .orderBy(desc(researchReports.updatedAt), desc(researchReports.id))
    .limit(ATTENTION_LIST_LIMIT);
}

/** Refunds a person still has to act on or watch: Cardano refunds due, card refunds not settled. */
export function listOpenRefunds(db: DbExecutor) {
  return db
    .select({ refund: refunds, user: { username: users.username, email: users.email } })
    .from(refunds)
    .innerJoin(users, eq(users.id, refunds.userId))
    .where(ne(refunds.status, 'succeeded'))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(ATTENTION_LIST_LIMIT);
}

export async function lockReport(tx: DbExecutor, reportId: number) {
  const [row] = await tx
    .select({ id: researchReports.id, status: researchReports.status })
    .from(researchReports)
    .where(eq(researchReports.id, reportId))
    .for('update');
  return row;
}

/** The report's purchases that paid for it (completed, or refunded since). */
export function paidPurchasesOf(tx: DbExecutor, reportId: number) {
  return tx
    .select({ id: userPurchases.id, status: userPurchases.status })
    .from(userPurchases)
    .where(
      and(eq(userPurchases.reportId, reportId), inArray(userPurchases.status, ['completed', 'refunded'])),
    );
}

export async function markReportPendingAgain(tx: DbExecutor, reportId: number) {
  await tx
    .update(researchReports)
    .set({ status: 'pending', failureReason: null })
    .where(eq(researchReports.id, reportId));
}

export async function lockPurchase(tx: DbExecutor, purchaseId: number) {
  const [row] = await tx.select().from(userPurchases).where(eq(userPurchases.id, purchaseId)).for('update');
  return row;
}

/** The report a purchase is for (null: none, or no such purchase); read without a lock. */
export async function reportIdOfPurchase(tx: DbExecutor, purchaseId: number): Promise<number | null> {
  const [row] = await tx
    .select({ reportId: userPurchases.reportId })
    .from(userPurchases)
    .where(eq(userPurchases.id, purchaseId));
  return row?.reportId ?? null;
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
