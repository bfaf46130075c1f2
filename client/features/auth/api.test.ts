import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedResponseError } from '../../lib/api';
import { logIn } from './api';

const user = { id: 7, username: 'ada', email: 'ada@example.com', isAdmin: false, createdAt: '2026-01-01' };
const answer = (body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));

describe('signing in', () => {
  afterEach(() => vi.restoreAllMocks());

  it("checks the answer with the contract's schema, loaded when the form is sent", async () => {
    answer({ user });
    await expect(logIn({ email: 'ada@example.com', password: 'secret1' })).resolves.toEqual({ user });
    answer({ user: { ...user, isAdmin: 'yes' } });
    await expect(logIn({ email: 'ada@example.com', password: 'secret1' })).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });
});
