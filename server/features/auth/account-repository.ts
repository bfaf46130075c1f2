import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  bugReports,
  cardanoPayments,
  creditNotes,
  emailMessages,
  invoices,
  passwordResetTokens,
  sessions,
  userPurchases,
  users,
  watchAlerts,
  watchlistEntries,
} from '../../db/schema';

// Queries of password reset and the account page.

export function findActiveUserById(db: DbExecutor, userId: number) {
  return db.query.users.findFirst({ where: and(eq(users.id, userId), isNull(users.deletedAt)) });
}

export async function insertResetToken(
  db: DbExecutor,
  values: { tokenHash: string; userId: number; expiresAt: Date },
) {
  await db.insert(passwordResetTokens).values(values);
}

/** Locks the token row, so two submissions of one link cannot both succeed. */
export async function findResetTokenForUpdate(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Uses up every open reset link of the user (after a reset or a password change). */
export async function useUpResetTokens(db: DbExecutor, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function setPasswordHash(db: DbExecutor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Deletes the user's sessions (all, or all but one) and returns their ids for cache eviction. */
export async function deleteSessionsOfUser(db: DbExecutor, userId: number, exceptSessionId?: string | null) {
  const rows = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return rows.map((row) => row.id);
}

export async function deleteSessionOfUser(db: DbExecutor, userId: number, sessionId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export function listActiveSessions(db: DbExecutor, userId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function exportUserData(db: DbExecutor, userId: number) {
  const [purchases, payments, bugs, watched, alerts] = await Promise.all([
    db.select().from(userPurchases).where(eq(userPurchases.userId, userId)).orderBy(asc(userPurchases.id)),
    db
      .select()
      .from(cardanoPayments)
      .where(eq(cardanoPayments.userId, userId))
      .orderBy(asc(cardanoPayments.id)),
    db.select().from(bugReports).where(eq(bugReports.userId, userId)).orderBy(asc(bugReports.id)),
    db
      .select()
      .from(watchlistEntries)
      .where(eq(watchlistEntries.userId, userId))
      .orderBy(asc(watchlistEntries.createdAt)),
    db.select().from(watchAlerts).where(eq(watchAlerts.userId, userId)).orderBy(asc(watchAlerts.id)),
  ]);
  // Invoices and credit notes as issued (decision 0300).
  const [invoiceRows, creditNoteRows] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(asc(invoices.number)),
    db.select().from(creditNotes).where(eq(creditNotes.userId, userId)).orderBy(asc(creditNotes.number)),
  ]);
  return { purchases, payments, bugs, watched, alerts, invoices: invoiceRows, creditNotes: creditNoteRows };
}

/**
 * Deletes an account but keeps its purchases and payments for accounting: the user row stays
 * as an anonymous placeholder whose username and email can never match a real one (a colon is
 * allowed in neither), so both become free again.
 */
export async function anonymiseUser(db: DbExecutor, userId: number) {
  const placeholder = `deleted:${userId}`;
  await db
    .update(users)
    .set({
      username: placeholder,
      email: placeholder,
      passwordHash: 'deleted',
      stripeCustomerId: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(emailMessages).where(eq(emailMessages.userId, userId));
  // The user row stays, so nothing cascades: what the account followed goes explicitly.
  await db.delete(watchAlerts).where(eq(watchAlerts.userId, userId));
  await db.delete(watchlistEntries).where(eq(watchlistEntries.userId, userId));
  await db
    .update(bugReports)
    .set({ name: 'Deleted account', email: placeholder, userId: null })
    .where(eq(bugReports.userId, userId));
}
