import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, okResponseSchema } from '../../../contract/http';
import {
  accountWebhookListSchema,
  createdWebhookSchema,
  createWebhookSchema,
  webhookDeliveryListSchema,
} from '../../../contract/webhooks';
import type { AppContext } from '../../context';
import { requireUserId } from '../../http/signed-in';
import { createWebhook, listWebhooksWithLastDelivery, removeWebhook, webhookDeliveries } from './webhooks';

/**
 * The account page's webhooks (signed-in session, same-origin guard): the same endpoints a key
 * manages on /api/v1/webhooks, listed with their newest delivery (decision 0287).
 */
export async function accountWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  api.get(
    '/api/account/webhooks',
    { schema: { response: { 200: accountWebhookListSchema } } },
    async (request) => ({ endpoints: await listWebhooksWithLastDelivery(ctx, requireUserId(request)) }),
  );

  api.post(
    '/api/account/webhooks',
    { schema: { body: createWebhookSchema, response: { 201: createdWebhookSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(ctx, requireUserId(request), request.body)),
  );

  api.delete(
    '/api/account/webhooks/:id',
    { schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await removeWebhook(ctx, requireUserId(request), request.params.id);
      return { success: true as const };
    },
  );

  api.get(
    '/api/account/webhooks/:id/deliveries',
    { schema: { params: idParamSchema, response: { 200: webhookDeliveryListSchema } } },
    async (request) => ({
      deliveries: await webhookDeliveries(ctx, requireUserId(request), request.params.id),
    }),
  );
}
