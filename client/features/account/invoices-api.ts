import { queryOptions } from '@tanstack/react-query';
import { accountingDocumentListSchema } from '../../../contract/invoices';
import { getJson } from '../../lib/api';

/** The signed-in buyer's invoices and credit notes, newest first. */
export const accountingDocumentsQuery = queryOptions({
  queryKey: ['account-invoices'],
  queryFn: ({ signal }) => getJson('/api/account/invoices', accountingDocumentListSchema, signal),
});
