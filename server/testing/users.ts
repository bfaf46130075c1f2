import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../contract/auth';
import type { Database } from '../db/client';
import { ensureAdmin } from '../features/auth/service';

export const STRONG_PASSWORD = 'Sturdy#Pass1';

export interface SignedInUser {
  user: CurrentUser;
  /** Value for a `cookie` request header. */
  cookie: string;
}

let counter = 0;

/** Registers a new user through the real API and returns its session cookie. */
export async function signUp(app: FastifyInstance, name?: string): Promise<SignedInUser> {
  counter += 1;
  const username = name ?? `user_${process.pid}_${counter}`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.find((c) => c.name === 'session_id');
  return { user: response.json().user, cookie: `session_id=${cookie?.value}` };
}

/** Creates the admin (id 1) and signs it in. */
export async function signInAdmin(app: FastifyInstance, db: Database): Promise<SignedInUser> {
  const admin = await ensureAdmin(db, { email: 'admin@example.com', username: 'admin' });
  if (!admin.created) throw new Error('admin already exists in this test database');
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: admin.password },
  });
  const cookie = response.cookies.find((c) => c.name === 'session_id');
  return { user: response.json().user, cookie: `session_id=${cookie?.value}` };
}
