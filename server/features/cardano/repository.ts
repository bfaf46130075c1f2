import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { cardanoIncomingTransactions, cardanoPayments, userPurchases, users } from '../../db/schema';

export type CardanoPaymentRow = typeof cardanoPayments.$inferSelect;
export type NewCardanoPayment = typeof cardanoPayments.$inferInsert;
export type NewIncomingTransaction = typeof cardanoIncomingTransactions.$inferInsert;

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

/** Every payment (any status) at one of these addresses. */
export async function findPaymentsByAddresses(db: DbExecutor, addresses: string[]) {
  const rows: CardanoPaymentRow[] = [];
  for (let i = 0; i < addresses.length; i += 1_000) {
    const chunk = addresses.slice(i, i + 1_000);
    rows.push(...(await db.select().from(cardanoPayments).where(inArray(cardanoPayments.address, chunk))));
  }
  return rows;
}

/** "paymentId:txHash" of every transaction already recorded for these payments. */
export async function findRecordedTransactions(db: DbExecutor, paymentIds: number[]): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < paymentIds.length; i += 1_000) {
    const rows = await db
      .selectDistinct({
        paymentId: cardanoIncomingTransactions.paymentId,
        txHash: cardanoIncomingTransactions.txHash,
      })
      .from(cardanoIncomingTransactions)
      .where(inArray(cardanoIncomingTransactions.paymentId, paymentIds.slice(i, i + 1_000)));
    for (const row of rows) seen.add(`${row.paymentId}:${row.txHash}`);
  }
  return seen;
}

export async function insertIncomingTransactions(tx: DbExecutor, values: NewIncomingTransaction[]) {
  if (values.length === 0) return;
  await tx.insert(cardanoIncomingTransactions).values(values).onConflictDoNothing();
}

/** Row locks on several payments, taken in id order so two lockers never deadlock. */
export function lockPayments(tx: DbExecutor, paymentIds: number[]) {
  return tx
    .select()
    .from(cardanoPayments)
    .where(inArray(cardanoPayments.id, paymentIds))
    .orderBy(asc(cardanoPayments.id))
    .for('update');
}

/**
 * For every unconfirmed payment with money counted toward it: the total, the part at least
 * `minConfirmations` deep below `tipHeight`, and whether any of it came after the window closed.
 */
export async function unsettledTotals(db: DbExecutor, tipHeight: number, minConfirmations: number) {
  const deep = sql`${tipHeight} - ${cardanoIncomingTransactions.blockHeight} >= ${minConfirmations}`;
  return db
    .select({
      payment: cardanoPayments,
      total: sql<string>`sum(${cardanoIncomingTransactions.quantity})::text`,
      confirmed: sql<string>`coalesce(sum(${cardanoIncomingTransactions.quantity}) filter (where ${deep}), 0)::text`,
    })
    .from(cardanoIncomingTransactions)
    .innerJoin(cardanoPayments, eq(cardanoPayments.id, cardanoIncomingTransactions.paymentId))
    .where(
      and(eq(cardanoIncomingTransactions.classification, 'payment'), ne(cardanoPayments.status, 'confirmed')),
    )
    .groupBy(cardanoPayments.id);
}

/** Which of these payments have at least one transaction recorded as payment. */
export async function paymentsWithRecordedPayment(
  db: DbExecutor,
  paymentIds: number[],
): Promise<Set<number>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ paymentId: cardanoIncomingTransactions.paymentId })
    .from(cardanoIncomingTransactions)
    .where(
      and(
        inArray(cardanoIncomingTransactions.paymentId, paymentIds),
        eq(cardanoIncomingTransactions.classification, 'payment'),
      ),
    );
  return new Set(rows.map((row) => row.paymentId));
}

/** The payment transactions of one payment, newest block last. */
export function paymentTransactionsOf(tx: DbExecutor, paymentId: number) {
  return tx
    .select()
    .from(cardanoIncomingTransactions)
    .where(
      and(
        eq(cardanoIncomingTransactions.paymentId, paymentId),
        eq(cardanoIncomingTransactions.classification, 'payment'),
      ),
    )
    .orderBy(asc(cardanoIncomingTransactions.blockHeight), asc(cardanoIncomingTransactions.id));
}

export async function recordObservation(db: DbExecutor, paymentId: number, receivedQuantity: bigint) {
  await db
    .update(cardanoPayments)
    .set({ receivedQuantity: receivedQuantity.toString() })
    .where(and(eq(cardanoPayments.id, paymentId), sql`${cardanoPayments.status} <> 'confirmed'`));
}

/** Round robin: a payment whose new transactions were looked at goes to the back of the queue. */
export async function touchCheckedPayments(db: DbExecutor, paymentIds: number[]) {
  if (paymentIds.length === 0) return;
  await db
    .update(cardanoPayments)
    .set({ lastCheckedAt: sql`now()` })
    .where(inArray(cardanoPayments.id, paymentIds));
}

/**
 * Serializes payment creation per user (a row lock on the user), then counts the user's unpaid
 * payments whose window is still open. Call inside the creating transaction.
 */
export async function lockAndCountOpenPayments(tx: DbExecutor, userId: number, now: Date): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(cardanoPayments)
    .where(
      and(
        eq(cardanoPayments.userId, userId),
        eq(cardanoPayments.status, 'pending'),
        gt(cardanoPayments.expiresAt, now),
      ),
    );
  return row?.open ?? 0;
}

/** The user's unpaid payments whose window is still open, newest first, with their purchases. */
export function findOpenPaymentsOf(db: DbExecutor, userId: number, now: Date) {
  return db
    .select({ payment: cardanoPayments, purchase: userPurchases })
    .from(cardanoPayments)
    .innerJoin(userPurchases, eq(userPurchases.cardanoPaymentId, cardanoPayments.id))
    .where(
      and(
        eq(cardanoPayments.userId, userId),
        eq(cardanoPayments.status, 'pending'),
        gt(cardanoPayments.expiresAt, now),
      ),
    )
    .orderBy(desc(cardanoPayments.id));
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
