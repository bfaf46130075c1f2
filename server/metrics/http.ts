import type { FastifyInstance } from 'fastify';
import { observeHttpRequest } from './registry';

/**
 * Times every answered request by its route pattern: `/api/reports/:id`, never the URL itself,
 * so a scan of random paths cannot grow the series without bound (unmatched paths share one).
 */
export function registerHttpMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    observeHttpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
