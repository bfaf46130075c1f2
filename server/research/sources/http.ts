import type { z } from 'zod';
import type { RateLimiter } from './limiter';
import { SourceUnavailableError } from './types';

/** An HTTP error answer, with its status and the start of its body (what the provider said). */
export class HttpStatusError extends SourceUnavailableError {
  constructor(
    source: string,
    readonly status: number,
    readonly bodyText: string,
    readonly headers: Headers,
  ) {
    super(source, `HTTP ${status}${providerMessage(bodyText)}`);
  }
}

/** The provider's own words in an error body ({"message"} or {"error": {"message"}}), briefly. */
function providerMessage(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { message?: unknown; error?: { message?: unknown } | unknown };
    const message =
      typeof body.message === 'string'
        ? body.message
        : typeof (body.error as { message?: unknown })?.message === 'string'
          ? ((body.error as { message: string }).message as string)
          : typeof body.error === 'string'
            ? body.error
            : undefined;
    return message ? ` (${message.slice(0, 160)})` : '';
  } catch {
    return '';
  }
}

export interface FetchJsonOptions {
  source: string;
  timeoutMs: number;
  /** Attempts after the first one. */
  retries: number;
  /** First backoff delay; doubled on every retry, capped by maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A JSON body to POST (JSON-RPC); GET when absent. */
  postBody?: unknown;
  headers?: Record<string, string>;
  /** Sees the headers of the answer that is returned (pagination links). */
  onHeaders?: (headers: Headers) => void;
  /** The provider's call limits: every attempt waits its turn first (outside the timeout). */
  limiter?: RateLimiter | undefined;
  /** Statuses that are answers, not failures to retry (GitHub's 409 for an empty repository). */
  noRetryStatuses?: number[];
  /** What a 204 No Content answer means (GitHub's contributors of an empty repository: none). */
  noContent?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * GET (or POST) a JSON document with a timeout per attempt and bounded retries on timeouts, network
 * errors, 429 and 5xx (honouring Retry-After up to maxDelayMs). The body is validated with
 * `schema`; a malformed body is a failure like any other, never a crash.
 */
export async function fetchJson<T>(url: string, schema: z.ZodType<T>, options: FetchJsonOptions): Promise<T> {
  const {
    source,
    timeoutMs,
    retries,
    baseDelayMs = 250,
    maxDelayMs = 4_000,
    postBody,
    headers,
    onHeaders,
    limiter,
    noRetryStatuses = [],
  } = options;
  let lastError: string | HttpStatusError = 'no attempt made';
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    let delay = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
    await limiter?.acquire();
    try {
      const response = await fetch(url, {
        ...(postBody === undefined
          ? { headers: { accept: 'application/json', ...headers } }
          : {
              method: 'POST',
              headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
              body: JSON.stringify(postBody),
            }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 204 && 'noContent' in options) {
        const parsed = schema.safeParse(options.noContent);
        if (parsed.success) {
          onHeaders?.(response.headers);
          return parsed.data;
        }
      }
      if (response.ok) {
        let body: unknown;
        try {
          body = await response.json();
        } catch {
          // A body that is not JSON or not the documented shape will not change on an immediate
          // retry: it fails now rather than costing more calls.
          lastError = 'the answer is not valid JSON';
          break;
        }
        const parsed = schema.safeParse(body);
        if (parsed.success) {
          onHeaders?.(response.headers);
          return parsed.data;
        }
        lastError = `the answer has an unexpected shape (${parsed.error.issues[0]?.message ?? 'invalid'})`;
        break;
      }
      const bodyText = (await response.text().catch(() => '')).slice(0, 1_000);
      lastError = new HttpStatusError(source, response.status, bodyText, response.headers);
      if (noRetryStatuses.includes(response.status)) break;
      // GitHub answers a spent rate limit with 403 and x-ratelimit-remaining: 0: no retry helps.
      if (response.headers.get('x-ratelimit-remaining') === '0') break;
      if (response.status !== 429 && response.status < 500) break;
      delay = Math.min(maxDelayMs, retryAfterMs(response.headers.get('retry-after')) ?? delay);
    } catch (error) {
      lastError =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
          ? `no answer within ${timeoutMs} ms`
          : `network error (${error instanceof Error ? error.message : String(error)})`;
    }
    if (attempt < retries) await sleep(delay);
  }
  if (lastError instanceof HttpStatusError) throw lastError;
  throw new SourceUnavailableError(source, lastError);
}
