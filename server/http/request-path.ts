import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { API_V1_PREFIX } from '../../contract/api-keys';

/**
 * The request's path as the router sees it: percent-decoded and normalised ("/%61pi//x/../y" is
 * "/api/y"). Every "is this the API?" decision reads this, so an encoded path cannot reach an
 * API route while skipping the API's headers or the origin check.
 */
export function decodedRequestPath(url: string): string {
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

/** The versioned API for programs: bearer keys, no cookies, so no cross-site request forgery. */
export function isApiV1Request(request: FastifyRequest): boolean {
  return decodedRequestPath(request.url).startsWith(API_V1_PREFIX);
}
