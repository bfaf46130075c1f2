import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInWorkContext } from '../request-context';
import type { ProxyTrust } from './proxy-trust';

/** An id a proxy may hand on: short, and nothing a log reader could mistake for structure. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id: the proxy's X-Request-Id when the connection comes from a proxy the operator
 * trusts (so its access log and ours name the same request), otherwise a new UUID. Unique across
 * processes, unlike Fastify's per-process counter. The peer is judged as Fastify judges it for
 * X-Forwarded-Host: by the connection's own address, never by another forwarded header.
 */
export function requestIdGenerator(trusted: ProxyTrust): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers['x-request-id'];
    const peer = request.socket?.remoteAddress;
    if (typeof forwarded === 'string' && FORWARDED_ID.test(forwarded) && peer && trusted(peer, 0))
      return forwarded;
    return randomUUID();
  };
}

/**
 * Runs each request in a work context of its own (server/request-context.ts), so everything the
 * request does, jobs it sends included, carries its id; answers the id in X-Request-Id for support
 * questions. `run`, never `enterWith`: entering a context would leave it on the connection, and
 * the next request on the same keep-alive connection would start out carrying this one's id.
 */
export function registerRequestContext(app: FastifyInstance): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runInWorkContext({ requestId: request.id }, () => {
      const scope = new AsyncResource('crow-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  // Reading the body resumes in the connection's asynchronous context: go back into the request's.
  app.addHook('preHandler', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
