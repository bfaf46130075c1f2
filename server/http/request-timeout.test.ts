import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// A slow sender (one byte of the body every 300 ms, the slow-loris pattern) is cut off once the
// request timeout passes, on a real listening socket: without it the connection stays open.

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1', CONNECTION_TIMEOUT_SECONDS: '60' });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

describe('request timeout', () => {
  it('cuts off a body that trickles in, answering 408 and closing the connection', async () => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => {});
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 300);
    const elapsed = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 8_000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(elapsed).toBeLessThan(4_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);
});
