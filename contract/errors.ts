/**
 * The error vocabulary of the API. Every JSON error body carries one of these codes; the server
 * maps each code to its HTTP status in one place (server/http/errors.ts) and the client decides
 * on the code, never on the message text, which is written for people.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_FOR_SALE',
  'ALREADY_OWNED',
  'PAYMENT_OPEN',
  'PAYMENT_FAILED',
  'PAYMENT_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'UNKNOWN_ASSET',
  'AMBIGUOUS_ASSET',
  'NOT_RATED_ASSET',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
