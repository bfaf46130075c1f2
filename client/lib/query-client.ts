import { QueryClient } from '@tanstack/react-query';

// Cached data never goes stale by default, no refetch on focus, no polling and no
// automatic retries; screens that poll say so on their own queries. There is no default query
// function: every query brings its own, checked against the contract (features/*/api.ts).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
