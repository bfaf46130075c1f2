import type { preValidationAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES } from '../../contract/auth';
import { ADMIN_USER_ID } from '../../contract/constants';
import { forbidden, unauthorized } from './errors';

// The access guard (features/auth/guard.ts) runs as a preHandler, which Fastify calls after
// body validation: a signed-out caller sending an invalid body would get 400 instead of 401,
// and a non-admin would learn the body's rules. Routes with a body add these hooks so the
// caller is judged first; the guard still runs too (same rule, same messages).

export const signedInBeforeValidation: preValidationAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.notSignedIn);
};

export const adminBeforeValidation: preValidationAsyncHookHandler = async (request) => {
  if (!request.user) throw unauthorized(AUTH_MESSAGES.notSignedIn);
  if (request.user.id !== ADMIN_USER_ID) throw forbidden(AUTH_MESSAGES.adminOnly);
};
