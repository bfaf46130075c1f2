import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('graceful shutdown', () => {
  it('finishes a request in flight when the server closes, and stops listening at once', async () => {
    const app = await buildApp(t.ctx);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.get('/slow-for-test', async () => {
      entered();
      await gate;
      return { finished: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/slow-for-test`);
    await inHandler;
    const closing = app.close();
    await expect.poll(() => app.server.listening).toBe(false);
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(response.headers.get('connection')).toBe('close');
    await closing; // promptly: the keep-alive connection does not hold the shutdown
  });
});
