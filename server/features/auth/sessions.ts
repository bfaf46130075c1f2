import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CurrentUser } from '../../../contract/auth';
import { ADMIN_USER_ID } from '../../../contract/constants';
import type { AppContext, WebContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { isApiRequest, isApiV1Request } from '../../http/request-path';
import type { CachedSession } from '../../http/session-cache';
import {
  deleteSession,
  extendSession,
  findSessionWithUser,
  insertSession,
  touchSession,
  type UserRow,
} from './repository';

export const SESSION_COOKIE = 'session_id';
const DAY_MS = 24 * 60 * 60 * 1000;
/** "Last seen" in the sessions list is this precise: one write per session and interval, not per request. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 300;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for /api requests before route handlers run. */
    user: CurrentUser | null;
    sessionId: string | null;
  }
}

export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.id === ADMIN_USER_ID,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Only the SHA-256 of a token is stored, so a database leak does not leak sessions. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export async function startSession(ctx: AppContext, db: DbExecutor, reply: FastifyReply, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = ctx.config.SESSION_TTL_DAYS * DAY_MS;
  const userAgent = reply.request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
  await insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlMs),
    userAgent,
  });
  setSessionCookie(ctx, reply, token, ttlMs);
}

function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string, ttlMs: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.isProduction,
    maxAge: Math.floor(ttlMs / 1000),
  });
}

export async function endSession(ctx: WebContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    const sessionId = hashToken(token);
    await deleteSession(ctx.db, sessionId);
    await ctx.sessions.revoke(sessionId);
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** A GET for an HTML page of the app rather than a file (files have an extension). */
function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '';
  return !pathname.slice(pathname.lastIndexOf('/')).includes('.');
}

/** Resolves `request.user` from the session cookie, renewing sessions past half their life. */
export function registerSessionResolution(app: FastifyInstance, ctx: WebContext) {
  const cache = ctx.sessions;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const ttlMs = ctx.config.SESSION_TTL_DAYS * DAY_MS;
  // When this process last wrote each session's last_seen_at (absent: unknown, write once).
  const lastSeenWritten = new LRUCache<string, number>({ max: 20_000 });
  /** A session this process has to read from the database (not cached, or being renewed). */
  async function resolveFromDatabase(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    sessionId: string,
    now: number,
    ticket: number,
    cached: CachedSession | undefined,
  ): Promise<void> {
    let session = cached;
    if (!session) {
      const found = await findSessionWithUser(ctx.db, sessionId, new Date(now));
      if (!found) return;
      session = { user: toCurrentUser(found.user), expiresAt: found.session.expiresAt.getTime() };
      cache.set(sessionId, session, ticket);
      lastSeenWritten.set(
        sessionId,
        Math.max(found.session.lastSeenAt.getTime(), lastSeenWritten.get(sessionId) ?? 0),
      );
    }
    signIn(request, session, sessionId, now);
    if (session.expiresAt - now < ttlMs / 2) {
      const expiresAt = now + ttlMs;
      await extendSession(ctx.db, sessionId, new Date(expiresAt));
      cache.set(sessionId, { user: session.user, expiresAt }, ticket);
      setSessionCookie(ctx, reply, token, ttlMs);
    }
  }

  function signIn(request: FastifyRequest, session: CachedSession, sessionId: string, now: number) {
    request.user = session.user;
    request.sessionId = sessionId;
    if (now - (lastSeenWritten.get(sessionId) ?? 0) >= LAST_SEEN_RESOLUTION_MS) {
      lastSeenWritten.set(sessionId, now);
      // Not awaited: "last seen" is informational and must not slow the request down.
      touchSession(ctx.db, sessionId, new Date(now)).catch((error) =>
        ctx.log.warn({ err: error }, 'could not record session last-seen time'),
      );
    }
  }

  // A callback hook, not an async one: a session found in the cache (the polling steady state)
  // is resolved without a promise; only a database read or a renewal waits.
  app.addHook('onRequest', (request, reply, done) => {
    // API calls, and pages: the HTML carries the current user, so the browser never has to ask.
    if (!isApiRequest(request) && !isPageRequest(request.method, request.url)) return done();
    // Programs on /api/v1 are their API key: a session cookie there is ignored (no CSRF exposure).
    if (isApiV1Request(request)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return done();
    const sessionId = hashToken(token);
    const now = Date.now();
    const ticket = cache.lookupStarted();
    const cached = cache.get(sessionId);
    if (cached && cached.expiresAt - now >= ttlMs / 2) {
      signIn(request, cached, sessionId, now);
      return done();
    }
    resolveFromDatabase(request, reply, token, sessionId, now, ticket, cached).then(() => done(), done);
  });
}
