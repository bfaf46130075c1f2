import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, type ApiKeyScope } from '../../../contract/api-keys';
import type { AppContext } from '../../context';
import { findKeyCaller, type KeyCaller, recordKeyUse } from '../../domain/api-keys';
import { DomainError, forbidden, unauthenticated } from '../../domain/errors';
import {
  apiKeyLimit,
  failedAuthenticationLimit,
  rateLimitHeaders,
  tooManyFailedKeysMessage,
  tooManyRequestsMessage,
} from '../../http/rate-limits';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's owner and scopes on /api/v1 (null elsewhere). */
    apiCaller: KeyCaller | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every /api/v1 request in this scope: the bearer key is checked, counted against its per-minute
 * limit (answering with the IETF RateLimit headers, and 429 with Retry-After beyond it), and its
 * use recorded per day. Cookies play no part here.
 */
export function registerKeyAuthentication(scope: FastifyInstance, ctx: AppContext): void {
  scope.decorateRequest('apiCaller', null);
  const limit = apiKeyLimit(scope, ctx.config, (request) => request.apiCaller?.prefix ?? request.ip);
  const failures = failedAuthenticationLimit(scope, ctx.config);
  const refuseAddress = (reply: FastifyReply, seconds: number) => {
    reply.header('retry-after', String(seconds));
    return new DomainError('RATE_LIMITED', tooManyFailedKeysMessage(seconds));
  };
  scope.addHook('onRequest', async (request, reply) => {
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!presented) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthenticated(API_KEY_MESSAGES.missing);
    }
    // An address that sent too many wrong keys waits before any key of its is looked up.
    const wait = failures.waitSeconds(request);
    if (wait > 0) throw refuseAddress(reply, wait);
    const now = new Date();
    const caller = await findKeyCaller(ctx.db, presented, now);
    if (!caller) {
      const over = await failures.countFailure(request);
      if (over > 0) throw refuseAddress(reply, over);
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      throw unauthenticated(API_KEY_MESSAGES.invalid);
    }
    request.apiCaller = caller;
    const state = await limit(request);
    reply.headers(rateLimitHeaders(state));
    // Every authenticated request counts in the key's usage, the 429 included (decision 0281):
    // a runaway client shows on the account page.
    await recordKeyUse(ctx.db, caller.keyId, now);
    if (!state.allowed) {
      reply.header('retry-after', String(state.resetSeconds));
      throw new DomainError('RATE_LIMITED', tooManyRequestsMessage(state.resetSeconds * 1000));
    }
  });
}

/** The caller of an /api/v1 route, refused unless the key holds the scope. */
export function requireScope(request: FastifyRequest, scope: ApiKeyScope): KeyCaller {
  const caller = request.apiCaller;
  if (!caller) throw unauthenticated(API_KEY_MESSAGES.missing);
  if (!caller.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.scope(scope));
  return caller;
}
