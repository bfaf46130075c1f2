import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../contract/auth';
import { ADMIN_USER_ID } from '../../../contract/constants';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { deleteSession, extendSession, findSessionWithUser, insertSession, type UserRow } from './repository';
import { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'session_id';
const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
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
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(ctx: AppContext, db: DbExecutor, reply: FastifyReply, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = ctx.config.SESSION_TTL_DAYS * DAY_MS;
  await insertSession(db, { id: hashToken(token), userId, expiresAt: new Date(Date.now() + ttlMs) });
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

export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) {
    const sessionId = hashToken(token);
    await deleteSession(ctx.db, sessionId);
    await request.server.sessionCache.revoke(ctx.db.$client, sessionId);
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
export async function registerSessionResolution(app: FastifyInstance, ctx: AppContext) {
  const cache = new SessionCache();
  await cache.listen(ctx.db.$client, ctx.log);
  app.decorate('sessionCache', cache);
  app.addHook('onClose', async () => cache.close());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const ttlMs = ctx.config.SESSION_TTL_DAYS * DAY_MS;
  app.addHook('onRequest', async (request, reply) => {
    // API calls, and pages: the HTML carries the current user, so the browser never has to ask.
    if (!request.url.startsWith('/api/') && !isPageRequest(request.method, request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const sessionId = hashToken(token);
    const now = Date.now();
    let session = cache.get(sessionId);
    if (!session) {
      const found = await findSessionWithUser(ctx.db, sessionId, new Date(now));
      if (!found) return;
      session = { user: toCurrentUser(found.user), expiresAt: found.session.expiresAt.getTime() };
      cache.set(sessionId, session);
    }
    request.user = session.user;
    request.sessionId = sessionId;
    if (session.expiresAt - now < ttlMs / 2) {
      const expiresAt = now + ttlMs;
      await extendSession(ctx.db, sessionId, new Date(expiresAt));
      cache.set(sessionId, { user: session.user, expiresAt });
      setSessionCookie(ctx, reply, token, ttlMs);
    }
  });
}
