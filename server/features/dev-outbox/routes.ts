import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, outboxResponseSchema } from '../../../contract/account';
import { ADMIN_USER_ID } from '../../../contract/constants';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../domain/errors';
import { listOutbox, type OutboxScope } from '../../email/repository';
import { developmentOutboxAllowed } from '../../email/transport';
import { isLoopbackAddress } from '../../http/loopback';

/**
 * Who reads what: the admin everything, a signed-in user their own mail, and a signed-out
 * visitor on this computer the password-reset messages (the only mail a signed-out person needs).
 */
function outboxScopeFor(request: FastifyRequest): OutboxScope {
  if (!request.user) return { kind: 'password_reset' };
  if (request.user.id === ADMIN_USER_ID) return { all: true };
  return { userId: request.user.id };
}

/**
 * The development outbox: emails kept in PostgreSQL when no mail server is configured, so the
 * whole product (password reset included) works on `npm start`. Sandbox only; refused otherwise.
 */
export async function devOutboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/outbox',
      { schema: { response: { 200: outboxResponseSchema } } },
      async (request, reply) => {
        if (!developmentOutboxAllowed(ctx.config)) throw notFound(ACCOUNT_MESSAGES.outboxSandboxOnly);
        // The socket's own peer, never request.ip: forwarded headers are written by the caller.
        if (!isLoopbackAddress(request.raw.socket.remoteAddress)) {
          throw forbidden(ACCOUNT_MESSAGES.outboxLoopbackOnly);
        }
        reply.header('cache-control', 'no-store');
        const rows = await listOutbox(ctx.db, outboxScopeFor(request));
        return {
          sandbox: true as const,
          messages: rows.map((row) => ({
            id: row.id,
            kind: row.kind,
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody ?? '',
            html: row.htmlBody ?? '',
            createdAt: row.createdAt.toISOString(),
          })),
        };
      },
    );
}
