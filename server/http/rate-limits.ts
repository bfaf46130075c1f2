import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import type { SharedLimits } from '../context';
import { DomainError } from '../domain/errors';
import { countRedisError } from '../metrics/registry';
import { errorBody } from './errors';
import { LocalStreamSlots, RedisStreamSlots } from './stream-slots';

// Every rate limit of the product, in one place, with its numbers read from configuration
// (defaults in server/config.ts, listed in .env.example). Routes take their limit from here.
// With REDIS_URL every counter lives in Redis, so several web processes count together;
// without it each process counts for itself.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const byAddress = (request: FastifyRequest) => `ip:${request.ip}`;
/** The session is resolved in an earlier onRequest hook; a signed-out caller counts by address. */
const byUser = (request: FastifyRequest) => (request.user ? `user:${request.user.id}` : byAddress(request));

const tooManyMessage = (ttlMs: number) =>
  `Too many requests. Please wait ${Math.ceil(ttlMs / 1000)} seconds and try again.`;

/** The route limits (one counter per route and key). */
export function rateLimits(config: Config) {
  const limit = (max: number, timeWindow: number, keyGenerator: RateLimitOptions['keyGenerator']) =>
    ({ max, timeWindow, keyGenerator }) satisfies RateLimitOptions;
  return {
    login: limit(config.AUTH_RATE_LIMIT_PER_MINUTE, MINUTE, byAddress),
    register: limit(config.AUTH_RATE_LIMIT_PER_MINUTE, MINUTE, byAddress),
    /** For the password-reset request route (per address and hour). */
    forgotPassword: limit(config.FORGOT_PASSWORD_RATE_LIMIT_PER_HOUR, HOUR, byAddress),
    paymentCreate: limit(config.PAYMENT_RATE_LIMIT_PER_MINUTE, MINUTE, byUser),
    /** Per user: each confirmation asks the payment provider, whose API quota the whole store shares. */
    confirmPayment: limit(config.CONFIRM_PAYMENT_RATE_LIMIT_PER_MINUTE, MINUTE, byUser),
    cardanoCreate: limit(config.CARDANO_CREATE_RATE_LIMIT_PER_MINUTE, MINUTE, byUser),
    /** Per address when signed out, so anonymous searching cannot drain the market-data quota. */
    assetSearch: limit(config.ASSET_SEARCH_RATE_LIMIT_PER_MINUTE, MINUTE, byUser),
    bugReport: limit(config.BUG_REPORT_RATE_LIMIT_PER_HOUR, HOUR, byUser),
  };
}

/** How many report event streams one user may hold open; the streams route answers 429 beyond. */
export const reportEventStreamLimit = (config: Config) => config.REPORT_EVENT_STREAMS_PER_USER;

export const redisConnectionName = () => `crow-rate-limit-${process.pid}`;

/**
 * Registers @fastify/rate-limit (route limits only, no global limit) and answers the shared
 * store, for the event-stream slots and readiness.
 * The Redis connection, when there is one, closes with the app.
 */
export async function registerRateLimiting(app: FastifyInstance, config: Config): Promise<SharedLimits> {
  let redis: Redis | undefined;
  // A Redis outage is reported once a minute, however many requests run into it.
  let lastReported = 0;
  const reportStoreError = (error: unknown) => {
    countRedisError();
    if (Date.now() - lastReported < MINUTE) return;
    lastReported = Date.now();
    app.log.error({ err: error }, 'rate-limit store (Redis) unreachable; limits are not enforced meanwhile');
  };
  if (config.REDIS_URL) {
    // Fail fast rather than queue: a request must not hang on an unreachable Redis.
    // Loaded only when configured: a process without Redis never pays for the client's code.
    const { Redis: RedisClient } = await import('ioredis');
    redis = new RedisClient(config.REDIS_URL, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      // Names the connection in Redis's CLIENT LIST (which process holds it).
      connectionName: redisConnectionName(),
    });
    const connection = redis;
    connection.on('error', reportStoreError);
    app.addHook('onClose', async () => {
      await connection.quit().catch(() => connection.disconnect());
    });
  }
  const shared = redis;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'crow:rate-limit:' } : {}),
    // A Redis outage must not take sign-in and checkout down with it; it is logged above.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, tooManyMessage(context.ttl)),
      statusCode: 429,
    }),
  });
  return {
    streamSlots: (perUser, holdMs) =>
      shared
        ? new RedisStreamSlots(shared, perUser, holdMs, reportStoreError)
        : new LocalStreamSlots(perUser),
    ping: shared
      ? async () => {
          await shared.ping();
        }
      : undefined,
  };
}

