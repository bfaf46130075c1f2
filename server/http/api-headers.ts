import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './request-path';

// JSON answers need only a few fixed security headers; helmet's full set (CSP and friends)
// is for the HTML pages. Setting a constant object is ~3x cheaper per request than helmet,
// which matters for the polled /api endpoints (bench:api).
const API_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
} as const;

/** Must be registered before helmet: it opts /api routes out of helmet's per-route hooks. */
export function registerApiSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) (route as { helmet?: boolean }).helmet = false;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiRequest(request)) reply.headers(API_HEADERS);
    done();
  });
}
