import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { UnknownAssetError as UnknownAssetBody } from '../../contract/assets';
import type { ApiErrorBody } from '../../contract/http';
import { UnknownAssetError } from '../domain/purchase-asset';

/** An error whose message is written for the user and safe to send as it is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

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
): ApiErrorBody {
  return { statusCode, error: REASONS[statusCode] ?? 'Error', message, ...(issues ? { issues } : {}) };
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
    if (error instanceof UnknownAssetError) {
      const body: UnknownAssetBody = {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: error.message,
        suggestions: error.suggestions,
      };
      return reply.status(422).send(body);
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
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
