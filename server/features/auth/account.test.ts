import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../../contract/account';
import { AUTH_MESSAGES } from '../../../contract/auth';
import {
  bugReports,
  emailMessages,
  passwordResetTokens,
  researchReports,
  sessions,
  userPurchases,
  users,
  watchAlerts,
  watchlistEntries,
} from '../../db/schema';
import { watchAsset } from '../../domain/watchlist';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, STRONG_PASSWORD, signInAdmin, signUp } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// One admin per test database: the first test that needs the session creates it.
let adminSession: Promise<SignedInUser> | undefined;
const theAdmin = () => {
  adminSession ??= signInAdmin(t.app, t.ctx.db);
  return adminSession;
};
afterAll(() => t.close());

const NEW_PASSWORD = 'Another#Pass2';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// Each call from its own address, so the per-address limit of forgot-password stays out of the way.
let caller = 0;
const nextAddress = () => {
  caller += 1;
  return `10.1.${Math.floor(caller / 250)}.${(caller % 250) + 1}`;
};
const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

async function login(email: string, password: string, userAgent?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
}
const cookieOf = (response: Awaited<ReturnType<typeof login>>) =>
  `session_id=${response.cookies.find((c) => c.name === 'session_id')?.value}`;

const resetMailsTo = async (email: string) =>
  (await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email)))
    .filter((r) => r.kind === 'password_reset')
    .sort((a, b) => b.id - a.id);

/**
 * The token in the newest reset email to `email` (the development outbox keeps the body). The
 * request answers before the email is stored, so wait for the expected number of them.
 */
