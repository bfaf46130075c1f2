import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserSchema, userResponseSchema } from '../../contract/auth';
import { fetchCurrentUser, isSignedInAnswer } from './auth';

const user = { id: 7, username: 'ada', email: 'ada@example.com', isAdmin: false, createdAt: '2026-01-01' };
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('the current-user check (a hand check: the entry chunk loads no zod)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts what the contract accepts and refuses what it refuses', () => {
    const answers: unknown[] = [
      { user },
      { user: { ...user, isAdmin: 'no' } },
      { user: { ...user, id: 1.5 } },
      { user: { ...user, createdAt: undefined } },
      user,
      null,
      'ada',
    ];
    for (const body of answers)
      expect(isSignedInAnswer(body)).toBe(userResponseSchema.safeParse(body).success);
    expect(currentUserSchema.parse(user)).toEqual(user);
  });

  it('answers the signed-in user', async () => {
    answer(200, { user });
    await expect(fetchCurrentUser()).resolves.toEqual(user);
  });

  it('treats every failure as not signed in', async () => {
    answer(401, { code: 'UNAUTHENTICATED', message: 'Sign in' });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    answer(200, { user: { id: 'seven' } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});
