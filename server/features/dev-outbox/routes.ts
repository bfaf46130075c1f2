import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, outboxResponseSchema } from '../../../contract/account';
import type { AppContext } from '../../context';
import { notFound } from '../../domain/errors';
import { listOutbox } from '../../email/outbox';
import { developmentOutboxAllowed } from '../../email/transport';

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
      async (_request, reply) => {
        if (!developmentOutboxAllowed(ctx.config)) throw notFound(ACCOUNT_MESSAGES.outboxSandboxOnly);
        reply.header('cache-control', 'no-store');
        const rows = await listOutbox(ctx.db);
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
