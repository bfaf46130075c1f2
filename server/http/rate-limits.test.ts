import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';

// Limits an operator relies on: nobody lifts them with a forged header, a slow guess spread
// over many addresses still runs out, and one account cannot use up a shared quota.

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp(env);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

function login(t: TestApp, email: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password: 'Wrong#Pass1' },
  });
}

describe('proxy trust', () => {
  it('a forged X-Forwarded-For does not lift the login limit, even in production', async () => {
    await withApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT_PER_MINUTE: '3' }, async (t) => {
      for (let i = 0; i < 3; i++) {
        expect((await login(t, `forged${i}@example.com`, `203.0.113.${i}`)).statusCode).toBe(401);
      }
      const blocked = await login(t, 'forged9@example.com', '203.0.113.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    });
  });

  it('with TRUST_PROXY=127.0.0.1 the proxy-supplied address is honoured', async () => {
    await withApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' }, async (t) => {
      for (let i = 0; i < 3; i++) {
        expect((await login(t, `proxied${i}@example.com`, '198.51.100.1')).statusCode).toBe(401);
      }
      expect((await login(t, 'proxied9@example.com', '198.51.100.1')).statusCode).toBe(429);
      // Another client behind the same proxy has its own counter.
      expect((await login(t, 'proxied9@example.com', '198.51.100.2')).statusCode).toBe(401);
    });
  });
});

describe('login per account', () => {
  it('a slow guess from many addresses runs out; other accounts are not affected', async () => {
    const env = {
      TRUST_PROXY: '127.0.0.1',
      LOGIN_ACCOUNT_RATE_LIMIT: '4',
      LOGIN_ACCOUNT_WINDOW_MINUTES: '5',
    };
    await withApp(env, async (t) => {
      const victim = await signUp(t.app);
      for (let i = 0; i < 4; i++) {
        expect((await login(t, victim.user.email, `192.0.2.${i + 1}`)).statusCode).toBe(401);
      }
      // Same account, new address, different letter case: still the same account.
      const blocked = await login(t, ` ${victim.user.email.toUpperCase()} `, '192.0.2.50');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(
        /^Too many sign-in attempts for this account\. Please wait \d+ seconds and try again\.$/,
      );
      // The wait is one short window, not a lock-out.
      const wait = Number(/wait (\d+) seconds/.exec(blocked.json().message)![1]);
      expect(wait).toBeLessThanOrEqual(5 * 60);
      expect((await login(t, 'someone.else@example.com', '192.0.2.51')).statusCode).toBe(401);
    });
  });
});

describe('per-user and per-address limits', () => {
  it('/api/confirm-payment is limited per user', async () => {
    await withApp({ CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE: '2' }, async (t) => {
      const [greedy, other] = [await signUp(t.app), await signUp(t.app)];
      const confirm = (cookie: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/confirm-payment',
          headers: { cookie },
          payload: { paymentIntentId: 'pi_sandbox_unknown' },
        });
      for (let i = 0; i < 2; i++) expect((await confirm(greedy.cookie)).statusCode).not.toBe(429);
      expect((await confirm(greedy.cookie)).statusCode).toBe(429);
      expect((await confirm(other.cookie)).statusCode).not.toBe(429);
    });
  });

  it('anonymous asset search is limited per address', async () => {
    const env = {
      RESEARCH_DATA: 'offline',
      ASSET_SEARCH_RATE_LIMIT_PER_MINUTE: '2',
      TRUST_PROXY: '127.0.0.1',
    };
    await withApp(env, async (t) => {
      const search = (address: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/assets/search?q=bit',
          headers: { 'x-forwarded-for': address },
        });
      for (let i = 0; i < 2; i++) expect((await search('198.51.100.7')).statusCode).toBe(200);
      expect((await search('198.51.100.7')).statusCode).toBe(429);
      expect((await search('198.51.100.8')).statusCode).toBe(200);
    });
  });

  it('payment creation and Cardano payments take their limits from configuration', async () => {
    const env = { PAYMENT_RATE_LIMIT_PER_MINUTE: '1', CARDANO_CREATE_RATE_LIMIT_PER_MINUTE: '1' };
    await withApp(env, async (t) => {
      const buyer = await signUp(t.app);
      const post = (url: string) =>
        t.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie }, payload: {} });
      expect((await post('/api/create-payment-intent')).statusCode).toBe(400);
      expect((await post('/api/create-payment-intent')).statusCode).toBe(429);
      expect((await post('/api/cardano/create-payment')).statusCode).toBe(400);
      expect((await post('/api/cardano/create-payment')).statusCode).toBe(429);
    });
  });
});