async function resetTokenSentTo(email: string, count = 1): Promise<string> {
  await expect
    .poll(async () => (await resetMailsTo(email)).length, { timeout: 5_000, interval: 50 })
    .toBe(count);
  const match = (await resetMailsTo(email))[0]?.textBody?.match(/\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset email to ${email}`);
  return match[1]!;
}

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and mails a link only to a real one', async () => {
    const { user } = await signUp(t.app);
    const known = await post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    }
    const token = await resetTokenSentTo(user.email);
    const unknownMail = await t.ctx.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, 'nobody-here@example.com'));
    expect(unknownMail).toEqual([]);

    // Only a hash of the token is stored with the account; it expires in one hour.
    const [stored] = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(Math.abs(ttl - 60 * 60_000)).toBeLessThan(5_000);
  });

  it('mails a link to /reset-password with a random token, a plain-text part and the disclaimer', async () => {
    const { user } = await signUp(t.app);
    await post('/api/auth/forgot-password', { email: user.email });
    await post('/api/auth/forgot-password', { email: user.email });
    await resetTokenSentTo(user.email, 2);
    const [message] = await t.ctx.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, user.email))
      .limit(1);
    expect(message!.subject).toBe('Reset your Crow Research password');
    expect(message!.textBody).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=[\w-]{43}/);
    expect(message!.textBody).toContain('not financial advice');
    expect(message!.htmlBody).toContain('not financial advice');
    const tokens = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(new Set(tokens.map((row) => row.tokenHash)).size).toBe(2);
  });

  it('refuses a malformed email with the register message', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('limits requests per email address, whether or not it has an account', async () => {
    const max = t.ctx.config.FORGOT_PASSWORD_EMAIL_RATE_LIMIT_PER_HOUR;
    for (let i = 0; i < max; i++) {
      expect((await post('/api/auth/forgot-password', { email: 'flood@example.com' })).statusCode).toBe(200);
    }
    const blocked = await post('/api/auth/forgot-password', { email: 'Flood@Example.com' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many reset requests for this email\. Please wait \d+ minutes and try again\.$/,
    );
    // Another address is not affected.
    expect((await post('/api/auth/forgot-password', { email: 'other@example.com' })).statusCode).toBe(200);
  });

  it('limits requests per caller address across different emails', async () => {
    const max = t.ctx.config.FORGOT_PASSWORD_RATE_LIMIT_PER_HOUR;
    const ask = (i: number, remoteAddress = '10.9.9.9') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `spread${i}@example.com` },
        remoteAddress,
      });
    for (let i = 0; i < max; i++) expect((await ask(i)).statusCode).toBe(200);
    const blocked = await ask(max);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many requests\./);
    expect((await ask(max, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('sets the new password, uses the link up and ends every session of the account', async () => {
    const { user, cookie } = await signUp(t.app);
    const second = cookieOf(await login(user.email, STRONG_PASSWORD));
    expect((await me(second)).statusCode).toBe(200); // cached in this process
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenSentTo(user.email);

    const response = await post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.resetDone);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', {
      token,
      password: 'Third#Pass3',
      confirmPassword: 'Third#Pass3',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(ACCOUNT_MESSAGES.resetTokenUsed);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('uses up older links of the account once one of them worked', async () => {
    const { user } = await signUp(t.app);
    await post('/api/auth/forgot-password', { email: user.email });
    const older = await resetTokenSentTo(user.email);
    await post('/api/auth/forgot-password', { email: user.email });
    const newer = await resetTokenSentTo(user.email, 2);
    expect(newer).not.toBe(older);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await post('/api/auth/reset-password', { token: newer, ...body })).statusCode).toBe(200);
    const stale = await post('/api/auth/reset-password', { token: older, ...body });
    expect(stale.json().message).toBe(ACCOUNT_MESSAGES.resetTokenUsed);
  });

  it('refuses an expired link', async () => {
    const { user } = await signUp(t.app);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenSentTo(user.email);
    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.resetTokenExpired);
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a forged or empty token', async () => {
    for (const token of ['forged-token-0123456789abcdefghijklmnopqrstuv', '']) {
      const response = await post('/api/auth/reset-password', {
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.resetTokenInvalid);
    }
  });

  it.each([
    ['Ab1!', AUTH_MESSAGES.passwordShort],
    ['sturdy#pass1', AUTH_MESSAGES.passwordUpper],
    ['STURDY#PASS1', AUTH_MESSAGES.passwordLower],
    ['Sturdy#Pass', AUTH_MESSAGES.passwordDigit],
    ['SturdyPass1', AUTH_MESSAGES.passwordSpecial],
  ])('applies the register rules: %s -> "%s"', async (password, message) => {
    const { user } = await signUp(t.app);
    await post('/api/auth/forgot-password', { email: user.email });
    const token = await resetTokenSentTo(user.email);
    const response = await post('/api/auth/reset-password', { token, password, confirmPassword: password });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    // The link still works after a refused attempt.
    const ok = await post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses passwords that do not match', async () => {
    const response = await post('/api/auth/reset-password', {
      token: 'x',
      password: NEW_PASSWORD,
      confirmPassword: 'Different#1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.passwordsDontMatch);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const { user, cookie } = await signUp(t.app);
    const other = cookieOf(await login(user.email, STRONG_PASSWORD));
    expect((await me(other)).statusCode).toBe(200);

    const wrong = await post(
      '/api/account/password',
      { currentPassword: 'Wrong#Pass1', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
    expect((await me(other)).statusCode).toBe(200);

    const ok = await post(
      '/api/account/password',
      { currentPassword: STRONG_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(401);
  });

  it('applies the register rules and refuses the same password', async () => {
    const { cookie } = await signUp(t.app);
    const weak = await post(
      '/api/account/password',
      { currentPassword: STRONG_PASSWORD, password: 'weakpass', confirmPassword: 'weakpass' },
      cookie,
    );
    expect(weak.json().message).toBe(AUTH_MESSAGES.passwordUpper);
    const mismatch = await post(
      '/api/account/password',
      { currentPassword: STRONG_PASSWORD, password: NEW_PASSWORD, confirmPassword: 'Other#Pass9' },
      cookie,
    );
    expect(mismatch.json().message).toBe(AUTH_MESSAGES.passwordsDontMatch);
    const same = await post(
      '/api/account/password',
      { currentPassword: STRONG_PASSWORD, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
      cookie,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(ACCOUNT_MESSAGES.samePassword);
  });

  it('refuses a signed-out caller', async () => {
    const response = await post('/api/account/password', {
      currentPassword: STRONG_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  const list = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers: { cookie } })).json()
      .sessions as { id: string; browser: string; current: boolean; createdAt: string; lastSeenAt: string }[];

  it('lists each session with its browser, marks the current one, and ends another', async () => {
    const { user } = await signUp(t.app);
    const firefox = cookieOf(await login(user.email, STRONG_PASSWORD, FIREFOX));
    const chrome = cookieOf(await login(user.email, STRONG_PASSWORD, CHROME));
    const sessionsSeen = await list(firefox);
    expect(sessionsSeen).toHaveLength(3);
    expect(sessionsSeen.find((s) => s.current)?.browser).toBe('Firefox 133 on Windows');
    const chromeSession = sessionsSeen.find((s) => s.browser === 'Chrome 131 on Linux');
    expect(chromeSession?.current).toBe(false);
    for (const s of sessionsSeen) {
      expect(s.id).toMatch(/^[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
    }
    // The list never shows the stored session keys.
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.some((row) => sessionsSeen.some((s) => row.id.includes(s.id)))).toBe(false);

    expect((await me(chrome)).statusCode).toBe(200);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${chromeSession!.id}`,
      headers: { cookie: firefox },
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(chrome)).statusCode).toBe(401);
    expect((await me(firefox)).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${chromeSession!.id}`,
      headers: { cookie: firefox },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
  });

  it('will not end the current session by id, nor another user’s session', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const mine = (await list(alice.cookie))[0]!;
    const current = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${mine.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(current.statusCode).toBe(400);
    expect(current.json().message).toBe(ACCOUNT_MESSAGES.cannotEndCurrent);
    const bobs = (await list(bob.cookie))[0]!;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${bobs.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(bob.cookie)).statusCode).toBe(200);
    const malformed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions/not-an-id',
      headers: { cookie: alice.cookie },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('ends all other sessions at once', async () => {
    const { user, cookie } = await signUp(t.app);
    const others = [
      cookieOf(await login(user.email, STRONG_PASSWORD)),
      cookieOf(await login(user.email, STRONG_PASSWORD)),
    ];
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/sessions',
      headers: { cookie },
    });
    expect(response.json()).toEqual({ ended: 2 });
    for (const other of others) expect((await me(other)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(200);
    expect(await list(cookie)).toHaveLength(1);
  });

  it('records "last seen" at most every few minutes, not on every request', async () => {
    const { user } = await signUp(t.app);
    const cookie = cookieOf(await login(user.email, STRONG_PASSWORD));
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const setLastSeen = () =>
      t.ctx.db.update(sessions).set({ lastSeenAt: hourAgo }).where(eq(sessions.userId, user.id));
    const lastSeen = async () =>
      (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).map((r) =>
        r.lastSeenAt.getTime(),
      );

    await setLastSeen();
    await me(cookie); // first request in this process: an hour-old value is refreshed
    await expect
      .poll(async () => Math.max(...(await lastSeen())), { timeout: 2_000 })
      .toBeGreaterThan(Date.now() - 60_000);
    await setLastSeen();
    for (let i = 0; i < 5; i++) await me(cookie);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Math.max(...(await lastSeen()))).toBe(hourAgo.getTime());
  });
});

describe('export', () => {
  it('downloads the profile, purchases, watchlist and bug reports as JSON', async () => {
    const { user, cookie } = await signUp(t.app);
    const [report] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Litecoin', assetId: 'litecoin', status: 'completed', isPublic: true })
      .returning();
    await watchAsset(t.ctx.db, { userId: user.id, assetId: 'litecoin', assetName: 'Litecoin' });
    await t.ctx.db.insert(watchAlerts).values({
      userId: user.id,
      reportId: report!.id,
      assetId: 'litecoin',
      summary: 'The risk level changed from Low to Medium.',
      emailed: true,
    });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/watchlist/settings',
      headers: { cookie },
      payload: { watchOnPurchase: false },
    });
    expect(off.statusCode).toBe(200);
    await t.ctx.db.insert(userPurchases).values({
      userId: user.id,
      purchaseType: 'new_report',
      assetName: 'Bitcoin',
      amount: '4.99',
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_export_${user.id}`,
      status: 'completed',
    });
    // An earlier checkout of the same report, abandoned before paying.
    await t.ctx.db.insert(userPurchases).values({
      userId: user.id,
      purchaseType: 'new_report',
      assetName: 'Bitcoin',
      amount: '4.99',
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_export_abandoned_${user.id}`,
      status: 'pending',
    });
    await t.ctx.db.insert(bugReports).values({
      name: 'Export Tester',
      email: user.email,
      title: 'Chart overlaps',
      description: 'The score chart overlaps the table on a narrow screen.',
      userId: user.id,
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="crow-research-data-/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(data.purchases).toEqual([
      expect.objectContaining({
        assetName: 'Bitcoin',
        amountUsd: '4.99',
        paymentMethod: 'card',
        status: 'completed',
      }),
    ]);
    // The unpaid one is not a purchase: no amount, said to have taken no money.
    expect(data.unpaidCheckouts).toEqual([
      expect.objectContaining({
        assetName: 'Bitcoin',
        note: 'A checkout that was started and not paid: no money was taken.',
      }),
    ]);
    expect(data.unpaidCheckouts[0]).not.toHaveProperty('amountUsd');
    expect(data.bugReports).toEqual([expect.objectContaining({ title: 'Chart overlaps' })]);
    expect(data.watchlist).toEqual({
      watchOnPurchase: false,
      assets: [{ assetId: 'litecoin', assetName: 'Litecoin', addedAt: expect.any(String) }],
      alerts: [
        expect.objectContaining({
          assetId: 'litecoin',
          reportId: report!.id,
          summary: 'The risk level changed from Low to Medium.',
          emailed: true,
          dismissedAt: null,
        }),
      ],
    });
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('scrypt$');
  });

  it('refuses a signed-out caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });
});

describe('delete account', () => {
  const remove = (payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/account', payload, headers: cookie ? { cookie } : {} });

  it('refuses a signed-out caller and a wrong password', async () => {
    expect((await remove({ password: STRONG_PASSWORD })).statusCode).toBe(401);
    const { cookie } = await signUp(t.app);
    const wrong = await remove({ password: 'Wrong#Pass1' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ACCOUNT_MESSAGES.passwordWrongForDelete);
    expect((await me(cookie)).statusCode).toBe(200);
    const empty = await remove({}, cookie);
    expect(empty.statusCode).toBe(400);
  });

  it('never deletes the admin account', async () => {
    const admin = await theAdmin();
    const response = await remove({ password: 'anything' }, admin.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.adminCannotDelete);
  });

  it('ends the sessions, keeps purchases anonymised and frees the username and email', async () => {
    const { user, cookie } = await signUp(t.app);
    const other = cookieOf(await login(user.email, STRONG_PASSWORD));
    await t.ctx.db.insert(userPurchases).values({
      userId: user.id,
      purchaseType: 'existing_report',
      assetName: 'Cardano',
      amount: '2.99',
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_delete_${user.id}`,
      status: 'completed',
    });
    await t.ctx.db.insert(bugReports).values({
      name: 'Leaving User',
      email: user.email,
      title: 'A bug',
      description: 'Something about the dashboard that is long enough.',
      userId: user.id,
    });
    await post('/api/auth/forgot-password', { email: user.email });
    await resetTokenSentTo(user.email);
    await watchAsset(t.ctx.db, { userId: user.id, assetId: 'cardano', assetName: 'Cardano' });

    const response = await remove({ password: STRONG_PASSWORD }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.accountDeleted);
    expect(String(response.headers['set-cookie'])).toMatch(/session_id=;/);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(401);

    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: `deleted:${user.id}`, email: `deleted:${user.id}` });
    // The placeholder row stays, so nothing cascades: the watchlist is removed with the account.
    expect(
      await t.ctx.db.select().from(watchlistEntries).where(eq(watchlistEntries.userId, user.id)),
    ).toEqual([]);
    expect(row!.deletedAt).not.toBeNull();
    const kept = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.userId, user.id));
    expect(kept).toEqual([
      expect.objectContaining({ assetName: 'Cardano', amount: '2.99', status: 'completed' }),
    ]);
    const bugs = await t.ctx.db.select().from(bugReports).where(eq(bugReports.title, 'A bug'));
    expect(bugs[0]).toMatchObject({ name: 'Deleted account', userId: null });
    expect(bugs[0]!.email).not.toBe(user.email);
    expect(
      await t.ctx.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email)),
    ).toEqual([]);

    // The same username and email can register again, as a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: user.username,
        email: user.email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().user.id).not.toBe(user.id);
    // A reset request for that email reaches the new account only.
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
  });
});

