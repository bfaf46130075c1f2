import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';
import { logFieldsOfWorkContext } from './request-context';

/**
 * The running build, on every log line: package version, plus the commit when the deploy passes
 * GIT_COMMIT (an image has no .git to read, and reading it at each start would cost time).
 */
export function serviceVersion(env: NodeJS.ProcessEnv = process.env): string {
  const packageFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // A build without package.json beside it still logs; the version just says unknown.
  }
  const commit = env.GIT_COMMIT?.trim();
  return commit ? `${version}+${commit.slice(0, 12)}` : version;
}

/** The request's path for a log line: never its query string, where tokens and secrets travel. */
function pathOnly(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

/** Values shorter than this are numbers and flags, never a secret; replacing them would garble text. */
const SHORTEST_HIDDEN_VALUE = 4;

/** The parameter values of every failed query in an error's chain of causes. */
function queryValuesOf(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const params = (error as Error & { params?: unknown }).params;
  const own = Array.isArray(params) ? params.map(String) : [];
  return [...own, ...queryValuesOf(error.cause, depth + 1)];
}

function hideValues(text: string, values: readonly string[]): string {
  let hidden = text;
  for (const value of values) {
    if (value.length >= SHORTEST_HIDDEN_VALUE) hidden = hidden.replaceAll(value, '[not logged]');
  }
  return hidden;
}

/** A copy of the error and its causes with `values` hidden; the error itself when none appear. */
function withValuesHidden(error: unknown, values: readonly string[], depth: number): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error) as Error &
    Record<string, unknown>;
  const message = hideValues(error.message, values);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  // Only the stack's first line holds the message; hiding values in the frames would garble
  // file names and line numbers.
  copy.stack = error.stack?.replace(error.message, message);
  if (Array.isArray(copy.params)) copy.params = `[${copy.params.length} value(s) not logged]`;
  if (typeof copy.detail === 'string') copy.detail = hideValues(copy.detail, values);
  if (error.cause !== undefined) copy.cause = withValuesHidden(error.cause, values, depth + 1);
  return copy;
}

/**
 * An error as it may be logged: a failed query's parameter values (a reset link, an unsubscribe
 * token, an email address) appear nowhere in it. Drizzle writes them into its message and
 * PostgreSQL quotes an offending value in its own message and detail. The query text stays.
 */
function withoutQueryValues(error: unknown): unknown {
  const values = queryValuesOf(error);
  return values.length === 0 ? error : withValuesHidden(error, values, 0);
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'> & Partial<Pick<Config, 'ROLE'>>,
  destination?: DestinationStream,
): Logger {
  const pretty = !destination && config.NODE_ENV === 'development' && process.stdout.isTTY;
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    // Which build and which process kind wrote each line (web, worker or both in one process).
    base: { pid: process.pid, hostname: hostname(), version: serviceVersion(), role: config.ROLE ?? 'all' },
    // The request (and purchase, and job) the line belongs to, also inside jobs a request started.
    mixin: logFieldsOfWorkContext,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      // Fastify's request serializer without the query string: tokens (unsubscribe, password
      // reset) and Stripe's payment_intent_client_secret travel there.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: pathOnly(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
