import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../contract/auth';
import { TIMINGS_MS } from '../../contract/constants';
import { getJson, handCheck, sendJson } from './api';
import { queryClient } from './query-client';

/** The server seeds this key with the session's user (client/entry-server.tsx, main.tsx). */
export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The answer of GET /api/auth/me (contract/auth.ts userResponseSchema). */
export function isSignedInAnswer(body: unknown): body is { user: CurrentUser } {
  if (!isRecord(body) || !isRecord(body.user)) return false;
  const { id, username, email, isAdmin, createdAt } = body.user;
  return (
    Number.isInteger(id) &&
    typeof username === 'string' &&
    typeof email === 'string' &&
    typeof isAdmin === 'boolean' &&
    typeof createdAt === 'string'
  );
}

// A hand check, not the contract's zod schema: this module is in the entry chunk, which loads
// no zod.
const signedInAnswer = handCheck('{ user }', isSignedInAnswer);

/** The signed-in user, or null: any failure of the check (401, network, odd answer) means "not signed in". */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return (await getJson('/api/auth/me', signedInAnswer, signal)).user;
  } catch {
    return null;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: TIMINGS_MS.currentUserFresh,
  retry: false,
});

/** The signed-in user, or null. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading };
}

/** After sign-in or registration: the answer's user is the session's. */
export function setCurrentUser(user: CurrentUser | null) {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

/**
 * Ends the session with a POST (the same-origin guard judges writes; a GET could be triggered by
 * any page) and clears every cached answer.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => sendJson('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      setCurrentUser(null);
    },
  });
}
