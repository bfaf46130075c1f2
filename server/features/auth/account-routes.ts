import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  accountSessionListSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  endedSessionsSchema,
  messageResponseSchema,
  sessionIdParamSchema,
} from '../../../contract/account';
import { okResponseSchema } from '../../../contract/http';
import type { WebContext } from '../../context';
import { requireUserId } from '../../http/signed-in';
import {
  changePassword,
  deleteAccount,
  endOtherSessions,
  endSession,
  exportAccount,
  listSessions,
} from './account-service';
import { SESSION_COOKIE } from './sessions';

/** The signed-in user's id (the access guard has already refused signed-out callers). */

/** The account page's API: password, sessions, data export and deletion. Signed-in users only. */
export async function accountRoutes(app: FastifyInstance, ctx: WebContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Both routes check a password: limited like login.
  const passwordRateLimit = { max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  api.post(
    '/api/account/password',
    {
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: passwordRateLimit },
    },
    async (request) => {
      await changePassword(ctx.sessions, ctx, requireUserId(request), request.sessionId, request.body);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  api.get(
    '/api/account/sessions',
    { schema: { response: { 200: accountSessionListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(ctx, requireUserId(request), request.sessionId) };
    },
  );

  api.delete(
    '/api/account/sessions/:id',
    { schema: { params: sessionIdParamSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await endSession(ctx.sessions, ctx, requireUserId(request), request.sessionId, request.params.id);
      return { success: true as const };
    },
  );

  api.delete(
    '/api/account/sessions',
    { schema: { response: { 200: endedSessionsSchema } } },
    async (request) => ({
      ended: await endOtherSessions(ctx.sessions, ctx, requireUserId(request), request.sessionId),
    }),
  );

  api.get('/api/account/export', async (request, reply) => {
    const data = await exportAccount(ctx, requireUserId(request), request.sessionId);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="crow-research-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  api.delete(
    '/api/account',
    {
      schema: { body: deleteAccountRequestSchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: passwordRateLimit },
    },
    async (request, reply) => {
      await deleteAccount(ctx.sessions, ctx, requireUserId(request), request.body.password);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: ACCOUNT_MESSAGES.accountDeleted };
    },
  );
}
