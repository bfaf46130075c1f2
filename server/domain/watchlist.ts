import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { users, watchlistEntries } from '../db/schema';

// The watchlist rows every path writes: the Watch button, a purchase (when the buyer keeps the
// default "watch what I buy"), and the email's unsubscribe link.

/** Adds the asset to the user's watchlist; nothing happens when it is already there. */
export async function watchAsset(
  db: DbExecutor,
  input: { userId: number; assetId: string; assetName: string },
): Promise<void> {
  await db
    .insert(watchlistEntries)
    .values({ ...input, unsubscribeToken: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: [watchlistEntries.userId, watchlistEntries.assetId] });
}

/** A bought report's asset goes on the buyer's watchlist unless they turned that off. */
export async function watchBoughtAsset(
  db: DbExecutor,
  input: { userId: number; assetId: string | null; assetName: string },
): Promise<void> {
  if (!input.assetId) return;
  const [user] = await db
    .select({ watchOnPurchase: users.watchOnPurchase })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user?.watchOnPurchase) return;
  await watchAsset(db, { userId: input.userId, assetId: input.assetId, assetName: input.assetName });
}

export async function unwatchAsset(db: DbExecutor, userId: number, assetId: string): Promise<boolean> {
  const rows = await db
    .delete(watchlistEntries)
    .where(and(eq(watchlistEntries.userId, userId), eq(watchlistEntries.assetId, assetId)))
    .returning({ id: watchlistEntries.id });
  return rows.length > 0;
}

/** The unsubscribe link: removes the one entry the token names; its asset name, or null. */
export async function unwatchByToken(db: DbExecutor, token: string): Promise<string | null> {
  const rows = await db
    .delete(watchlistEntries)
    .where(eq(watchlistEntries.unsubscribeToken, token))
    .returning({ assetName: watchlistEntries.assetName });
  return rows[0]?.assetName ?? null;
}

export async function findWatchByToken(db: DbExecutor, token: string) {
  const [row] = await db
    .select({ assetName: watchlistEntries.assetName })
    .from(watchlistEntries)
    .where(eq(watchlistEntries.unsubscribeToken, token));
  return row;
}
