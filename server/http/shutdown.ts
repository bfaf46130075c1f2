import type { FastifyInstance } from 'fastify';

/**
 * Once shutdown starts, answers still in flight say `Connection: close`, so keep-alive clients
 * let go and the server can finish at once instead of waiting out the keep-alive timeout.
 */
export function registerConnectionDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
