import { queryOptions } from '@tanstack/react-query';
import { myReportsResponseSchema, publicReportsResponseSchema } from '../../../contract/marketplace';
import { getJson } from '../api';

/** The signed-in user's reports (the dashboard's My Reports). */
export const myReportsQuery = queryOptions({
  queryKey: ['my-reports'],
  queryFn: ({ signal }) => getJson('/api/my-reports', myReportsResponseSchema, signal),
});

/** The newest public reports (the marketplace). Refetching this key refetches the searches too. */
export const publicReportsQuery = queryOptions({
  queryKey: ['public-reports'],
  queryFn: ({ signal }) => getJson('/api/public-reports', publicReportsResponseSchema, signal),
});

/** Public reports whose asset name matches `term` (the search page and the marketplace tab). */
export const publicReportsSearchQuery = (term: string) =>
  queryOptions({
    queryKey: [...publicReportsQuery.queryKey, 'search', term],
    queryFn: ({ signal }) =>
      getJson(`/api/public-reports?q=${encodeURIComponent(term)}`, publicReportsResponseSchema, signal),
  });
