import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { API_V1_PREFIX } from '../../../contract/api-keys';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { ADMIN_USER_ID } from '../../../contract/constants';
import { forbidden, unauthenticated } from '../../domain/errors';
import { ADMIN_API_PREFIX, PUBLIC_API_ROUTES } from '../../http/public-routes';

// Callback hooks, not async ones: the check is synchronous, and a promise per request is a
// measurable share of a polled route's cost (decision 0390).
const requireUser: onRequestHookHandler = (request, _reply, done) => {
  done(request.user ? undefined : unauthenticated(AUTH_MESSAGES.notSignedIn));
};

const requireAdmin: onRequestHookHandler = (request, _reply, done) => {
  if (!request.user) return done(unauthenticated(AUTH_MESSAGES.notSignedIn));
  done(request.user.id === ADMIN_USER_ID ? undefined : forbidden(AUTH_MESSAGES.adminOnly));
};

/** Secure by default: every /api route needs a session unless PUBLIC_API_ROUTES lists it. */
export function registerAccessGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // /api/v1 authenticates API keys in its own scope (features/api-v1), never sessions.
    if (route.url.startsWith(API_V1_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify's automatic HEAD route of a GET is as public as that GET, and no more.
    const isPublic = methods.every((method) =>
      PUBLIC_API_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${route.url}`),
    );
    if (isPublic) return;
    const guard = route.url.startsWith(ADMIN_API_PREFIX) ? requireAdmin : requireUser;
    // onRequest: refused before the body is parsed or validated, so a signed-out caller learns
    // nothing from validation messages. Runs after the app-level session resolution.
    const existing = route.onRequest
      ? Array.isArray(route.onRequest)
        ? route.onRequest
        : [route.onRequest]
      : [];
    route.onRequest = [guard, ...existing];
  });
}
