import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentModeSchema } from '../../../contract/site';
import type { AppContext } from '../../context';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  queue: z.enum(['ok', 'down']),
  /** Each payment method's mode, so an operator sees at a glance whether real money flows. */
  payments: z.object({ card: paymentModeSchema, cardano: paymentModeSchema }),
  uptimeSeconds: z.number(),
});

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const database = await withTimeout(ctx.db.execute(sql`select 1`), 2_000).then(
          () => 'ok' as const,
          () => 'down' as const,
        );
        const queue = await withTimeout(ctx.queue.getQueue('research'), 2_000).then(
          (found) => (found ? ('ok' as const) : ('down' as const)),
          () => 'down' as const,
        );
        const healthy = database === 'ok';
        return reply.status(healthy ? 200 : 503).send({
          status: healthy && queue === 'ok' ? 'ok' : 'degraded',
          database,
          queue,
          payments: ctx.config.payments,
          uptimeSeconds: Math.round(process.uptime()),
        });
      },
    );
}
