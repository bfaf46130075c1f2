import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { researchReports, watchlistEntries } from '../db/schema';
import { createLogger } from '../logger';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SignedInUser, signUp } from '../testing/users';
import { NUL_MESSAGE } from './validation';

// PostgreSQL text cannot hold U+0000: a NUL byte that reached a query failed there as a 500, and
// the failure was logged with the query's values (an unsubscribe token). Every request string is
// checked first and refused with 400.

let t: TestApp;
let app: FastifyInstance;
let user: SignedInUser;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const log = createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, { write: (line) => lines.push(line) });
  app = await buildApp({ ...t.ctx, log });
  user = await signUp(app);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

async function unsubscribeToken(): Promise<string> {
  await t.ctx.db
    .insert(researchReports)
    .values({ assetName: 'Chainlink', assetId: 'chainlink', status: 'completed', isPublic: true });
  const watched = await app.inject({
    method: 'POST',
    url: '/api/watchlist',
    headers: { cookie: user.cookie },
    payload: { assetId: 'chainlink' },
  });
  expect(watched.statusCode).toBe(201);
  const [entry] = await t.ctx.db
    .select()
    .from(watchlistEntries)
    .where(eq(watchlistEntries.userId, user.user.id));
  return entry!.unsubscribeToken;
}

describe('a NUL byte in a request', () => {
  it('after a valid unsubscribe token is refused with 400, and the token is not logged', async () => {
    const token = await unsubscribeToken();
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: `/watchlist/unsubscribe?token=${encodeURIComponent(token)}%00`,
      });
      expect(response.statusCode, method).toBe(400);
      expect(response.json()).toMatchObject({ message: NUL_MESSAGE });
    }
    // The link itself still works.
    const page = await app.inject({ url: `/watchlist/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(lines.join('')).not.toContain(token);
  });

  it('in the public reports search is refused with 400', async () => {
    const response = await app.inject({ url: '/api/public-reports?q=abc%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', message: NUL_MESSAGE });
  });

  it('in a bug report is refused with 400 naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/bug-report',
      headers: { cookie: user.cookie },
      payload: {
        name: 'Ada',
        email: 'ada@example.com',
        title: 'Pay\u0000 button',
        description: 'Nothing happens.',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'title', message: NUL_MESSAGE }] });
  });
});
