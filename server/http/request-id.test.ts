import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// The id a support question quotes (X-Request-Id): a new UUID per request, or the id the
// operator's proxy assigned, taken only when a proxy is trusted and only when it is well formed.

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
});
