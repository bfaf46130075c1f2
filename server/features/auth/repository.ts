import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: DbExecutor, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

/** The user with this id, deleted or not (the admin is user 1). */
export function findUserById(db: DbExecutor, userId: number) {
  return db.query.users.findFirst({ where: eq(users.id, userId) });
}

export async function findUsernameOrEmailClash(db: DbExecutor, username: string, email: string) {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or ${users.email} = ${email}`)
    .limit(2);
  return {
    username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
    email: rows.some((row) => row.email === email),
  };
}

export async function insertUser(
  db: DbExecutor,
  values: { id?: number; username: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function insertSession(
  db: DbExecutor,
  values: { id: string; userId: number; expiresAt: Date; userAgent: string | null },
) {
  await db.insert(sessions).values(values);
}

// Both run on the request path of every signed-in poll (the session cache misses every 30 s per
// user, and "last seen" is written every 5 minutes), so they are prepared once.
const touchSessionQuery = preparedQuery((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder('seenAt')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('touch_session'),
);

const sessionWithUserQuery = preparedQuery((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_with_user'),
);

export async function touchSession(db: DbExecutor, sessionId: string, seenAt: Date) {
  await touchSessionQuery(db).execute({ sessionId, seenAt: seenAt.toISOString() });
}

export async function findSessionWithUser(db: DbExecutor, sessionId: string, now: Date) {
  const [row] = await sessionWithUserQuery(db).execute({ sessionId, now });
  return row;
}

export async function extendSession(db: DbExecutor, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}

export async function deleteSession(db: DbExecutor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: DbExecutor, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return deleted.length;
}
