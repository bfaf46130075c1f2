import type { ErrorCode } from '../../contract/errors';

/**
 * A refusal whose message is written for the user and safe to send as it is. Services, domain
 * and research code throw it with a code from contract/errors.ts; server/http/errors.ts decides
 * the HTTP status, so nothing below a route knows about HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Fields the JSON error body carries beside the message (e.g. the assets to pick from). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalid = (message: string) => new DomainError('VALIDATION', message);
export const unauthenticated = (message: string) => new DomainError('UNAUTHENTICATED', message);
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const conflict = (message: string) => new DomainError('CONFLICT', message);
