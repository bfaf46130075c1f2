import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from '../../../contract/api-keys';
import { idParamSchema, okResponseSchema } from '../../../contract/http';
import type { AppContext } from '../../context';
import { creditBalance } from '../../domain/credits';
import { requireUserId } from '../../http/signed-in';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './service';

/** The account page's API keys (signed-in session; the keys themselves work on /api/v1). */
export async function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/api-keys',
    { schema: { response: { 200: apiKeyListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = requireUserId(request);
      const [keys, credits] = await Promise.all([listApiKeys(ctx, userId), creditBalance(ctx.db, userId)]);
      return { keys, credits };
    },
  );

  api.post(
    '/api/account/api-keys',
    { schema: { body: createApiKeySchema, response: { 201: createdApiKeySchema } } },
    async (request, reply) => {
      const created = await createApiKey(ctx, requireUserId(request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  api.delete(
    '/api/account/api-keys/:id',
    { schema: { params: idParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await revokeApiKey(ctx, requireUserId(request), request.params.id);
      return { success: true as const };
    },
  );

  api.post(
    '/api/account/api-keys/:id/rotate',
    { schema: { params: idParamSchema, response: { 201: createdApiKeySchema } } },
    async (request, reply) => {
      const created = await rotateApiKey(ctx, requireUserId(request), request.params.id);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );
}
