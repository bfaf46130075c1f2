import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import {
  cardanoPayments,
  creditNotes,
  type EMAIL_KINDS,
  emailMessages,
  invoices,
  refunds,
  researchReports,
  userPurchases,
  users,
  watchAlerts,
  watchlistEntries,
} from '../db/schema';
import { purchaseGrantsReport } from '../domain/report-access';
import type { RenderedEmail } from './messages';

// The email feature's SQL: stored messages, the reads messages are composed from (deleted
// accounts get no mail) and the watch alerts.

export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A completed purchase with its buyer and, for Cardano, the payment it was paid with. */
export async function findReceiptFacts(db: DbExecutor, purchaseId: number) {
  const [row] = await db
    .select({ purchase: userPurchases, user: users, cardano: cardanoPayments, invoice: invoices })
    .from(userPurchases)
    .innerJoin(users, eq(users.id, userPurchases.userId))
    .leftJoin(cardanoPayments, eq(cardanoPayments.id, userPurchases.cardanoPaymentId))
    .leftJoin(invoices, eq(invoices.purchaseId, userPurchases.id))
    .where(
      and(eq(userPurchases.id, purchaseId), eq(userPurchases.status, 'completed'), isNull(users.deletedAt)),
    );
  return row;
}

/** A refund with its buyer, the purchase it returns and the credit note issued with it (if any). */
export async function findRefundFacts(db: DbExecutor, refundId: number) {
  const [row] = await db
    .select({
      refund: refunds,
      purchase: userPurchases,
      user: users,
      creditNote: creditNotes,
      invoice: invoices,
    })
    .from(refunds)
    .innerJoin(userPurchases, eq(userPurchases.id, refunds.purchaseId))
    .innerJoin(users, eq(users.id, refunds.userId))
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(refunds.id, refundId), isNull(users.deletedAt)));
  return row;
}

export async function findReportForEmail(db: DbExecutor, reportId: number) {
  const [report] = await db.select().from(researchReports).where(eq(researchReports.id, reportId));
  return report;
}

/** Everyone who paid for the report (the new-report buyer and buyers of the existing report), deleted accounts left out. */
export async function findPayingBuyers(db: DbExecutor, reportId: number) {
  return db
    .select({ user: users, amount: userPurchases.amount })
    .from(userPurchases)
    .innerJoin(users, eq(users.id, userPurchases.userId))
    .where(and(eq(userPurchases.reportId, reportId), purchaseGrantsReport(db), isNull(users.deletedAt)));
}

export async function storeEmail(
  executor: DbExecutor,
  input: { kind: EmailKind; to: string; userId: number | null; dedupeKey?: string; message: RenderedEmail },
): Promise<number | null> {
  const [row] = await executor
    .insert(emailMessages)
    .values({
      kind: input.kind,
      toAddress: input.to,
      userId: input.userId,
      dedupeKey: input.dedupeKey ?? null,
      subject: input.message.subject,
      textBody: input.message.text,
      htmlBody: input.message.html,
      listUnsubscribeUrl: input.message.listUnsubscribeUrl ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: emailMessages.id });
  return row?.id ?? null;
}

export async function findEmail(executor: DbExecutor, id: number) {
  return executor.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) });
}

export async function markEmailSent(
  executor: DbExecutor,
  id: number,
  transport: 'smtp' | 'outbox',
): Promise<void> {
  // Sent by SMTP: the copy here is no longer needed, and a reset link must not sit in the database.
  const keepBody = transport === 'outbox';
  await executor
    .update(emailMessages)
    .set({
      status: 'sent',
      transport,
      sentAt: sql`now()`,
      attempts: sql`${emailMessages.attempts} + 1`,
      lastError: null,
      ...(keepBody ? {} : { textBody: null, htmlBody: null }),
    })
    .where(eq(emailMessages.id, id));
}

export async function markEmailAttemptFailed(
  executor: DbExecutor,
  id: number,
  error: string,
  final: boolean,
  transport: 'smtp' | 'none',
): Promise<void> {
  await executor
    .update(emailMessages)
    .set({
      attempts: sql`${emailMessages.attempts} + 1`,
      lastError: error.slice(0, 500),
      transport,
      ...(final ? { status: 'failed' as const, textBody: null, htmlBody: null } : {}),
    })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')));
}

/** Whose messages an outbox reader may see: everyone's, one user's, or password resets only. */
export type OutboxScope = { all: true } | { userId: number } | { kind: EmailKind };

/** The development outbox: the newest messages kept by the outbox transport, within a scope. */
export async function listOutbox(executor: DbExecutor, scope: OutboxScope, limit = 50) {
  const inScope =
    'all' in scope
      ? undefined
      : 'userId' in scope
        ? eq(emailMessages.userId, scope.userId)
        : eq(emailMessages.kind, scope.kind);
  return executor
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.transport, 'outbox'), inScope))
    .orderBy(desc(emailMessages.id))
    .limit(limit);
}

/** Everyone watching the asset, with the token of their unsubscribe link; deleted accounts excluded. */
export async function findWatchers(db: DbExecutor, assetId: string) {
  return db
    .select({ user: users, token: watchlistEntries.unsubscribeToken })
    .from(watchlistEntries)
    .innerJoin(users, eq(users.id, watchlistEntries.userId))
    .where(and(eq(watchlistEntries.assetId, assetId), isNull(users.deletedAt)));
}

/**
 * Locks the user's row for the alert decision, so alerts of versions completing at once are
 * counted one after the other. Not FOR UPDATE: rows that merely reference the user (purchases,
 * sessions) stay insertable meanwhile.
 */
export async function lockUserForAlerts(tx: DbExecutor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** The alert's id, or null when this user already has an alert for this version. */
export async function insertWatchAlert(
  tx: DbExecutor,
  alert: { userId: number; reportId: number; previousReportId: number; assetId: string; summary: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(watchAlerts)
    .values(alert)
    .onConflictDoNothing({ target: [watchAlerts.userId, watchAlerts.reportId] })
    .returning({ id: watchAlerts.id });
  return row?.id ?? null;
}

/** How many of the user's alerts were emailed in the last 24 hours. */
export async function countAlertsEmailedToday(tx: DbExecutor, userId: number): Promise<number> {
  const [sent] = await tx
    .select({ n: count() })
    .from(watchAlerts)
    .where(
      and(
        eq(watchAlerts.userId, userId),
        eq(watchAlerts.emailed, true),
        gt(watchAlerts.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return sent?.n ?? 0;
}

export async function markAlertEmailed(tx: DbExecutor, alertId: number): Promise<void> {
  await tx.update(watchAlerts).set({ emailed: true }).where(eq(watchAlerts.id, alertId));
}

/** Messages stored but not delivered yet: a restore queues their delivery again. */
export async function findQueuedEmailIds(db: DbExecutor): Promise<number[]> {
  const rows = await db
    .select({ id: emailMessages.id })
    .from(emailMessages)
    .where(eq(emailMessages.status, 'queued'));
  return rows.map((row) => row.id);
}
