import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

// scrypt from Node's own crypto: memory-hard, no native add-on to build. Parameters are
// stored with each hash so they can be raised later without breaking old passwords.
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const maxmem = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
    maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when an email is unknown so timing is alike. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));
