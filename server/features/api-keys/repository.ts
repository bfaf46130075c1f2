import { and, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { apiKeys, apiKeyUsage } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The user's keys that still work (not revoked, not past a rotation's grace period), newest first. */
export function listLiveKeys(db: DbExecutor, userId: number, now: Date) {
  return db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    )
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

/** Requests per key and day since `sinceDay` (YYYY-MM-DD), newest day first. */
export function usageOfKeys(db: DbExecutor, keyIds: number[], sinceDay: string) {
  if (keyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(apiKeyUsage)
    .where(and(inArray(apiKeyUsage.keyId, keyIds), gte(apiKeyUsage.day, sinceDay)))
    .orderBy(desc(apiKeyUsage.day));
}

export async function insertKey(db: DbExecutor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** The user's live key, locked for rotation or revocation; undefined for anyone else's. */
export async function lockLiveKey(db: DbExecutor, userId: number, keyId: number, now: Date) {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.id, keyId),
        eq(apiKeys.userId, userId),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    )
    .for('update');
  return row;
}

export async function revokeKey(db: DbExecutor, keyId: number): Promise<void> {
  await db.update(apiKeys).set({ revokedAt: sql`now()` }).where(eq(apiKeys.id, keyId));
}

export async function expireKeyAt(db: DbExecutor, keyId: number, expiresAt: Date): Promise<void> {
  await db.update(apiKeys).set({ expiresAt }).where(eq(apiKeys.id, keyId));
}

/** Serializes key creation per user, so the per-user cap holds under concurrent requests. */
export async function lockUserKeys(db: DbExecutor, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-keys:${userId}`}, 0))`);
}
