import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { STRONG_PASSWORD } from '../../testing/users';

// Two sign-ups at the same moment both pass the friendly "already taken" check (password
// hashing takes a while), so the database's unique index decides; the loser must still be told
// which field clashed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (username: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email, password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD },
  });

async function race(first: [string, string], second: [string, string]) {
  const answers = await Promise.all([register(...first), register(...second)]);
  const statuses = answers.map((answer) => answer.statusCode).sort();
  expect(statuses).toEqual([201, 409]);
  return answers.find((answer) => answer.statusCode === 409)!.json().message as string;
}

describe('a registration race', () => {
  it('same username, different emails: the loser hears the username is taken', async () => {
    const message = await race(['racer_one', 'one.a@example.com'], ['Racer_One', 'one.b@example.com']);
    expect(message).toBe(AUTH_MESSAGES.usernameTaken);
  });

  it('same email, different usernames: the loser hears the email is taken', async () => {
    const message = await race(['racer_two_a', 'two@example.com'], ['racer_two_b', 'two@example.com']);
    expect(message).toBe(AUTH_MESSAGES.emailTaken);
  });
});
