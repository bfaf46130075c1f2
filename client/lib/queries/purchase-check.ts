import { queryOptions } from '@tanstack/react-query';
import { purchaseCheckResponseSchema } from '../../../contract/purchases';
import { getJson } from '../api';

/** The one-purchase rule's answer for a report (both checkouts ask it before any payment). */
export const purchaseCheckQuery = (reportId: number) =>
  queryOptions({
    queryKey: ['purchase-check', reportId],
    queryFn: ({ signal }) =>
      getJson(`/api/purchase-check?reportId=${reportId}`, purchaseCheckResponseSchema, signal),
  });
