import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

// Cached data never goes stale by default, no refetch on focus, no polling and no
// automatic retries; screens that poll say so on their own queries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only admin's queries still rely on this; every other query brings its own function.
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
