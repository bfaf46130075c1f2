import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// DNS rebinding (decision 0230): a page on another site re-points its own name at this computer
// and calls the demo with that name in Host and in Origin. Only the names this server answers to
// get through; every other Host is answered 421, Origin is judged against the same list.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ FORGOT_PASSWORD_EMAIL_RATE_LIMIT_PER_HOUR: '100' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A request over a real connection, with whatever Host the caller writes. */
function send(options: { method: string; path: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const forgotPassword = (host: string, origin: string) =>
  send({
    method: 'POST',
    path: '/api/auth/forgot-password',
    headers: { host, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@crowresearch.example' }),
  });

describe('a rebound page (Host and Origin of another site)', () => {
  it("cannot ask for the admin's reset mail or read the outbox: 421 with a readable message", async () => {
    const attacker = `rebind.attacker.example:${port}`;
    const reset = await forgotPassword(attacker, `http://${attacker}`);
    expect(reset.status).toBe(421);
    expect(JSON.parse(reset.body)).toMatchObject({
      code: 'MISDIRECTED_REQUEST',
      message: expect.stringContaining('ALLOWED_HOSTS'),
    });
    const outbox = await send({ method: 'GET', path: '/api/dev/outbox', headers: { host: attacker } });
    expect(outbox.status).toBe(421);
    expect(outbox.body).not.toContain('reset');
  });

  it('gets a plain page, not the app, outside /api', async () => {
    const page = await send({ method: 'GET', path: '/login', headers: { host: 'rebind.attacker.example' } });
    expect(page.status).toBe(421);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain('does not answer to the name');
  });

  it('is told apart from this computer’s own names, with the port or without', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const origin = `http://${host}`;
      expect((await forgotPassword(host, origin)).status, host).toBe(200);
    }
  });
});

describe('Origin', () => {
  it('from another program on this computer (another port) is still refused', async () => {
    const response = await forgotPassword(`localhost:${port}`, 'http://localhost:3000');
    expect(response.status).toBe(403);
  });

  it('of a listed name is accepted when the proxy passes its own name in Host', async () => {
    const store = await createTestApp({ PUBLIC_URL: 'https://shop.example', ALLOWED_HOSTS: 'web' });
    try {
      const post = (host: string, origin: string) =>
        store.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          headers: { host, origin },
          payload: { email: 'someone@example.com' },
        });
      expect((await post('web:5000', 'https://shop.example')).statusCode).toBe(200);
      expect((await post('shop.example', 'https://shop.example')).statusCode).toBe(200);
      expect((await post('web:5000', 'https://evil.example')).statusCode).toBe(403);
      expect((await post('other.example', 'https://shop.example')).statusCode).toBe(421);
    } finally {
      await store.close();
    }
  });
});

describe('behind a trusted proxy', () => {
  it('judges the forwarded host, and health probes answer whatever the Host', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', PUBLIC_URL: 'https://shop.example' });
    try {
      const page = (forwardedHost: string) =>
        proxied.app.inject({
          method: 'GET',
          url: '/robots.txt',
          headers: { host: '10.0.0.7:5000', 'x-forwarded-host': forwardedHost },
        });
      expect((await page('shop.example')).statusCode).toBe(200);
      expect((await page('rebind.attacker.example')).statusCode).toBe(421);
      // A load balancer's health check names the target by its address.
      for (const url of ['/api/health/live', '/api/health/ready']) {
        const probe = await proxied.app.inject({ method: 'GET', url, headers: { host: '10.0.0.7:5000' } });
        expect(probe.statusCode, url).not.toBe(421);
      }
    } finally {
      await proxied.close();
    }
  });
});
