import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
} from '../../../contract/account';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  userResponseSchema,
} from '../../../contract/auth';
import { okResponseSchema } from '../../../contract/http';
import type { WebContext } from '../../context';
import { DomainError, unauthenticated } from '../../domain/errors';
import { forgotPasswordEmailLimit, loginAccountLimit, rateLimits } from '../../http/rate-limits';
import { requestPasswordReset, resetPassword } from './account-service';
import { authenticate, registerUser } from './service';
import { endSession, SESSION_COOKIE, startSession, toCurrentUser } from './sessions';

export async function authRoutes(app: FastifyInstance, ctx: WebContext) {
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

  // Logout is POST only: a GET can be triggered by any page (an image, a link, a prefetch), and
  // the same-origin guard judges only writes. The old address says so instead of logging out.
  api.get('/api/logout', async (_request, reply) => {
    reply.header('allow', 'POST');
    throw new DomainError('METHOD_NOT_ALLOWED', AUTH_MESSAGES.logoutPostOnly);
  });

  api.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: limits.forgotPassword },
      preHandler: forgotPasswordEmailLimit(app, ctx.config),
    },
    async (request) => {
      // Not awaited: the answer takes the same time whether or not the account exists, so its
      // timing tells nothing either. A failure is logged; the email job has its own retries.
      requestPasswordReset(ctx, request.body.email).catch((error) =>
        request.log.error({ err: error }, 'password reset request failed'),
      );
      return { message: ACCOUNT_MESSAGES.resetRequested };
    },
  );

  api.post(
    '/api/auth/reset-password',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: limits.forgotPassword },
    },
    async (request, reply) => {
      await resetPassword(ctx.sessions, ctx, request.body);
      // Whatever session this browser had is gone with the others.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: ACCOUNT_MESSAGES.resetDone };
    },
  );

  api.get('/api/auth/me', { schema: { response: { 200: userResponseSchema } } }, async (request) => {
    if (!request.user) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
    return { user: request.user };
  });
}
