import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { buildApp } from '../../app';
import { connectDatabase } from '../../db/client';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { STRONG_PASSWORD, signInAdmin, signUp } from '../../testing/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
const valid = {
  username: 'satoshi_n',
  email: 'Satoshi@Example.com',
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
};

describe('registration', () => {
  it('creates the account, signs it in with an httpOnly session cookie, and never gives out id 1', async () => {
    const response = await register(valid);
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({ username: 'satoshi_n', email: 'satoshi@example.com', isAdmin: false });
    expect(user.id).toBeGreaterThan(1);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/session_id=[\w-]{40,}/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const cookie = `session_id=${response.cookies[0]?.value}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.username).toBe('satoshi_n');
  });

  it('stores only a hash of the session token and of the password', async () => {
    const { cookie } = await signUp(t.app);
    const token = cookie.split('=')[1]!;
    const rows = await t.ctx.db.query.sessions.findMany();
    expect(rows.some((row) => row.id === token)).toBe(false);
    const users = await t.ctx.db.query.users.findMany();
    expect(
      users.every((u) => u.passwordHash.startsWith('scrypt$') && !u.passwordHash.includes(STRONG_PASSWORD)),
    ).toBe(true);
  });

  it.each([
    [{ ...valid, username: 'ab' }, AUTH_MESSAGES.usernameShort],
    [{ ...valid, username: 'a'.repeat(31) }, AUTH_MESSAGES.usernameLong],
    [{ ...valid, username: 'bad name!' }, AUTH_MESSAGES.usernameChars],
    [{ ...valid, email: 'not-an-email' }, AUTH_MESSAGES.invalidEmail],
    [{ ...valid, password: 'Ab1!', confirmPassword: 'Ab1!' }, AUTH_MESSAGES.passwordShort],
    [{ ...valid, password: 'sturdy#pass1', confirmPassword: 'sturdy#pass1' }, AUTH_MESSAGES.passwordUpper],
    [{ ...valid, password: 'STURDY#PASS1', confirmPassword: 'STURDY#PASS1' }, AUTH_MESSAGES.passwordLower],
    [{ ...valid, password: 'Sturdy#Pass', confirmPassword: 'Sturdy#Pass' }, AUTH_MESSAGES.passwordDigit],
    [{ ...valid, password: 'SturdyPass1', confirmPassword: 'SturdyPass1' }, AUTH_MESSAGES.passwordSpecial],
    [{ ...valid, confirmPassword: 'Different#1' }, AUTH_MESSAGES.passwordsDontMatch],
  ])('refuses %o with "%s"', async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('names the missing field when a field is absent', async () => {
    const response = await register({
      email: 'x@example.com',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'username' })]),
    );
  });

  it('says clearly when the username or the email is taken (any letter case)', async () => {
    const first = await signUp(t.app, 'taken_name');
    const sameName = await register({ ...valid, username: 'TAKEN_NAME', email: 'other@example.com' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(AUTH_MESSAGES.usernameTaken);
    const sameEmail = await register({
      ...valid,
      username: 'another_one',
      email: first.user.email.toUpperCase(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });
});

describe('login and logout', () => {
  it('signs in with the right password and gives one generic message otherwise', async () => {
    const { user } = await signUp(t.app);
    const ok = await login({ email: user.email, password: STRONG_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);

    const wrongPassword = await login({ email: user.email, password: 'Wrong#Pass1' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'Wrong#Pass1' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AUTH_MESSAGES.badCredentials);
    }
  });

  it('applies the client rules to the login body', async () => {
    expect((await login({ email: 'bad', password: 'whatever1' })).json().message).toBe(
      AUTH_MESSAGES.invalidEmail,
    );
    expect((await login({ email: 'a@b.co', password: '12345' })).json().message).toBe(
      AUTH_MESSAGES.loginPasswordShort,
    );
  });

  it('logout deletes the session so the old cookie no longer works', async () => {
    const { cookie } = await signUp(t.app);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('GET /api/logout does not log out: any page could trigger it (an image, a link)', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.json()).toMatchObject({
      code: 'METHOD_NOT_ALLOWED',
      message: AUTH_MESSAGES.logoutPostOnly,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('POST /api/auth/logout from another site is refused; the session stays', async () => {
    const { cookie } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 to /api/auth/me without a session, and for a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'session_id=forged' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a session past its expiry time', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.userId, user.id));
    // The sign-up cached the session in this process; a new process (or an expired cache entry)
    // reads it from the database, which must refuse it.
    t.web.sessions.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('renews a session that is past half its life', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(sessions.userId, user.id));
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(String(me.headers['set-cookie'])).toMatch(/session_id=/);
    const [renewed] = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
  });

  it('marks only user id 1 as admin', async () => {
    const admin = await signInAdmin(t.app, t.ctx.db);
    expect(admin.user).toMatchObject({ id: 1, isAdmin: true });
  });
});

describe('request hygiene', () => {
  it('refuses malformed JSON with a readable 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await register({ ...valid, username: 'x'.repeat(100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large');
  });

  it('refuses a state-changing request from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
      payload: { email: 'a@b.co', password: 'whatever1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Cross-origin requests are not allowed');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: 'No such endpoint: GET /api/nope' });
  });
});

describe('rate limits', () => {
  it('answers 429 with a readable message after too many login attempts', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@b.co', password: 'Wrong#Pass1' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('session cache across web processes', () => {
  it('a logout in one process ends the session in another at once', async () => {
    const other = connectDatabase(t.databaseUrl, 2);
    const secondApp = await buildApp({ ...t.ctx, db: other.db });
    try {
      const { cookie } = await signUp(t.app);
      const me = () => secondApp.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect((await me()).statusCode).toBe(200); // now cached in the second process
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      await expect.poll(async () => (await me()).statusCode, { timeout: 2_000, interval: 50 }).toBe(401);
    } finally {
      await secondApp.close();
      await other.close();
    }
  });
});
