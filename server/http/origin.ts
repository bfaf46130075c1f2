import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { isApiRequest, isApiV1Request } from './request-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests sent by another site (CSRF). Browsers always send
 * Origin on cross-origin POSTs and Sec-Fetch-Site on all requests; server-to-server calls
 * (webhooks, scripts) send neither and are judged by their own authentication.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    // /api/v1 ignores cookies and needs a bearer key a browser never adds by itself.
    if (isApiV1Request(request)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    // request.host reads X-Forwarded-Host only when TRUST_PROXY trusts the proxy that sent it.
    const host = request.host;
    let crossOrigin = fetchSite === 'cross-site';
    if (origin && origin !== 'null') {
      try {
        crossOrigin ||= new URL(origin).host !== host;
      } catch {
        crossOrigin = true;
      }
    } else if (origin === 'null') {
      crossOrigin = true;
    }
    if (crossOrigin) {
      return reply.status(403).send(errorBody(403, 'Cross-origin requests are not allowed'));
    }
  });
}
