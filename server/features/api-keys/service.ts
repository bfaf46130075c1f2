import {
  API_KEY_MESSAGES,
  API_KEYS_PER_USER,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '../../../contract/api-keys';
import type { AppContext } from '../../context';
import { newApiKey } from '../../domain/api-keys';
import { DomainError, notFound } from '../../domain/errors';
import {
  type ApiKeyRow,
  expireKeyAt,
  insertKey,
  listLiveKeys,
  lockLiveKey,
  lockUserKeys,
  revokeKey,
  usageOfKeys,
} from './repository';

const DAY_MS = 86_400_000;
/** The account page shows this many days of usage per key. */
const USAGE_DAYS = 7;

function toApiKey(row: ApiKeyRow, usage: { day: string; requests: number }[] = []): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usage,
  };
}

export async function listApiKeys(ctx: AppContext, userId: number): Promise<ApiKey[]> {
  const now = new Date();
  const keys = await listLiveKeys(ctx.db, userId, now);
  const since = new Date(now.getTime() - (USAGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const usage = await usageOfKeys(
    ctx.db,
    keys.map((k) => k.id),
    since,
  );
  return keys.map((key) =>
    toApiKey(
      key,
      usage.filter((u) => u.keyId === key.id).map(({ day, requests }) => ({ day, requests })),
    ),
  );
}

/** Creates a key; the answer is the only place the key itself ever appears. */
export async function createApiKey(
  ctx: AppContext,
  userId: number,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  return ctx.db.transaction(async (tx) => {
    await lockUserKeys(tx, userId);
    if ((await listLiveKeys(tx, userId, new Date())).length >= API_KEYS_PER_USER) {
      throw new DomainError('CONFLICT', API_KEY_MESSAGES.tooMany);
    }
    const { key, prefix, secretHash } = newApiKey();
    const row = await insertKey(tx, { userId, name: input.name, scopes: input.scopes, prefix, secretHash });
    return { key, apiKey: toApiKey(row) };
  });
}

export async function revokeApiKey(ctx: AppContext, userId: number, keyId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const key = await lockLiveKey(tx, userId, keyId, new Date());
    if (!key) throw notFound(API_KEY_MESSAGES.notFound);
    await revokeKey(tx, key.id);
  });
}

/**
 * A new key with the same name and scopes; the old one keeps working for the configured grace
 * period (API_KEY_ROTATION_GRACE_HOURS), so a deployment can switch over without downtime.
 */
export async function rotateApiKey(ctx: AppContext, userId: number, keyId: number): Promise<CreatedApiKey> {
  return ctx.db.transaction(async (tx) => {
    await lockUserKeys(tx, userId);
    const now = new Date();
    const old = await lockLiveKey(tx, userId, keyId, now);
    if (!old) throw notFound(API_KEY_MESSAGES.notFound);
    // One successor per key: a second rotation (also one racing the first, which waits on the
    // user's lock above and then sees the end date) would leave two working successors.
    if (old.expiresAt) throw new DomainError('CONFLICT', API_KEY_MESSAGES.alreadyRotated);
    // The old key works on through its grace period, so the successor needs a free place.
    if ((await listLiveKeys(tx, userId, now)).length >= API_KEYS_PER_USER)
      throw new DomainError('CONFLICT', API_KEY_MESSAGES.tooManyToRotate);
    const expiresAt = new Date(now.getTime() + ctx.config.API_KEY_ROTATION_GRACE_HOURS * 3_600_000);
    await expireKeyAt(tx, old.id, expiresAt);
    const { key, prefix, secretHash } = newApiKey();
    const row = await insertKey(tx, { userId, name: old.name, scopes: old.scopes, prefix, secretHash });
    return { key, apiKey: toApiKey(row), replaced: { id: old.id, expiresAt: expiresAt.toISOString() } };
  });
}
