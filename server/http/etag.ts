import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A weak entity tag for a JSON-serialisable value. */
export function etagOf(value: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(value)).digest('base64url')}"`;
}

/**
 * Answers 304 when the client already holds this version (polling costs no body then);
 * otherwise sets the tag and returns false so the caller sends the body.
 * Responses are per user and always revalidated, never stored by shared caches.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag);
  reply.header('cache-control', 'private, no-cache');
  return etagMatches(request.headers['if-none-match'], etag);
}

/** True when an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

/**
 * Response schema entry for a 304. Send it as `reply.code(304).send(undefined)`: with no payload
 * Fastify writes no Content-Length, where `null` would announce a 4-byte body that a 304 never
 * carries (clients that trust the header then wait for it).
 */
export const notModifiedSchema = z
  .null()
  .optional()
  .describe('Not modified: the client already holds this version');
