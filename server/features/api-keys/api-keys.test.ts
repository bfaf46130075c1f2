import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  API_KEYS_PER_USER,
  apiKeyListSchema,
  createdApiKeySchema,
} from '../../../contract/api-keys';
import { apiKeys } from '../../db/schema';
import { hashApiKey } from '../../domain/api-keys';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, STRONG_PASSWORD, signUp } from '../../testing/users';

// API keys on the account page: created with scopes and shown once, listed with last use and
// usage per day, revoked, rotated with a grace period; and what a key can do on /api/v1.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline', API_KEY_ROTATION_GRACE_HOURS: '2' });
});
afterAll(async () => {
  await t.close();
});

const createKey = (user: SignedInUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/account/api-keys', headers: { cookie: user.cookie }, payload });
const listKeys = async (user: SignedInUser) =>
  apiKeyListSchema.parse(
    (await t.app.inject({ url: '/api/account/api-keys', headers: { cookie: user.cookie } })).json(),
  ).keys;
const withKey = (key: string, url: string) =>
  t.app.inject({ url, headers: { authorization: `Bearer ${key}` } });

async function newKey(user: SignedInUser, scopes = ['reports:read', 'watchlist'], name = 'Trading bot') {
  const response = await createKey(user, { name, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return createdApiKeySchema.parse(response.json());
}

describe('API keys', () => {
  it('are created with scopes, shown once, and stored only as a SHA-256 hash with a lookup prefix', async () => {
    const user = await signUp(t.app);
    const created = await newKey(user);
    expect(created.key).toMatch(/^crow_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    expect(created.apiKey).toMatchObject({
      name: 'Trading bot',
      scopes: ['reports:read', 'watchlist'],
      lastUsedAt: null,
    });

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.secretHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(created.apiKey.prefix.length + 1));

    // The list never holds the key itself.
    const listed = await listKeys(user);
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it('refuses a key without a name or scope, and unknown scopes, with readable messages', async () => {
    const user = await signUp(t.app);
    const noName = await createKey(user, { name: ' ', scopes: ['reports:read'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Give the key a name');
    const noScope = await createKey(user, { name: 'x', scopes: [] });
    expect(noScope.json().message).toBe('Choose at least one scope');
    const unknown = await createKey(user, { name: 'x', scopes: ['admin'] });
    expect(unknown.statusCode).toBe(400);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-keys',
      payload: { name: 'x', scopes: ['reports:read'] },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('work as a bearer key on /api/v1, record last use and usage per day, and obey scopes', async () => {
    const user = await signUp(t.app);
    const { key, apiKey } = await newKey(user, ['watchlist']);
    const first = await withKey(key, '/api/v1/watchlist');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ assets: [] });
    await withKey(key, '/api/v1/watchlist');

    const noScope = await withKey(key, '/api/v1/assets?q=bitcoin');
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().message).toBe('This API key lacks the "reports:read" scope.');

    const [listed] = await listKeys(user);
    expect(listed!.id).toBe(apiKey.id);
    expect(listed!.lastUsedAt).not.toBeNull();
    const today = new Date().toISOString().slice(0, 10);
    // Every authenticated request counts, also the one refused for its scope.
    expect(listed!.usage).toEqual([{ day: today, requests: 3 }]);
  });

  it('are refused when missing, malformed, unknown, or of another kind (a session cookie does not count)', async () => {
    const user = await signUp(t.app);
    const none = await t.app.inject({ url: '/api/v1/watchlist', headers: { cookie: user.cookie } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    const { key } = await newKey(user);
    const tampered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await withKey(tampered, '/api/v1/watchlist')).statusCode).toBe(401);
    expect((await withKey('crow_nothing', '/api/v1/watchlist')).statusCode).toBe(401);
  });

  it('revoked: stops working at once and leaves the list; another user cannot revoke it', async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const { key, apiKey } = await newKey(owner);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${apiKey.id}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await withKey(key, '/api/v1/watchlist')).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${apiKey.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withKey(key, '/api/v1/watchlist')).statusCode).toBe(401);
    expect(await listKeys(owner)).toEqual([]);
  });

  it('rotated: a new key with the same name and scopes; the old one works until the grace period ends', async () => {
    const user = await signUp(t.app);
    const old = await newKey(user, ['reports:read'], 'CI');
    const before = Date.now();
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/account/api-keys/${old.apiKey.id}/rotate`,
      headers: { cookie: user.cookie },
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    const fresh = createdApiKeySchema.parse(rotated.json());
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.apiKey).toMatchObject({ name: 'CI', scopes: ['reports:read'] });
    const graceEnds = Date.parse(fresh.replaced!.expiresAt);
    expect(graceEnds - before).toBeGreaterThanOrEqual(2 * 3_600_000 - 1_000);
    expect(graceEnds - before).toBeLessThanOrEqual(2 * 3_600_000 + 5_000);

    expect((await withKey(old.key, '/api/v1/track-record')).statusCode).toBe(200);
    expect((await withKey(fresh.key, '/api/v1/track-record')).statusCode).toBe(200);
    const listed = await listKeys(user);
    expect(listed.map((k) => [k.id, k.expiresAt])).toEqual([
      [fresh.apiKey.id, null],
      [old.apiKey.id, fresh.replaced!.expiresAt],
    ]);

    // The grace period is over: only the new key works.
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.apiKey.id));
    expect((await withKey(old.key, '/api/v1/track-record')).statusCode).toBe(401);
    expect((await withKey(fresh.key, '/api/v1/track-record')).statusCode).toBe(200);
    expect((await listKeys(user)).map((k) => k.id)).toEqual([fresh.apiKey.id]);
  });

  it('rotation keeps to the key cap and gives one successor per key, also when two rotations race', async () => {
    const user = await signUp(t.app);
    const rotate = (owner: SignedInUser, id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/account/api-keys/${id}/rotate`,
        headers: { cookie: owner.cookie },
      });
    const made: number[] = [];
    for (let i = 0; i < API_KEYS_PER_USER; i++)
      made.push((await newKey(user, ['watchlist'], `bot ${i}`)).apiKey.id);
    // The old key works on through its grace period, so a rotation at the cap would make 21.
    const atCap = await rotate(user, made[0]!);
    expect(atCap.statusCode).toBe(409);
    expect(atCap.json().message).toBe(API_KEY_MESSAGES.tooManyToRotate);
    expect(await listKeys(user)).toHaveLength(API_KEYS_PER_USER);

    await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-keys/${made[1]}`,
      headers: { cookie: user.cookie },
    });
    expect((await rotate(user, made[0]!)).statusCode).toBe(201);
    const again = await rotate(user, made[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(API_KEY_MESSAGES.alreadyRotated);
    expect(await listKeys(user)).toHaveLength(API_KEYS_PER_USER);

    // Two rotations of one key at once: one successor, the other refused.
    const racer = await signUp(t.app);
    const { apiKey } = await newKey(racer);
    const answers = await Promise.all([rotate(racer, apiKey.id), rotate(racer, apiKey.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await listKeys(racer)).toHaveLength(2);
  });

  it('stop working when the account is deleted', async () => {
    const user = await signUp(t.app);
    const { key } = await newKey(user);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: user.cookie },
      payload: { password: STRONG_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await withKey(key, '/api/v1/watchlist')).statusCode).toBe(401);
  });
});
