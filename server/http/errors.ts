import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../contract/errors';
import type { ApiErrorBody } from '../../contract/http';
import { DomainError } from '../domain/errors';

/** The one place that turns an error code into an HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  NOT_FOR_SALE: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_OWNED: 409,
  PAYMENT_OPEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNKNOWN_ASSET: 422,
  AMBIGUOUS_ASSET: 422,
  NOT_RATED_ASSET: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/** The code of an error that arrives with a status only (from Fastify or a plugin). */
function codeForStatus(statusCode: number): ErrorCode {
  if (statusCode === 401) return 'UNAUTHENTICATED';
  if (statusCode === 403) return 'FORBIDDEN';
  if (statusCode === 404) return 'NOT_FOUND';
  if (statusCode === 409) return 'CONFLICT';
  if (statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (statusCode === 429) return 'RATE_LIMITED';
  if (statusCode === 503) return 'SERVICE_UNAVAILABLE';
  return statusCode < 500 ? 'VALIDATION' : 'INTERNAL';
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function errorBody(
  statusCode: number,
  message: string,
  issues?: ApiErrorBody['issues'],
  code: ErrorCode = codeForStatus(statusCode),
): ApiErrorBody {
  return { statusCode, code, error: REASONS[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
}

/** The JSON answer for a refusal thrown below the routes. */
export function domainErrorBody(error: DomainError): ApiErrorBody {
  return { ...errorBody(ERROR_STATUS[error.code], error.message, undefined, error.code), ...error.details };
}

/** One place turns every failure into a readable JSON answer; no stack trace reaches a client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message =
        first?.message === 'Required' && first.path
          ? `${first.path}: Required`
          : (first?.message ?? 'Invalid request');
      return reply.status(400).send(errorBody(400, message, issues));
    }
    if (error instanceof DomainError) {
      return reply.status(ERROR_STATUS[error.code]).send(domainErrorBody(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorBody(413, 'The request body is too large'));
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(errorBody(400, 'The request body is not valid JSON'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorBody(415, 'Send the request body as application/json'));
    }
    if (status === 429) return reply.status(429).send(errorBody(429, error.message));
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody(status, error.message));
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody(500, 'Something went wrong on our side. Please try again.'));
  });
}
