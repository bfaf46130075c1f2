import { queryOptions } from '@tanstack/react-query';
import { type ApiKeyScope, apiKeyListSchema, createdApiKeySchema } from '../../../contract/api-keys';
import { okResponseSchema } from '../../../contract/http';
import { getJson, sendJson } from '../../lib/api';

export const apiKeysQuery = queryOptions({
  queryKey: ['account-api-keys'],
  queryFn: ({ signal }) => getJson('/api/account/api-keys', apiKeyListSchema, signal),
});

/** The answer holds the key itself, the only time it is ever shown. */
export const createApiKey = (body: { name: string; scopes: ApiKeyScope[] }) =>
  sendJson('POST', '/api/account/api-keys', body, createdApiKeySchema);

export const revokeApiKey = (id: number) =>
  sendJson('DELETE', `/api/account/api-keys/${id}`, undefined, okResponseSchema);

export const rotateApiKey = (id: number) =>
  sendJson('POST', `/api/account/api-keys/${id}/rotate`, undefined, createdApiKeySchema);

/** The checkout of a prepaid credit pack (its price and size come from GET /api/config). */
export const CREDIT_PACK_CHECKOUT_URL = '/checkout?purchaseType=credit_pack&assetName=API%20credits';
