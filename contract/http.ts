import { ERROR_CODES } from './errors';
import { z } from './zod';

/**
 * Every 4xx/5xx answer of the API has this shape; `code` says what went wrong for programs
 * (contract/errors.ts), `message` for people; `issues` lists field errors of a 400.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const okResponseSchema = z.object({ success: z.literal(true) });

/** The largest id a PostgreSQL integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A database id sent as text (a path segment): a positive integer in range, or nothing found. */
export const idSchema = z.coerce
  .number({ message: 'Not found' })
  .int('Not found')
  .positive('Not found')
  .max(MAX_ID, 'Not found');

export const idParamSchema = z.object({ id: idSchema });
