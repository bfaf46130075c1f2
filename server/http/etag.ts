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
  const sent = request.headers['if-none-match'];
  if (!sent) return false;
  return sent.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === '*' || trimmed.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/** Response schema entry for a 304 (no body). */
export const notModifiedSchema = z.null().describe('Not modified: the client already holds this version');
