import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { cardanoPayments, researchReports, userPurchases } from '../../db/schema';

export type CardanoPaymentRow = typeof cardanoPayments.$inferSelect;
export type NewCardanoPayment = typeof cardanoPayments.$inferInsert;

/** Any number shared by every process: serializes derivation-index allocation. */
const DERIVATION_LOCK_KEY = 0x43524f57;

/**
 * The next derivation index, under a transaction-scoped lock so two concurrent checkouts never
 * get the same one; the unique index on derivation_index is the backstop. Call inside the
 * transaction that inserts the payment row.
 */
export async function allocateDerivationIndex(tx: DbExecutor): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DERIVATION_LOCK_KEY})`);
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${cardanoPayments.derivationIndex}), -1) + 1` })
    .from(cardanoPayments);
  return Number(row!.next);
}

export async function insertCardanoPayment(tx: DbExecutor, values: NewCardanoPayment) {
  const [row] = await tx.insert(cardanoPayments).values(values).returning();
  return row!;
}

export function findCompletedReport(db: DbExecutor, reportId: number) {
  return db.query.researchReports.findFirst({
    where: and(eq(researchReports.id, reportId), eq(researchReports.status, 'completed')),
    columns: { id: true, assetName: true },
  });
}

/** A payment with the purchase it pays for; only the owner's. */
export async function findPaymentWithPurchase(db: DbExecutor, paymentId: number, userId?: number) {
  const [row] = await db
    .select({ payment: cardanoPayments, purchase: userPurchases })
    .from(cardanoPayments)
    .innerJoin(userPurchases, eq(userPurchases.cardanoPaymentId, cardanoPayments.id))
    .where(
      userId === undefined
        ? eq(cardanoPayments.id, paymentId)
        : and(eq(cardanoPayments.id, paymentId), eq(cardanoPayments.userId, userId)),
    )
    .limit(1);
  return row;
}

/** Payments still watched: pending ones, and expired ones within the late-payment window. */
export function findWatchedPayments(db: DbExecutor, now: Date, lateWatchMs: number) {
  const lateSince = new Date(now.getTime() - lateWatchMs);
  return db
    .select()
    .from(cardanoPayments)
    .where(
      or(
        eq(cardanoPayments.status, 'pending'),
        and(eq(cardanoPayments.status, 'expired'), gt(cardanoPayments.expiresAt, lateSince)),
      ),
    )
    .orderBy(asc(cardanoPayments.expiresAt));
}

export async function recordObservation(db: DbExecutor, paymentId: number, receivedQuantity: bigint) {
  await db
    .update(cardanoPayments)
    .set({ receivedQuantity: receivedQuantity.toString(), lastCheckedAt: sql`now()` })
    .where(and(eq(cardanoPayments.id, paymentId), sql`${cardanoPayments.status} <> 'confirmed'`));
}

export async function touchCheckedPayments(db: DbExecutor, paymentIds: number[]) {
  if (paymentIds.length === 0) return;
  await db
    .update(cardanoPayments)
    .set({ lastCheckedAt: sql`now()` })
    .where(inArray(cardanoPayments.id, paymentIds));
}

export async function lockPayment(tx: DbExecutor, paymentId: number) {
  const [row] = await tx
    .select()
    .from(cardanoPayments)
    .where(eq(cardanoPayments.id, paymentId))
    .for('update');
  return row;
}

export async function markConfirmed(
  tx: DbExecutor,
  paymentId: number,
  values: { receivedQuantity: bigint; paidLate: boolean; reportId: number | null },
) {
  const [row] = await tx
    .update(cardanoPayments)
    .set({
      status: 'confirmed',
      receivedQuantity: values.receivedQuantity.toString(),
      paidLate: values.paidLate,
      reportId: values.reportId,
      confirmedAt: sql`now()`,
      lastCheckedAt: sql`now()`,
    })
    .where(eq(cardanoPayments.id, paymentId))
    .returning();
  return row!;
}

export function findPurchaseForPayment(tx: DbExecutor, paymentId: number) {
  return tx.query.userPurchases.findFirst({ where: eq(userPurchases.cardanoPaymentId, paymentId) });
}

/** Marks unpaid payments whose window closed; returns their ids. */
export async function expireOverduePayments(tx: DbExecutor, now: Date) {
  return tx
    .update(cardanoPayments)
    .set({ status: 'expired' })
    .where(and(eq(cardanoPayments.status, 'pending'), sql`${cardanoPayments.expiresAt} <= ${now}`))
    .returning({ id: cardanoPayments.id });
}
