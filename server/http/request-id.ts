import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';
import { enterWorkContext, type JobTrace } from '../request-context';

/** An id a proxy may hand on: short, and nothing a log reader could mistake for structure. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id: the proxy's X-Request-Id when the operator trusts a proxy (so its access log
 * and ours name the same request), otherwise a new UUID. Unique across processes, unlike
 * Fastify's per-process counter.
 */
export function requestIdGenerator(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers['x-request-id'];
    if (trustProxy !== false && typeof forwarded === 'string' && FORWARDED_ID.test(forwarded))
      return forwarded;
    return randomUUID();
  };
}

/**
 * Puts the request's id in the work context (server/request-context.ts) for everything the
 * request does, jobs it sends included, and answers it in X-Request-Id for support questions.
 */
export function registerRequestContext(app: FastifyInstance): void {
  const contexts = new WeakMap<FastifyRequest, JobTrace>();
  app.addHook('onRequest', (request, reply, done) => {
    const context: JobTrace = { requestId: request.id };
    contexts.set(request, context);
    enterWorkContext(context);
    reply.header('x-request-id', request.id);
    done();
  });
  // Reading the body resumes in the socket's asynchronous context: enter the same context again.
  app.addHook('preHandler', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) enterWorkContext(context);
    done();
  });
}
