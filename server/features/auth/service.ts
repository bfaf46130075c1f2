import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, type LoginRequest, type RegisterRequest } from '../../../contract/auth';
import { ADMIN_USER_ID } from '../../../contract/constants';
import type { DbExecutor } from '../../db/client';
import { conflict, unauthenticated } from '../../domain/errors';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './password';
import {
  findUserByEmail,
  findUserById,
  findUsernameOrEmailClash,
  insertUser,
  type UserRow,
} from './repository';

const UNIQUE_VIOLATION = '23505';
/** The users table's unique indexes (server/db/schema.ts) and what each clash means to the user. */
const CLASH_MESSAGES: Record<string, string> = {
  users_email_key: AUTH_MESSAGES.emailTaken,
  users_username_lower_key: AUTH_MESSAGES.usernameTaken,
};

export async function registerUser(db: DbExecutor, input: RegisterRequest): Promise<UserRow> {
  const clash = await findUsernameOrEmailClash(db, input.username, input.email);
  if (clash.username) throw conflict(AUTH_MESSAGES.usernameTaken);
  if (clash.email) throw conflict(AUTH_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db, { username: input.username, email: input.email, passwordHash });
  } catch (error) {
    // Two registrations racing for the same name or email: the unique index decides, and its
    // name (not the SQL text, which names every column) says which one clashed.
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    const message = cause?.code === UNIQUE_VIOLATION ? CLASH_MESSAGES[cause.constraint ?? ''] : undefined;
    if (message) throw conflict(message);
    throw error;
  }
}

export async function authenticate(db: DbExecutor, input: LoginRequest): Promise<UserRow> {
  const user = await findUserByEmail(db, input.email);
  // Same work whether or not the email exists, and one message for both (no enumeration).
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !valid) throw unauthenticated(AUTH_MESSAGES.badCredentials);
  return user;
}

export type AdminCreation =
  | { created: false; user: UserRow }
  | { created: true; user: UserRow; password: string };

/** Creates the admin (the user with id 1) with a one-time random password, unless it exists. */
export async function ensureAdmin(
  db: DbExecutor,
  input: { email: string; username: string; password?: string | undefined },
): Promise<AdminCreation> {
  const existing = await findUserById(db, ADMIN_USER_ID);
  if (existing) return { created: false, user: existing };
  // Meets the registration rules: upper, lower, digit and special character.
  const password = input.password ?? `Crow-${randomBytes(9).toString('base64url')}-7a`;
  const user = await insertUser(db, {
    id: ADMIN_USER_ID,
    username: input.username,
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(password),
  });
  return { created: true, user, password };
}