describe('development outbox', () => {
  it('answers in the sandbox, labelled as such (delivery into it: server/email/email.test.ts)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.json().sandbox).toBe(true);
  });

  const outboxAs = (options: { cookie?: string; from?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      remoteAddress: options.from ?? '127.0.0.1',
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    });
  const keptInOutbox = async (userId: number | null, to: string, kind: 'password_reset' | 'receipt') => {
    await t.ctx.db.insert(emailMessages).values({
      kind,
      userId,
      toAddress: to,
      subject: `${kind} for ${to}`,
      textBody: 'body',
      status: 'sent',
      transport: 'outbox',
    });
  };

  it('answers only a caller on this computer, whatever X-Forwarded-For claims', async () => {
    for (const from of ['203.0.113.7', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1']) {
      const response = await outboxAs({ from, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(response.statusCode, from).toBe(403);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.outboxLoopbackOnly);
    }
    for (const from of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await outboxAs({ from })).statusCode, from).toBe(200);
    }
  });

  it('shows the admin every message, a user only their own, a signed-out visitor only reset mail', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const admin = await theAdmin();
    await keptInOutbox(alice.user.id, alice.user.email, 'password_reset');
    await keptInOutbox(alice.user.id, alice.user.email, 'receipt');
    await keptInOutbox(bob.user.id, bob.user.email, 'receipt');
    const recipients = async (cookie?: string) =>
      ((await outboxAs(cookie ? { cookie } : {})).json().messages as { to: string; kind: string }[])
        .filter((m) => [alice.user.email, bob.user.email].includes(m.to))
        .map((m) => `${m.to === alice.user.email ? 'alice' : 'bob'} ${m.kind}`)
        .sort();

    expect(await recipients(admin.cookie)).toEqual(['alice password_reset', 'alice receipt', 'bob receipt']);
    expect(await recipients(alice.cookie)).toEqual(['alice password_reset', 'alice receipt']);
    expect(await recipients(bob.cookie)).toEqual(['bob receipt']);
    expect(await recipients()).toEqual(['alice password_reset']);
  });

  it('is refused outside the sandbox', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', RESEARCH_DATA: 'live' });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.outboxSandboxOnly);
    } finally {
      await production.close();
    }
  });
});
