import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';
import { ADMIN_API_PREFIX, PUBLIC_API_ROUTES } from './public-routes';

let t: TestApp;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const route of collectedRoutes(t)) routes.push(route);
});
afterAll(() => t.close());

function collectedRoutes(test: TestApp) {
  const found: { method: string; url: string }[] = [];
  const candidates = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  // The OpenAPI document lists every registered route with its method.
  const spec = test.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, operations] of Object.entries(spec.paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (candidates.includes(upper) && url.startsWith('/api/')) found.push({ method: upper, url });
    }
  }
  return found;
}

const concrete = (url: string) => url.replace(/:\w+/g, '1');

describe('access to /api routes', () => {
  it('finds the routes to walk', () => {
    expect(routes.length).toBeGreaterThanOrEqual(PUBLIC_API_ROUTES.size - 4);
  });

  it('refuses an anonymous caller on every route that is not listed as public', async () => {
    const protectedRoutes = routes.filter((r) => !PUBLIC_API_ROUTES.has(`${r.method} ${r.url}`));
    for (const route of protectedRoutes) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses an anonymous HEAD request on every protected GET route', async () => {
    const protectedGets = routes.filter((r) => r.method === 'GET' && !PUBLIC_API_ROUTES.has(`GET ${r.url}`));
    expect(protectedGets.length).toBeGreaterThan(0);
    for (const route of protectedGets) {
      const response = await t.app.inject({ method: 'HEAD', url: concrete(route.url) });
      expect(response.statusCode, `HEAD ${route.url}`).toBe(401);
    }
  });

  it('refuses a signed-in non-admin on every admin route', async () => {
    const { cookie } = await signUp(t.app);
    for (const route of routes.filter((r) => r.url.startsWith(ADMIN_API_PREFIX))) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie },
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('takes a form body on no JSON route: each answers 415 (only the webhook reads raw bytes)', async () => {
    const { cookie } = await signUp(t.app);
    const writes = routes.filter(
      (r) =>
        r.method !== 'GET' &&
        !r.url.startsWith(ADMIN_API_PREFIX) &&
        r.url !== '/api/stripe/webhook' &&
        // /api/v1 authenticates by bearer key before it reads a body (401 without one).
        !r.url.startsWith('/api/v1/'),
    );
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(415);
    }
  });

  it('lists only routes that exist as public', () => {
    const known = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect([...PUBLIC_API_ROUTES].filter((r) => !known.has(r))).toEqual([]);
  });
});
