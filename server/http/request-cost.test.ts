import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';

// What the per-request savings of decision 0390 must not change, and the one thing they do.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET and HEAD requests', () => {
  it('are answered whatever Content-Encoding they announce: they carry no body to decode', async () => {
    const { cookie } = await signUp(t.app);
    for (const encoding of ['gzip', 'x-unknown']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({
          method,
          url: '/api/auth/me',
          headers: { cookie, 'content-encoding': encoding },
        });
        expect(response.statusCode, `${method} with ${encoding}`).toBe(200);
      }
    }
  });

  it('a POST body is still decompressed', async () => {
    const { gzipSync } = await import('node:zlib');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })),
    });
    // Decoded and read: a wrong password, not an unreadable body.
    expect(response.statusCode).toBe(401);
  });
});

describe('a session answered from the cache', () => {
  it('is refused at once after logout, and a poll right before it still saw the user', async () => {
    const { cookie, user } = await signUp(t.app);
    for (let i = 0; i < 3; i++) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.json().user.id).toBe(user.id);
    }
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/my-reports', headers: { cookie } });
    expect(list.statusCode).toBe(401);
  });
});
