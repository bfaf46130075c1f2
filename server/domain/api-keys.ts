import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_KEY_TAG, type ApiKeyScope } from '../../contract/api-keys';
import type { Database, DbExecutor } from '../db/client';
import { apiKeys, apiKeyUsage, users } from '../db/schema';

// API keys (decision 0280): "crow_<12 hex>_<43 base64url>". The first two parts are the public
// prefix that finds the row; only the SHA-256 of the whole key is stored. The key carries 256
// random bits, so a fast hash is as safe as a slow one: nobody can guess through 2^256
// candidates, and a per-request scrypt would cost every API call (and two shared cores) dearly.

export interface NewApiKey {
  key: string;
  prefix: string;
  secretHash: string;
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function newApiKey(): NewApiKey {
  const prefix = `${API_KEY_TAG}_${randomBytes(6).toString('hex')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, secretHash: hashApiKey(key) };
}

const KEY_PATTERN = new RegExp(`^(${API_KEY_TAG}_[0-9a-f]{12})_[A-Za-z0-9_-]{43}$`);

/** The caller a bearer key stands for. */
export interface KeyCaller {
  keyId: number;
  /** The key's public prefix: unique across databases too, so it names the key's limit counter. */
  prefix: string;
  userId: number;
  scopes: ApiKeyScope[];
}

/**
 * The key's owner and scopes, or null for a malformed, unknown, revoked or expired key, or one
 * whose account was deleted. The hashes are compared in constant time.
 */
export async function findKeyCaller(db: DbExecutor, presented: string, now: Date): Promise<KeyCaller | null> {
  const prefix = KEY_PATTERN.exec(presented)?.[1];
  if (!prefix) return null;
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt), isNull(users.deletedAt)));
  if (!row) return null;
  const expected = Buffer.from(row.secretHash, 'hex');
  const actual = Buffer.from(hashApiKey(presented), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
  return { keyId: row.id, prefix, userId: row.userId, scopes: row.scopes as ApiKeyScope[] };
}

/**
 * Counts one request for the key's day (UTC) and notes when it was last used: one statement, and
 * a commit that does not wait for the disk (usage is informational; a crash may lose the last
 * few counts), so recording costs an API call far less than a durable write would.
 */
export async function recordKeyUse(db: Database, keyId: number, now: Date): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      with touched as (
        update ${apiKeys} set last_used_at = ${now.toISOString()} where ${apiKeys.id} = ${keyId}
      )
      insert into ${apiKeyUsage} (key_id, day, requests) values (${keyId}, ${day}, 1)
      on conflict (key_id, day) do update set requests = ${apiKeyUsage.requests} + 1`);
  });
}
