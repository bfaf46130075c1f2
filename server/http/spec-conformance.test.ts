import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SignedInUser, signUp } from '../testing/users';

// Validation messages and reportId 0 ("no report"), as a client written to the spec expects.

let t: TestApp;
let buyer: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ ENABLE_SANDBOX: 'true' });
  buyer = await signUp(t.app);
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('a missing required field gets its spec message', () => {
  it('POST /api/research without asset_name answers "Asset name is required"', async () => {
    const response = await post('/api/research', {}, buyer.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Asset name is required');
  });

  it('login and register name the missing field the way the forms do', async () => {
    const login = await post('/api/auth/login', { password: 'whatever1' });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('Invalid email address');
    const noPassword = await post('/api/auth/login', { email: 'a@example.com' });
    expect(noPassword.json().message).toBe('Password must be at least 6 characters');
    const register = await post('/api/auth/register', {
      email: 'b@example.com',
      password: 'Sturdy#Pass1',
      confirmPassword: 'Sturdy#Pass1',
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().message).toBe('Username must be at least 3 characters');
  });

  it('Cardano create-payment without a description answers "Description is required"', async () => {
    const response = await post(
      '/api/cardano/create-payment',
      { amount: 5, currency: 'ADA', researchAsset: 'bitcoin' },
      buyer.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Description is required');
  });

  it('a field without a spec message gets the library default wording', async () => {
    const wrongType = await post('/api/research', { asset_name: 42 }, buyer.cookie);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Expected string, received number');
    const missing = await post('/api/confirm-payment', {}, buyer.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('paymentIntentId: Required');
  });
});

describe('reportId 0 means "no report" (spec §3 purchase data)', () => {
  it('POST /api/create-payment-intent accepts a new report with reportId 0', async () => {
    const response = await post(
      '/api/create-payment-intent',
      { purchaseType: 'new_report', assetName: 'bitcoin', reportId: 0, amount: 4.99 },
      buyer.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().reportId).toBe(0);
    expect(response.json().amount).toBe('4.99');
  });

  it('POST /api/cardano/create-payment accepts the Cardano page purchase data with reportId 0', async () => {
    const response = await post(
      '/api/cardano/create-payment',
      {
        amount: 5,
        currency: 'ADA',
        description: 'Research Report Purchase - Bitcoin',
        reportId: 0,
        purchaseType: 'new_report',
        researchAsset: 'bitcoin',
      },
      buyer.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment.reportId).toBeNull();
  });

  it('a negative reportId is still refused', async () => {
    const response = await post(
      '/api/create-payment-intent',
      { purchaseType: 'existing_report', assetName: 'bitcoin', reportId: -3 },
      buyer.cookie,
    );
    expect(response.statusCode).toBe(400);
  });
});