/**
 * Login attempts per account (email), from any address: a slow guess spread over many addresses
 * still runs out, and the rightful user waits at most one short window (LOGIN_ACCOUNT_WINDOW_MINUTES).
 * Runs as a preHandler, once the body (and so the email) is known.
 */
export function loginAccountLimit(app: FastifyInstance, config: Config) {
  const check = app.createRateLimit({
    max: config.LOGIN_ACCOUNT_RATE_LIMIT,
    timeWindow: config.LOGIN_ACCOUNT_WINDOW_MINUTES * MINUTE,
    keyGenerator: (request) => `login-account:${emailOf(request)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new DomainError(
        'RATE_LIMITED',
        `Too many sign-in attempts for this account. Please wait ${Math.ceil(result.ttl / 1000)} seconds and try again.`,
      );
    }
  };
}

/**
 * Password-reset requests per email address, from any address, so nobody can flood one inbox.
 * Counted in the same store as every other limit (Redis when REDIS_URL is set).
 */
export function forgotPasswordEmailLimit(app: FastifyInstance, config: Config) {
  const check = app.createRateLimit({
    max: config.FORGOT_PASSWORD_EMAIL_RATE_LIMIT_PER_HOUR,
    timeWindow: HOUR,
    keyGenerator: (request) => `forgot-password-email:${emailOf(request)}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new DomainError(
        'RATE_LIMITED',
        `Too many reset requests for this email. Please wait ${Math.ceil(result.ttl / 60_000)} minutes and try again.`,
      );
    }
  };
}

function emailOf(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/** One API key's standing in its per-minute window (decision 0281). */
export interface ApiKeyLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  windowSeconds: number;
}

/**
 * Requests per API key and minute (API_RATE_LIMIT_PER_MINUTE), counted in the shared store
 * (Redis with REDIS_URL). The caller sends the IETF RateLimit headers from the answer.
 */
export function apiKeyLimit(
  app: FastifyInstance,
  config: Config,
  keyOf: (request: FastifyRequest) => string,
) {
  const max = config.API_RATE_LIMIT_PER_MINUTE;
  const check = app.createRateLimit({
    max,
    timeWindow: MINUTE,
    keyGenerator: (request) => `api-key:${keyOf(request)}`,
  });
  return async (request: FastifyRequest): Promise<ApiKeyLimitState> => {
    const result = await check(request);
    if (result.isAllowed) {
      return { allowed: true, limit: max, remaining: max, resetSeconds: 60, windowSeconds: 60 };
    }
    return {
      allowed: !result.isExceeded,
      limit: result.max,
      remaining: result.remaining,
      resetSeconds: result.ttlInSeconds,
      windowSeconds: Math.round(result.timeWindow / 1000),
    };
  };
}

/**
 * Failed API key authentications per client address and minute (API_AUTH_FAILURES_PER_MINUTE),
 * counted in the shared store. Once an address is over, this process refuses its calls before
 * any key lookup until the window ends, so wrong keys cannot buy unlimited database lookups.
 */
export function failedAuthenticationLimit(app: FastifyInstance, config: Config) {
  const check = app.createRateLimit({
    max: config.API_AUTH_FAILURES_PER_MINUTE,
    timeWindow: MINUTE,
    keyGenerator: (request) => `api-auth-failed:${request.ip}`,
  });
  /** Addresses over the limit, until when (ms); bounded, so a flood of addresses cannot grow it. */
  const blocked = new LRUCache<string, number>({ max: 10_000 });
  return {
    /** Seconds the address still waits, or 0 when it may try. */
    waitSeconds(request: FastifyRequest): number {
      const until = blocked.get(request.ip);
      if (until === undefined) return 0;
      const left = Math.ceil((until - Date.now()) / 1000);
      if (left > 0) return left;
      blocked.delete(request.ip);
      return 0;
    },
    /** Counts one failure; the seconds to wait when this one went over the limit, else 0. */
    async countFailure(request: FastifyRequest): Promise<number> {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return 0;
      blocked.set(request.ip, Date.now() + result.ttl);
      return Math.max(1, result.ttlInSeconds);
    },
  };
}

export const tooManyFailedKeysMessage = (seconds: number) =>
  `Too many attempts with API keys that are not valid from this address. Please wait ${seconds} seconds and try again.`;

/** The IETF RateLimit-Policy and RateLimit fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(state: ApiKeyLimitState): Record<string, string> {
  return {
    'ratelimit-policy': `"per-key";q=${state.limit};w=${state.windowSeconds}`,
    ratelimit: `"per-key";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

export const tooManyRequestsMessage = tooManyMessage;
