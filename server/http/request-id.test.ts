import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createLogger } from '../logger';
import { createTestApp, type TestApp } from '../testing/test-app';

// The id a support question quotes (X-Request-Id): a new UUID per request, or the id the
// operator's proxy assigned, taken only from a connection TRUST_PROXY trusts and only when it is
// well formed.

let direct: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  behindProxy = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await direct.close();
  await behindProxy.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('answers a new UUID per request, and ignores a client-sent id without a trusted proxy', async () => {
    const first = await direct.app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await direct.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("takes the trusted proxy's id when it is well formed, and a new UUID otherwise", async () => {
    const forwarded = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'lb-7f3a.2026-11-24' },
    });
    expect(forwarded.headers['x-request-id']).toBe('lb-7f3a.2026-11-24');
    const malformed = await behindProxy.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': '{"level":60,"msg":"forged"}' },
    });
    expect(malformed.headers['x-request-id']).toMatch(UUID);
  });

  it('is forged by nobody but the listed proxy when TRUST_PROXY names its address', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
    try {
      const fromProxy = await proxied.app.inject({
        method: 'GET',
        url: '/api/health/live',
        remoteAddress: '10.0.0.5',
        headers: { 'x-request-id': 'lb-from-the-proxy' },
      });
      expect(fromProxy.headers['x-request-id']).toBe('lb-from-the-proxy');
      // A client that reaches the server directly, around the proxy.
      const forged = await proxied.app.inject({
        method: 'GET',
        url: '/api/health/live',
        remoteAddress: '203.0.113.9',
        headers: { 'x-request-id': 'forged-by-the-client' },
      });
      expect(forged.headers['x-request-id']).toMatch(UUID);
    } finally {
      await proxied.close();
    }
  });
});

describe('the request context', () => {
  it('is each request’s own, also for two requests on one keep-alive connection', async () => {
    const lines: string[] = [];
    const log = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { write: (line) => lines.push(line) });
    const app = await buildApp({ ...direct.ctx, log });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ id: string; reused: boolean }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ id: String(response.headers['x-request-id']), reused: request.reusedSocket }),
          );
        });
        request.on('error', reject);
      });
    try {
      const first = await get('/api/health/live');
      const second = await get('/api/auth/me');
      expect(second.reused).toBe(true);
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ofSecond = entries.filter((entry) => entry.reqId === second.id);
      expect(ofSecond.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
      // No line of the second request names the first; its completion names itself.
      expect(ofSecond.filter((entry) => entry.requestId === first.id)).toEqual([]);
      expect(ofSecond.at(-1)).toMatchObject({ msg: 'request completed', requestId: second.id });
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
