import { queryOptions } from '@tanstack/react-query';
import {
  accountSessionListSchema,
  type ChangePasswordRequest,
  type DeleteAccountRequest,
  endedSessionsSchema,
  messageResponseSchema,
} from '../../../contract/account';
import { watchlistResponseSchema } from '../../../contract/watchlist';
import { getJson, sendJson } from '../../lib/api';

/** A download link (a JSON file), not a query: the browser saves the answer. */
export const ACCOUNT_EXPORT_URL = '/api/account/export';

export const changePassword = (body: ChangePasswordRequest) =>
  sendJson('POST', '/api/account/password', body, messageResponseSchema);

export const sessionsQuery = queryOptions({
  queryKey: ['account-sessions'],
  queryFn: ({ signal }) => getJson('/api/account/sessions', accountSessionListSchema, signal),
});

export const endSession = (id: string) =>
  sendJson('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`);

/** Signs out every session but this one; answers how many ended. */
export const endOtherSessions = () =>
  sendJson('DELETE', '/api/account/sessions', undefined, endedSessionsSchema);

export const deleteAccount = (body: DeleteAccountRequest) =>
  sendJson('DELETE', '/api/account', body, messageResponseSchema);

/** Whether buying a report puts its asset on the watchlist; answers the whole new watchlist. */
export const setWatchOnPurchase = (watchOnPurchase: boolean) =>
  sendJson('PUT', '/api/watchlist/settings', { watchOnPurchase }, watchlistResponseSchema);
