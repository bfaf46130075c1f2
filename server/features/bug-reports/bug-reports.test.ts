import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUG_CATEGORIES,
  BUG_FIELD_LIMITS,
  BUG_MESSAGES,
  BUG_STATUSES,
  BUG_CATEGORIES as CONTRACT_CATEGORIES,
  BUG_STATUSES as CONTRACT_STATUSES,
  tooLongMessage,
} from '../../../contract/bug-reports';
import { bugReports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  category: 'payment',
  title: 'Pay button does nothing',
  description: 'I clicked Pay and nothing happened.',
  steps: '1. Open checkout\n2. Click Pay',
  expected: 'A payment form',
  actual: 'Nothing',
  browser: 'Mozilla/5.0 Chromium',
  device: 'Linux x86_64, 1920x1080',
};

const file = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bug-report',
    headers: cookie ? { cookie } : {},
    payload,
  });

// Each user may file only a few reports an hour; the validation cases share a pool of users.
let reporter: SignedInUser | undefined;
let reporterUses = 0;
async function aReporter(): Promise<string> {
  if (!reporter || reporterUses >= t.ctx.config.BUG_REPORT_RATE_LIMIT_PER_HOUR) {
    reporter = await signUp(t.app);
    reporterUses = 0;
  }
  reporterUses += 1;
  return reporter.cookie;
}

describe('POST /api/bug-report', () => {
  it('keeps the contract and the database in step on statuses and categories', () => {
    expect([...CONTRACT_STATUSES]).toEqual([...BUG_STATUSES]);
    expect([...CONTRACT_CATEGORIES]).toEqual([...BUG_CATEGORIES]);
  });

  it('refuses a signed-out caller with 401 and stores nothing', async () => {
    const response = await file(undefined, valid);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('You need to sign in to do that');
    expect(await t.ctx.db.select().from(bugReports)).toHaveLength(0);
  });

  it('stores the report with the user id and status open', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await file(cookie, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ success: true, status: 'open' });
    const [row] = await t.ctx.db.select().from(bugReports).where(eq(bugReports.id, body.id));
    expect(row).toMatchObject({ ...valid, userId: user.id, status: 'open' });
  });

  it('accepts only the required fields and stores blank optional ones as empty', async () => {
    const response = await file(await aReporter(), {
      name: ' Bob ',
      email: 'bob@example.com',
      title: 'T',
      description: 'D',
      category: '',
      steps: '',
      browser: null,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(bugReports).where(eq(bugReports.id, response.json().id));
    expect(row).toMatchObject({ name: 'Bob', category: null, steps: null, browser: null, device: null });
  });

  it('ignores a status sent by the client: a new report is always open', async () => {
    const response = await file(await aReporter(), { ...valid, status: 'resolved' });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('open');
  });

  it.each([
    ['a missing name', { name: undefined }, BUG_MESSAGES.nameRequired],
    ['a blank name', { name: '   ' }, BUG_MESSAGES.nameRequired],
    ['a missing email', { email: undefined }, BUG_MESSAGES.emailInvalid],
    ['an invalid email', { email: 'not-an-email' }, BUG_MESSAGES.emailInvalid],
    ['a missing title', { title: undefined }, BUG_MESSAGES.titleRequired],
    ['a blank title', { title: '' }, BUG_MESSAGES.titleRequired],
    ['a missing description', { description: undefined }, BUG_MESSAGES.descriptionRequired],
    ['a blank description', { description: ' \n ' }, BUG_MESSAGES.descriptionRequired],
    ['an unknown category', { category: 'billing' }, BUG_MESSAGES.categoryInvalid],
    ['a number as title', { title: 42 }, BUG_MESSAGES.titleRequired],
  ])('refuses %s with "%s"', async (_label, change, message) => {
    const response = await file(await aReporter(), { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('reports every invalid field at once', async () => {
    const response = await file(await aReporter(), { category: 'ui' });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        BUG_MESSAGES.nameRequired,
        BUG_MESSAGES.emailInvalid,
        BUG_MESSAGES.titleRequired,
        BUG_MESSAGES.descriptionRequired,
      ]),
    );
  });

  const fields = Object.keys(BUG_FIELD_LIMITS) as (keyof typeof BUG_FIELD_LIMITS)[];
  it.each(fields)('refuses an oversized %s and accepts one at the limit', async (field) => {
    const limit = BUG_FIELD_LIMITS[field];
    const fits = field === 'email' ? `${'a'.repeat(limit - 12)}@example.com` : 'x'.repeat(limit);
    const tooLong = field === 'email' ? `${'a'.repeat(limit - 11)}@example.com` : 'x'.repeat(limit + 1);
    const refused = await file(await aReporter(), { ...valid, [field]: tooLong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      field === 'email' ? BUG_MESSAGES.emailInvalid : tooLongMessage(field),
    );
    const accepted = await file(await aReporter(), { ...valid, [field]: fits });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('refuses a body beyond the server limit with 413', async () => {
    const response = await file(await aReporter(), { ...valid, description: 'x'.repeat(200_000) });
    expect(response.statusCode).toBe(413);
  });

  it('answers 429 with a readable message once a user has filed too many, without slowing others', async () => {
    const { cookie } = await signUp(t.app);
    for (let i = 0; i < t.ctx.config.BUG_REPORT_RATE_LIMIT_PER_HOUR; i++) {
      expect((await file(cookie, valid)).statusCode).toBe(201);
    }
    const blocked = await file(cookie, valid);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);

    const other = await signUp(t.app);
    expect((await file(other.cookie, valid)).statusCode).toBe(201);
  });
});
