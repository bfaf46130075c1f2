import { useMutation, useQuery } from '@tanstack/react-query';
import type { CurrentUser, LoginRequest, RegisterRequest } from '../../contract/auth';
import { TIMINGS_MS } from '../../contract/constants';
import { apiRequest } from './api';
import { queryClient } from './query-client';

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

type MeResponse = { user: CurrentUser } | CurrentUser | null;

/** The signed-in user, or null. Any failure of the check means "not signed in". */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: async ({ signal }) => {
      try {
        const response = await fetch('/api/auth/me', { credentials: 'include', signal });
        if (!response.ok) return null;
        const body = (await response.json()) as MeResponse;
        // The user may arrive wrapped in a `user` property.
        return body && 'user' in body ? body.user : body;
      } catch {
        return null;
      }
    },
    staleTime: TIMINGS_MS.currentUserFresh,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => apiRequest<{ user: CurrentUser }>('POST', '/api/auth/login', body),
    onSuccess: ({ user }) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterRequest) =>
      apiRequest<{ user: CurrentUser }>('POST', '/api/auth/register', body),
    onSuccess: ({ user }) => queryClient.setQueryData(CURRENT_USER_KEY, user),
  });
}

/** Ends the session and clears every cached answer. */
export function useLogout() {
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(CURRENT_USER_KEY, null);
    },
  });
}
