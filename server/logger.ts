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

/** Query parameters whose values never reach a log line (Stripe's client secret, tokens, keys). */
const SECRET_PARAMETER = /secret|token|password|signature|api_?key/i;

/** The URL with secret-looking query values replaced; everything else kept as sent. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return pair;
      let name = pair.slice(0, separator);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // A malformed name is judged as sent.
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, separator)}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
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
      // Fastify's request serializer, with secrets taken out of the URL (Stripe returns the
      // buyer to /checkout with payment_intent_client_secret in the query string).
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
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
