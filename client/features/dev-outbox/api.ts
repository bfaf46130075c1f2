import { queryOptions } from '@tanstack/react-query';
import { outboxResponseSchema } from '../../../contract/account';
import { getJson } from '../../lib/api';

/** The sandbox's kept emails, newest first. */
export const outboxQuery = queryOptions({
  queryKey: ['dev-outbox'],
  queryFn: ({ signal }) => getJson('/api/dev/outbox', outboxResponseSchema, signal),
});
