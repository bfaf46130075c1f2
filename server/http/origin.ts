import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import type { HostAllowList } from './host';
import { isApiRequest, isApiV1Request } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests sent by another site (CSRF). Browsers always send
 * Origin on cross-origin POSTs and Sec-Fetch-Site on all requests; server-to-server calls
 * (webhooks, scripts) send neither and are judged by their own authentication. Origin is judged
 * against the names this server answers to (host.ts), never against the request's own Host
 * alone: a rebound page sends a matching pair of both (decision 0230).
 */
export function registerSameOriginGuard(app: FastifyInstance, allowList: HostAllowList): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return done();
    // /api/v1 ignores cookies and needs a bearer key a browser never adds by itself.
    if (isApiV1Request(request)) return done();
    const origin = request.headers.origin;
    let crossOrigin = request.headers['sec-fetch-site'] === 'cross-site';
    if (origin !== undefined) {
      // request.host reads X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
      crossOrigin ||= !allowList.allowsOrigin(origin, request.host, request.raw.socket?.localPort);
    }
    if (crossOrigin) {
      reply.status(403).send(errorBody(403, 'Cross-origin requests are not allowed'));
      return;
    }
    done();
  });
}
