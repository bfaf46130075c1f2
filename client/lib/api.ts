import type { QueryFunction } from '@tanstack/react-query';
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

/** Sends a request with the session cookie; JSON in, JSON (or nothing) out. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Read queries: the URL is the query key's parts joined by slashes. */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
