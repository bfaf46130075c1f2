import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { abandonedCardIntents, userPurchases } from '../../db/schema';

export async function findPurchaseByIntentId(db: DbExecutor, paymentIntentId: string) {
  const [row] = await db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId))
    .limit(1);
  return row;
}

/**
 * Card purchases still pending after `olderThan` that were not asked about since `checkedBefore`:
 * the ones a closed tab left behind. Oldest check first, so none is starved.
 */
export function findStaleCardPurchases(
  db: DbExecutor,
  options: { olderThan: Date; checkedBefore: Date; limit: number },
) {
  return db
    .select()
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.status, 'pending'),
        eq(userPurchases.paymentMethod, 'card'),
        lt(userPurchases.createdAt, options.olderThan),
        or(isNull(userPurchases.lastReconciledAt), lt(userPurchases.lastReconciledAt, options.checkedBefore)),
      ),
    )
    .orderBy(sql`${userPurchases.lastReconciledAt} asc nulls first`, asc(userPurchases.createdAt))
    .limit(options.limit);
}

export async function markReconciled(db: DbExecutor, purchaseId: number) {
  await db
    .update(userPurchases)
    .set({ lastReconciledAt: sql`now()` })
    .where(eq(userPurchases.id, purchaseId));
}

/** Abandoned intents the provider has not yet answered for, least tried first. */
export function findUnsettledAbandonedIntents(db: DbExecutor, limit: number) {
  return db
    .select()
    .from(abandonedCardIntents)
    .where(isNull(abandonedCardIntents.settledAt))
    .orderBy(asc(abandonedCardIntents.attempts), asc(abandonedCardIntents.createdAt))
    .limit(limit);
}

export async function settleAbandonedIntent(
  db: DbExecutor,
  paymentIntentId: string,
  outcome: 'canceled' | 'succeeded' | 'missing',
) {
  await db
    .update(abandonedCardIntents)
    .set({
      outcome,
      settledAt: sql`now()`,
      attempts: sql`${abandonedCardIntents.attempts} + 1`,
      lastError: null,
    })
    .where(eq(abandonedCardIntents.paymentIntentId, paymentIntentId));
}

/** The provider could not settle it this time (still processing, or unreachable): tried again later. */
export async function noteAbandonedIntentAttempt(db: DbExecutor, paymentIntentId: string, error: string) {
  await db
    .update(abandonedCardIntents)
    .set({ attempts: sql`${abandonedCardIntents.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(abandonedCardIntents.paymentIntentId, paymentIntentId));
}
