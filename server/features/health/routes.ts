import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema } from '../../../contract/site';
import type { WebContext } from '../../context';
import { READINESS_PARTS, readiness } from './readiness';
import { pingDatabase } from './repository';

const livenessSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** "ok" or what is wrong, per part; redis only when REDIS_URL is set. */
  checks: z.partialRecord(z.enum(READINESS_PARTS), z.string()),
  /** The parts that are not ok, named for the operator. */
  failing: z.array(z.enum(READINESS_PARTS)),
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

export async function healthRoutes(app: FastifyInstance, ctx: WebContext) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Liveness: the process answers. A failing database never restarts a live process.
  routes.get('/api/health/live', { schema: { response: { 200: livenessSchema } } }, async () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
  }));
  // Readiness: send this process traffic now? 503 naming the failing parts otherwise, and from
  // the first moment of a shutdown, so the load balancer stops sending before the drain.
  routes.get(
    '/api/health/ready',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const { ready, checks } = await readiness(ctx, ctx.limits.ping);
      const failing = READINESS_PARTS.filter((part) => checks[part] !== undefined && checks[part] !== 'ok');
      reply.header('cache-control', 'no-store');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', checks, failing });
    },
  );
  routes.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await withTimeout(pingDatabase(ctx.db), 2_000).then(
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
