import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const NUL_MESSAGE = 'Text may not contain a NUL character (\\0)';

/** Where in a request part a string holds U+0000, as a path of keys; nothing when none does. */
function nulBytePaths(value: unknown, path: (string | number)[] = [], found: (string | number)[][] = []) {
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) nulBytePaths(item, [...path, index], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) found.push([...path, key]);
      nulBytePaths(item, [...path, key], found);
    }
  }
  return found;
}

/** Refuses NUL anywhere in a request part, before the route's own schema reads it. */
const withoutNulBytes = z.unknown().superRefine((value, context) => {
  for (const path of nulBytePaths(value)) context.addIssue({ code: 'custom', path, message: NUL_MESSAGE });
});

/**
 * Every route's request schemas (body, query string, path parameters, headers; contract schemas
 * and route-local ones alike) go through one check first: PostgreSQL text cannot hold U+0000, so a
 * NUL byte would otherwise reach the database and fail there as a 500. The refusal is an ordinary
 * validation error, answered 400 with NUL_MESSAGE by http/errors.ts.
 */
export function registerRequestValidation(app: FastifyInstance): void {
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: withoutNulBytes.pipe(route.schema as z.ZodType) }),
  );
}
