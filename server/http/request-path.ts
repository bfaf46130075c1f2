import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_V1_PREFIX } from '../../contract/api-keys';
import { errorBody } from './errors';

/**
 * The request's path as the router sees it: percent-decoded and normalised ("/%61pi//x/../y" is
 * "/api/y"). Every "is this the API?" decision reads this, so an encoded path cannot reach an
 * API route while skipping the API's headers or the origin check.
 */
export function decodedRequestPath(url: string): string {
  // Several hooks ask about the same request in turn: the last answer is reused (a pure function
  // of the URL, so reusing it can never be wrong).
  if (url === lastUrl) return lastPath;
  lastPath = decodePath(url);
  lastUrl = url;
  return lastPath;
}

let lastUrl = '/';
let lastPath = '/';

function decodePath(url: string): string {
  const raw = url.split('?', 1)[0] || '/';
  let decoded = raw;
  if (raw.includes('%')) {
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = raw;
    }
  }
  return decoded.includes('//') || decoded.includes('/.') ? path.posix.normalize(decoded) : decoded;
}

export function isApiRequest(request: FastifyRequest): boolean {
  return decodedRequestPath(request.url).startsWith('/api/');
}

/**
 * Refuses request targets that are not a path: the absolute form (`POST http://host/api/…`,
 * meant for proxies) and `*`. The router would route the absolute form's path while every
 * "is this the API?" check saw no `/api/` prefix, skipping the origin check and API headers.
 */
export function registerRequestTargetCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/')) return done();
    reply
      .status(400)
      .header('cache-control', 'no-store')
      .send(errorBody(400, 'The request target must be a path starting with "/"'));
  });
}

/** The versioned API for programs: bearer keys, no cookies, so no cross-site request forgery. */
export function isApiV1Request(request: FastifyRequest): boolean {
  return decodedRequestPath(request.url).startsWith(API_V1_PREFIX);
}
