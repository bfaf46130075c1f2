import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUG_MESSAGES, BUG_STATUSES } from '../../../contract/bug-reports';
import { bugReports, cardanoPayments, researchReports, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from '../../testing/users';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app, t.ctx.db);
  member = await signUp(t.app, 'member_one');
  // The matrix below changes report id 1.
  expect(await fileBug('first ever')).toBe(1);
});
afterAll(() => t.close());

// A user may file only a few reports an hour: spread the reports over several members.
let reporterCookie: string | undefined;
let reporterUses = 0;
async function fileBug(title: string) {
  if (!reporterCookie || reporterUses >= t.ctx.config.BUG_REPORT_RATE_LIMIT_PER_HOUR) {
    reporterCookie = (await signUp(t.app)).cookie;
    reporterUses = 0;
  }
  reporterUses += 1;
  return fileBugAs(reporterCookie, title);
}

async function fileBugAs(cookie: string, title: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bug-report',
    headers: { cookie },
    payload: { name: 'Reporter', email: 'reporter@example.com', title, description: `About ${title}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const patch = (cookie: string | undefined, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/bug-reports/${id}`,
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('who may use the bug and admin routes', () => {
  const routes = [
    { method: 'POST', url: '/api/bug-report', admin: false },
    { method: 'GET', url: '/api/admin/bug-reports', admin: true },
    { method: 'PATCH', url: '/api/admin/bug-reports/1', admin: true },
    { method: 'GET', url: '/api/admin/failed-reports', admin: true },
    { method: 'GET', url: '/api/admin/flagged-payments', admin: true },
    { method: 'GET', url: '/api/admin/unmatched-incoming', admin: true },
  ] as const;
  const bodies: Record<string, Record<string, unknown> | undefined> = {
    POST: { name: 'N', email: 'n@example.com', title: 'T', description: 'D' },
    PATCH: { status: 'investigating' },
    GET: undefined,
  };

  it.each(routes)('$method $url: anonymous 401, user per role, admin allowed', async (route) => {
    const call = (cookie?: string) =>
      t.app.inject({
        method: route.method,
        url: route.url,
        headers: cookie ? { cookie } : {},
        payload: bodies[route.method],
      });
    const anonymous = await call();
    expect(anonymous.statusCode).toBe(401);
    const asMember = await call(member.cookie);
    expect(asMember.statusCode).toBe(route.admin ? 403 : 201);
    if (route.admin) expect(asMember.json().message).toBe('Admin access required');
    const asAdmin = await call(admin.cookie);
    expect(asAdmin.statusCode).toBe(route.method === 'POST' ? 201 : 200);
  });
});

describe('GET /api/admin/bug-reports', () => {
  it('lists every report newest first with the reporter nested, or null once the account is gone', async () => {
    const leaver = await signUp(t.app, 'leaver_one');
    const first = await fileBugAs(leaver.cookie, 'first');
    const second = await fileBugAs(member.cookie, 'second');
    await t.ctx.db
      .update(bugReports)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(bugReports.id, first));
    await t.ctx.db.delete(users).where(eq(users.id, leaver.user.id));

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bug-reports',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; createdAt: string; user: unknown; title: string }[];
    const times = list.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const secondRow = list.find((r) => r.id === second);
    expect(secondRow).toMatchObject({
      title: 'second',
      description: 'About second',
      status: 'open',
      user: { username: 'member_one', email: 'member_one@example.com' },
    });
    expect(list.find((r) => r.id === first)?.user).toBeNull();
    expect(list.indexOf(secondRow!)).toBeLessThan(list.findIndex((r) => r.id === first));
  });
});

describe('PATCH /api/admin/bug-reports/:id', () => {
  it('moves a report through every status in any order and the list shows each one', async () => {
    const id = await fileBugAs(member.cookie, 'round trip');
    for (const status of ['investigating', 'resolved', 'open', 'closed', 'investigating', 'closed', 'open']) {
      const response = await patch(admin.cookie, id, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id, status, user: { username: 'member_one' } });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/bug-reports',
        headers: { cookie: admin.cookie },
      });
      expect(list.json().find((r: { id: number }) => r.id === id).status).toBe(status);
    }
    expect(BUG_STATUSES).toHaveLength(4);
  });

  it('answers 404 for a missing id, and 400 for an id that cannot exist', async () => {
    const missing = await patch(admin.cookie, 999_999, { status: 'resolved' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(BUG_MESSAGES.notFound);
    for (const id of ['abc', 0, -3]) {
      const response = await patch(admin.cookie, id, { status: 'resolved' });
      expect(response.statusCode, String(id)).toBe(400);
      expect(response.json().message).toBe('Not found');
    }
  });

  it.each([[{ status: 'done' }], [{ status: '' }], [{}], [{ status: 3 }]])(
    'answers 400 for the body %o and changes nothing',
    async (body) => {
      const id = await fileBug('bad status');
      const response = await patch(admin.cookie, id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(BUG_MESSAGES.statusInvalid);
      const [row] = await t.ctx.db.select().from(bugReports).where(eq(bugReports.id, id));
      expect(row?.status).toBe('open');
    },
  );
});

describe('what needs a person', () => {
  it('lists failed research reports with their reason, and nothing else', async () => {
    const [failed] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Brokencoin', status: 'failed', failureReason: 'Market data source timed out' })
      .returning();
    await t.ctx.db.insert(researchReports).values({ assetName: 'Finecoin', status: 'completed' });
    await t.ctx.db.insert(researchReports).values({ assetName: 'Busycoin', status: 'processing' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/failed-reports',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: failed!.id,
        assetName: 'Brokencoin',
        failureReason: 'Market data source timed out',
      }),
    ]);
  });

  it('lists Cardano payments paid late or under-paid, not the ordinary ones', async () => {
    const base = {
      userId: member.user.id,
      amount: '12.500000',
      expectedQuantity: '12500000',
      currency: 'ADA' as const,
      description: 'Research Report Purchase - X',
      usdAmount: '4.99',
      expiresAt: new Date(Date.now() + 30 * 60_000),
    };
    const inserted = await t.ctx.db
      .insert(cardanoPayments)
      .values([
        {
          ...base,
          derivationIndex: 1,
          address: 'addr_test1late',
          status: 'confirmed',
          paidLate: true,
          receivedQuantity: '12500000',
        },
        {
          ...base,
          derivationIndex: 2,
          address: 'addr_test1under',
          status: 'expired',
          receivedQuantity: '5000000',
        },
        {
          ...base,
          derivationIndex: 3,
          address: 'addr_test1fine',
          status: 'confirmed',
          receivedQuantity: '12500000',
        },
        {
          ...base,
          derivationIndex: 4,
          address: 'addr_test1unpaid',
          status: 'pending',
          receivedQuantity: '0',
        },
        {
          ...base,
          derivationIndex: 5,
          address: 'addr_test1over',
          status: 'confirmed',
          receivedQuantity: '13000000',
        },
      ])
      .returning({ id: cardanoPayments.id, address: cardanoPayments.address });
    const idOf = (address: string) => inserted.find((row) => row.address === address)!.id;

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/flagged-payments',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; paidLate: boolean; underPaid: boolean }[];
    expect(list.map((p) => p.id).sort()).toEqual([idOf('addr_test1late'), idOf('addr_test1under')].sort());
    expect(list.find((p) => p.id === idOf('addr_test1late'))).toMatchObject({
      paidLate: true,
      underPaid: false,
      status: 'confirmed',
      user: { username: 'member_one' },
    });
    expect(list.find((p) => p.id === idOf('addr_test1under'))).toMatchObject({
      paidLate: false,
      underPaid: true,
      receivedQuantity: '5000000',
      expectedQuantity: '12500000',
    });
  });
});
