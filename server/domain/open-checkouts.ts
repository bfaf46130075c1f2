import { and, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import {
  type ABANDONED_INTENT_REASONS,
  abandonedCardIntents,
  cardanoPayments,
  userPurchases,
  users,
} from '../db/schema';
import { failPurchase } from './purchases';

// Checkouts nobody may pay any more. A card intent is recorded here and cancelled at the provider
// by the card reconciliation job (a provider call never runs inside a database transaction, and a
// failed call is simply tried again); a Cardano payment is closed at once. Money that still
// arrives is refunded by completePurchase (decision 0203).

export type AbandonedIntentReason = (typeof ABANDONED_INTENT_REASONS)[number];

export const ACCOUNT_DELETED_REASON = 'The account was deleted';

/** Records card intents to cancel; an intent already recorded keeps its first reason. */
export async function recordAbandonedIntents(
  db: DbExecutor,
  paymentIntentIds: string[],
  reason: AbandonedIntentReason,
): Promise<void> {
  if (paymentIntentIds.length === 0) return;
  await db
    .insert(abandonedCardIntents)
    .values(paymentIntentIds.map((paymentIntentId) => ({ paymentIntentId, reason })))
    .onConflictDoNothing({ target: abandonedCardIntents.paymentIntentId });
}

/**
 * Closes every checkout of a user whose account is being deleted, inside the deletion's
 * transaction: pending purchases fail, open Cardano payments close, and every card intent that
 * is not settled is recorded for cancelling. Locks are taken in the order a payment's completion
 * takes them (Cardano payment, then user, then purchase), so the two never deadlock.
 */
export async function closeOpenCheckouts(
  tx: DbExecutor,
  userId: number,
): Promise<{ cardIntents: string[]; cardanoPayments: number }> {
  const openPayments = await tx
    .select({ id: cardanoPayments.id })
    .from(cardanoPayments)
    .where(and(eq(cardanoPayments.userId, userId), eq(cardanoPayments.status, 'pending')))
    .orderBy(cardanoPayments.id)
    .for('update');
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const unsettled = await tx
    .select()
    .from(userPurchases)
    .where(
      and(eq(userPurchases.userId, userId), inArray(userPurchases.status, ['pending', 'failed', 'expired'])),
    )
    .orderBy(userPurchases.id)
    .for('update');
  for (const purchase of unsettled) {
    if (purchase.status === 'pending') await failPurchase(tx, purchase.id, 'failed', ACCOUNT_DELETED_REASON);
  }
  if (openPayments.length > 0) {
    await tx
      .update(cardanoPayments)
      .set({ status: 'expired' })
      .where(
        inArray(
          cardanoPayments.id,
          openPayments.map((p) => p.id),
        ),
      );
  }
  // A failed or expired card checkout can still be paid from a tab left open: cancel those too.
  const cardIntents = unsettled
    .filter((p) => p.paymentMethod === 'card' && p.stripePaymentIntentId)
    .map((p) => p.stripePaymentIntentId!);
  await recordAbandonedIntents(tx, cardIntents, 'account_deleted');
  return { cardIntents, cardanoPayments: openPayments.length };
}
