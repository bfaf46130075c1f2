import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { apiCreditBalances, apiCreditEntries, type CREDIT_ENTRY_REASONS } from '../db/schema';

// Prepaid API credits (decision 0283): a balance per user that the database keeps from going
// below zero, and a ledger entry per change. An entry is unique per purchase and reason, so a
// repeated completion or refund changes the balance once.

type CreditReason = (typeof CREDIT_ENTRY_REASONS)[number];

/**
 * Adds (or, with a negative delta, spends) credits for one purchase. Returns false when this
 * purchase already changed the balance for this reason, or when spending would go below zero.
 * Run it inside the purchase's transaction.
 */
export async function addCredits(
  tx: DbExecutor,
  input: { userId: number; purchaseId: number; delta: number; reason: CreditReason },
): Promise<boolean> {
  if (input.delta < 0) {
    // Spending: one conditional update, so two concurrent spends of the last credit cannot both pass.
    const [spent] = await tx
      .update(apiCreditBalances)
      .set({ balance: sql`${apiCreditBalances.balance} + ${input.delta}` })
      .where(
        sql`${apiCreditBalances.userId} = ${input.userId} and ${apiCreditBalances.balance} >= ${-input.delta}`,
      )
      .returning({ balance: apiCreditBalances.balance });
    if (!spent) return false;
    await tx.insert(apiCreditEntries).values(input);
    return true;
  }
  const [entry] = await tx
    .insert(apiCreditEntries)
    .values(input)
    .onConflictDoNothing({ target: [apiCreditEntries.purchaseId, apiCreditEntries.reason] })
    .returning({ id: apiCreditEntries.id });
  if (!entry) return false;
  await tx
    .insert(apiCreditBalances)
    .values({ userId: input.userId, balance: input.delta })
    .onConflictDoUpdate({
      target: apiCreditBalances.userId,
      set: { balance: sql`${apiCreditBalances.balance} + ${input.delta}` },
    });
  return true;
}

export async function creditBalance(db: DbExecutor, userId: number): Promise<number> {
  const [row] = await db
    .select({ balance: apiCreditBalances.balance })
    .from(apiCreditBalances)
    .where(eq(apiCreditBalances.userId, userId));
  return row?.balance ?? 0;
}
