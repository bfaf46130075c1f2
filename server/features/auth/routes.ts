import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  userResponseSchema,
} from '../../../contract/auth';
import { okResponseSchema } from '../../../contract/http';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { loginAccountLimit, rateLimits } from '../../http/rate-limits';
import { authenticate, registerUser } from './service';
import { endSession, startSession, toCurrentUser } from './sessions';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limits = rateLimits(ctx.config);
  const perAccount = loginAccountLimit(app, ctx.config);

  api.post(
    '/api/auth/register',
    {
      schema: { body: registerRequestSchema, response: { 201: userResponseSchema } },
      config: { rateLimit: limits.register },
    },
    async (request, reply) => {
      const user = await ctx.db.transaction(async (tx) => {
        const created = await registerUser(tx, request.body);
        await startSession(ctx, tx, reply, created.id);
        return created;
      });
      return reply.status(201).send({ user: toCurrentUser(user) });
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: userResponseSchema } },
      config: { rateLimit: limits.login },
      preHandler: perAccount,
    },
    async (request, reply) => {
      const user = await authenticate(ctx.db, request.body);
      await startSession(ctx, ctx.db, reply, user.id);
      return { user: toCurrentUser(user) };
    },
  );

  api.post(
    '/api/auth/logout',
    { schema: { response: { 200: okResponseSchema } } },
    async (request, reply) => {
      await endSession(ctx, request, reply);
      return { success: true as const };
    },
  );

  // The header's Logout is a plain link: end the session and send the browser home.
  api.get('/api/logout', { schema: { querystring: z.object({}).passthrough() } }, async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.redirect('/', 303);
  });

  api.get('/api/auth/me', { schema: { response: { 200: userResponseSchema } } }, async (request) => {
    if (!request.user) throw unauthorized(AUTH_MESSAGES.notSignedIn);
    return { user: request.user };
  });
}
