import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = { email: 'nobody@example.com', password: 'whatever-it-is' };

describe('percent-encoded API paths', () => {
  it('get the API headers like the plain path', async () => {
    for (const url of ['/api/auth/me', '/%61pi/auth/me', '/%61%70%69/auth/me', '//api/auth/me']) {
      const response = await t.app.inject({ method: 'GET', url });
      if (response.statusCode === 404) continue; // a path the router does not route is no API answer
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const encoded = await t.app.inject({ method: 'GET', url: '/%61pi/auth/me' });
    expect(encoded.statusCode).toBe(401);
  });

  it('do not skip the origin check', async () => {
    for (const url of ['/api/auth/login', '/%61pi/auth/login', '/%61%70%69/auth/login']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: login,
        headers: { origin: 'http://evil.example' },
      });
      expect(response.statusCode, url).toBe(403);
    }
  });
});

describe('X-Forwarded-Host', () => {
  const forged = { host: 'localhost:5000', 'x-forwarded-host': 'evil.example' };

  it('is ignored without TRUST_PROXY: robots.txt names the Host header, the origin check too', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: forged });
    expect(robots.body).toContain('Sitemap: http://localhost:5000/sitemap.xml');
    expect(robots.body).not.toContain('evil.example');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: login,
      headers: { ...forged, origin: 'http://evil.example' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('is used behind a trusted proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1', ALLOWED_HOSTS: 'shop.example' });
    try {
      const robots = await proxied.app.inject({
        method: 'GET',
        url: '/robots.txt',
        headers: { ...forged, 'x-forwarded-host': 'shop.example' },
      });
      expect(robots.body).toContain('Sitemap: http://shop.example/sitemap.xml');
    } finally {
      await proxied.close();
    }
  });
});

describe('absolute-form request targets', () => {
  /** Writes the request line by hand: no HTTP client sends the absolute form to a server. */
  async function rawRequest(port: number, lines: string[], body = ''): Promise<string> {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => {
        socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      });
      socket.on('end', resolve);
      socket.on('error', reject);
    });
    return answer;
  }

  it('are refused with 400 instead of reaching an API route past the origin check', async () => {
    const server = await createTestApp();
    try {
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = server.app.server.address() as { port: number };
      const body = JSON.stringify(login);
      const post = await rawRequest(
        port,
        [
          `POST http://127.0.0.1:${port}/api/auth/login HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Origin: http://evil.example',
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
        ],
        body,
      );
      expect(post).toMatch(/^HTTP\/1\.1 400 /);
      expect(post).toContain('The request target must be a path');
      const get = await rawRequest(port, [
        `GET http://127.0.0.1:${port}/api/auth/me HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Connection: close',
      ]);
      expect(get).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      await server.close();
    }
  });
});
