import { and, eq, notInArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { sandboxCardIntents } from '../../db/schema';

// The sandbox card ledger (table sandbox_card_intents): the stand-in for Stripe keeps its
// intents in the database, so a payment started on one web process can be paid on another.

export type SandboxIntentRow = typeof sandboxCardIntents.$inferSelect;

/** Outcomes that no later card or cancel changes. */
const FINAL_STATUSES = ['succeeded', 'canceled'];

export async function findSandboxIntent(db: DbExecutor, id: string): Promise<SandboxIntentRow | undefined> {
  const [row] = await db.select().from(sandboxCardIntents).where(eq(sandboxCardIntents.id, id));
  return row;
}

/** Inserts the intent unless its idempotency key exists; either way answers the key's intent. */
export async function insertSandboxIntentOnce(
  db: DbExecutor,
  intent: typeof sandboxCardIntents.$inferInsert,
): Promise<SandboxIntentRow> {
  const [created] = await db
    .insert(sandboxCardIntents)
    .values(intent)
    .onConflictDoNothing({ target: sandboxCardIntents.idempotencyKey })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(sandboxCardIntents)
    .where(eq(sandboxCardIntents.idempotencyKey, intent.idempotencyKey));
  return existing!;
}

/** Sets the status of an intent that is not final yet; undefined when it was (or is missing). */
export async function updateOpenSandboxIntent(
  db: DbExecutor,
  id: string,
  change: { status: string; lastErrorMessage?: string | null; cardCountry?: string },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await db
    .update(sandboxCardIntents)
    .set(change)
    .where(and(eq(sandboxCardIntents.id, id), notInArray(sandboxCardIntents.status, FINAL_STATUSES)))
    .returning();
  return row;
}
