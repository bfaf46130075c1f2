import { queryOptions } from '@tanstack/react-query';
import { okResponseSchema } from '../../../contract/http';
import {
  accountWebhookListSchema,
  createdWebhookSchema,
  type WebhookEvent,
  webhookDeliveryListSchema,
} from '../../../contract/webhooks';
import { getJson, sendJson } from '../../lib/api';

export const webhooksQuery = queryOptions({
  queryKey: ['account-webhooks'],
  queryFn: ({ signal }) => getJson('/api/account/webhooks', accountWebhookListSchema, signal),
});

export const webhookDeliveriesQuery = (endpointId: number) =>
  queryOptions({
    queryKey: ['account-webhooks', endpointId, 'deliveries'],
    queryFn: ({ signal }) =>
      getJson(`/api/account/webhooks/${endpointId}/deliveries`, webhookDeliveryListSchema, signal),
  });

/** The answer holds the signing secret, the only time it is ever shown. */
export const createWebhook = (body: { url: string; events: WebhookEvent[] }) =>
  sendJson('POST', '/api/account/webhooks', body, createdWebhookSchema);

export const deleteWebhook = (id: number) =>
  sendJson('DELETE', `/api/account/webhooks/${id}`, undefined, okResponseSchema);
