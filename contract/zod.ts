import { z } from 'zod';

// The validation library's default messages are part of the product: 'Required',
// 'Expected {type}, received {type}', 'Invalid email', 'String must contain at least N
// character(s)'. Zod 4 words them differently, so one error map, installed here, restores that
// wording wherever a schema sets no message of its own. Every contract module imports `z` from
// this file, so server and client get the same texts whichever schema they load first.

type RawIssue = z.core.$ZodRawIssue;

/** Zod 3's names for the type of a received value. */
export function receivedType(input: unknown): string {
  if (input === undefined) return 'undefined';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (input instanceof Date) return 'date';
  if (input instanceof Map) return 'map';
  if (input instanceof Set) return 'set';
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return 'nan';
    return Number.isInteger(input) ? 'number' : 'float';
  }
  return typeof input;
}

const EXPECTED_NAMES: Record<string, string> = { int: 'integer' };

const quoted = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(' | ');

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean, exact: boolean): string {
  switch (origin) {
    case 'string':
      return `String must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'over'} ${minimum} character(s)`;
    case 'array':
    case 'set':
      return `Array must contain ${exact ? 'exactly' : inclusive ? 'at least' : 'more than'} ${minimum} element(s)`;
    case 'number':
    case 'int':
    case 'bigint':
      return `Number must be ${exact ? 'exactly equal to ' : inclusive ? 'greater than or equal to ' : 'greater than '}${minimum}`;
    default:
      return `Value must be ${inclusive ? 'at least' : 'more than'} ${minimum}`;
  }
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean, exact: boolean): string {
  switch (origin) {
    case 'string':
      return `String must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'under'} ${maximum} character(s)`;
    case 'array':
    case 'set':
      return `Array must contain ${exact ? 'exactly' : inclusive ? 'at most' : 'less than'} ${maximum} element(s)`;
    case 'number':
    case 'int':
    case 'bigint':
      return `Number must be ${exact ? 'exactly equal to ' : inclusive ? 'less than or equal to ' : 'less than '}${maximum}`;
    default:
      return `Value must be ${inclusive ? 'at most' : 'less than'} ${maximum}`;
  }
}

/** The spec's default wording for an issue no schema gave a message to. */
export function specDefaultMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required';
      const expected = EXPECTED_NAMES[issue.expected] ?? issue.expected;
      return `Expected ${expected}, received ${receivedType(issue.input)}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex') return 'Invalid';
      if (issue.format === 'starts_with' || issue.format === 'ends_with' || issue.format === 'includes')
        return 'Invalid input';
      return `Invalid ${issue.format}`;
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum, issue.inclusive ?? true, issue.exact ?? false);
    case 'too_big':
      return tooBig(issue.origin, issue.maximum, issue.inclusive ?? true, issue.exact ?? false);
    case 'invalid_value':
      return issue.values.length === 1
        ? `Invalid literal value, expected ${JSON.stringify(issue.values[0])}`
        : `Invalid enum value. Expected ${quoted(issue.values)}, received ${typeof issue.input === 'string' ? `'${issue.input}'` : receivedType(issue.input)}`;
    case 'unrecognized_keys':
      return `Unrecognized key(s) in object: ${quoted(issue.keys)}`;
    case 'not_multiple_of':
      return `Number must be a multiple of ${issue.divisor}`;
    default:
      return 'Invalid input';
  }
}

z.config({
  customError: specDefaultMessage,
  // In a browser zod would probe `new Function` for its fast path, which the Content Security
  // Policy reports as a violation; small forms do not need the fast path.
  jitless: typeof window !== 'undefined',
});

/**
 * For a required field whose own message should also answer its absence (a missing
 * asset_name gets 'Asset name is required'); a value of the wrong type keeps the default wording.
 */
export const requiredField = (message: string) => ({
  error: (issue: RawIssue) => (issue.input === undefined || issue.input === null ? message : undefined),
});

export { z };
