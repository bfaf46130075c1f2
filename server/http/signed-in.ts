import type { FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../contract/auth';
import { unauthenticated } from '../domain/errors';

/**
 * The signed-in user's id, the one way routes read it. The access guard already refused
 * signed-out requests on these routes; this still answers 401 rather than trust that.
 */
export function requireUserId(request: FastifyRequest): number {
  if (!request.user) throw unauthenticated(AUTH_MESSAGES.notSignedIn);
  return request.user.id;
}
