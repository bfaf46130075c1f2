import { ERROR_CODES, type ErrorCode } from '../../contract/errors';

/**
 * A non-OK answer: the message is "STATUS: body" (or the status text when the body
 * is empty); `serverMessage` is the readable message of our API's JSON error body, when any,
 * and `code` its error code (contract/errors.ts), which is what code decides on.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: ErrorCode | undefined;
  readonly body: unknown;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.status = status;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    this.body = body;
    const message =
      (body as { message?: unknown; error?: unknown } | undefined)?.message ??
      (body as { error?: unknown })?.error;
    this.serverMessage = typeof message === 'string' ? message : undefined;
    const code = (body as { code?: unknown } | undefined)?.code;
    this.code = ERROR_CODES.find((known) => known === code);
  }
}

/** The best message to show a person for any failure. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
}

/**
 * An OK answer whose body does not have the shape the contract promises: a bug on one side or
 * the other, shown to the person as a failure instead of surfacing later as a blank screen.
 */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly url: string,
    readonly issues: string,
  ) {
    super(`Unexpected answer from ${url}: ${issues}`);
  }
}

/**
 * What an answer is checked with: a contract zod schema, or, in code that must not load zod (the
 * entry chunk), a hand check made by `handCheck`. Zod schemas have this shape already.
 */
export interface ResponseCheck<T> {
  safeParse(
    body: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A check without zod: `isExpected` says whether the body has the shape `expected` describes. */
export function handCheck<T>(expected: string, isExpected: (body: unknown) => body is T): ResponseCheck<T> {
  return {
    safeParse: (body) =>
      isExpected(body)
        ? { success: true, data: body }
        : { success: false, error: { issues: [{ path: [], message: `expected ${expected}` }] } },
  };
}

function parsed<T>(url: string, schema: ResponseCheck<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`,
  );
  throw new UnexpectedResponseError(url, issues.slice(0, 3).join('; '));
}

/** GETs JSON with the session cookie and checks it against its contract schema. */
export async function getJson<T>(url: string, schema: ResponseCheck<T>, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { credentials: 'include', signal: signal ?? null });
  await throwIfNotOk(response);
  return parsed(url, schema, await response.json());
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a change with the session cookie. With a schema the JSON answer is checked against it
 * and returned; without one the answer's body is not read by the caller.
 */
export async function sendJson<T>(
  method: Method,
  url: string,
  body: unknown,
  schema: ResponseCheck<T>,
): Promise<T>;
export async function sendJson(method: Method, url: string, body?: unknown): Promise<void>;
export async function sendJson<T>(
  method: Method,
  url: string,
  body?: unknown,
  schema?: ResponseCheck<T>,
): Promise<T | undefined> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  if (!schema) return undefined;
  return parsed(url, schema, await response.json());
}
