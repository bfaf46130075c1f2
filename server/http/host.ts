import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { errorBody } from './errors';
import { decodedRequestPath, isApiRequest } from './request-path';

/**
 * The names this server answers to (decision 0230). A page of another site whose name was
 * re-pointed at this computer (DNS rebinding) reaches us with that site's name in Host and in
 * Origin; refusing every name not on this list stops it before any route runs. The same list
 * judges Origin in the same-origin guard (origin.ts).
 */
export interface HostAllowList {
  /** Whether a Host value (name and optional port) is one this server answers to. */
  allowsHost(host: string): boolean;
  /**
   * Whether a browser page at `origin` may write through this request: same host as the request
   * (already allowed), or a listed name. A loopback name counts only on the port the connection
   * came in on (or none): another program on this computer, on another port, is another site.
   */
  allowsOrigin(origin: string, requestHost: string, localPort: number | undefined): boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);
const WILDCARD_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/** A Host value as name and port; undefined for anything that is not a plain host[:port]. */
function parseHost(value: string): { name: string; port: string } | undefined {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\.?)(?::(\d{1,5}))?$/i.exec(value);
  if (!match) return undefined;
  const name = (match[1] ?? match[2] ?? '').toLowerCase();
  return { name, port: match[3] ?? '' };
}

/** Operator-listed names as the allow-list holds them: lower case, IPv6 without brackets. */
function normalisedHostName(name: string): string {
  const trimmed = name.trim().toLowerCase().replace(/\.$/, '');
  return trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
}

export function hostAllowList(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'HOST'>): HostAllowList {
  const listed = new Set(config.ALLOWED_HOSTS.map(normalisedHostName));
  if (!WILDCARD_INTERFACES.has(config.HOST)) listed.add(normalisedHostName(config.HOST));
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
  if (publicUrl) listed.add(normalisedHostName(publicUrl.hostname));

  const allowsName = (name: string) => LOOPBACK_NAMES.has(name) || listed.has(name);

  // Every request asks about its Host, and a server sees few distinct ones: answers are kept
  // (bounded, so a flood of made-up names cannot grow it).
  const hostAnswers = new Map<string, boolean>();
  return {
    // Any port: the port never tells a rebound page from ours (its name does), and the Vite dev
    // server proxies /api with its own port in Host.
    allowsHost(host) {
      const known = hostAnswers.get(host);
      if (known !== undefined) return known;
      const parsed = parseHost(host);
      const allowed = parsed !== undefined && allowsName(parsed.name);
      if (hostAnswers.size >= 256) hostAnswers.clear();
      hostAnswers.set(host, allowed);
      return allowed;
    },
    allowsOrigin(origin, requestHost, localPort) {
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      const name = normalisedHostName(url.hostname);
      if (!allowsName(name)) return false;
      const request = parseHost(requestHost);
      // The page's own server: exactly the host the browser sent this request to.
      if (request && request.name === name && request.port === url.port) return true;
      if (LOOPBACK_NAMES.has(name)) return url.port === '' || url.port === String(localPort);
      return true;
    },
  };
}

/** Probes a load balancer may send with its own idea of Host (often the target's address). */
const HOST_FREE_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function misdirectedMessage(host: string): string {
  const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host;
  return `This server does not answer to the name "${shown}". If it should, its operator adds the name to ALLOWED_HOSTS.`;
}

/** 421 Misdirected Request to every request whose host is not on the list (decision 0230). */
export function registerHostGuard(app: FastifyInstance, allowList: HostAllowList): void {
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    // request.host reads X-Forwarded-Host only from a proxy TRUST_PROXY trusts, else Host.
    const host = request.host;
    if (allowList.allowsHost(host)) return done();
    const path = decodedRequestPath(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && HOST_FREE_PATHS.has(path)) return done();
    const message = misdirectedMessage(host);
    reply.status(421).header('cache-control', 'no-store');
    if (isApiRequest(request)) {
      reply.send(errorBody(421, message));
      return;
    }
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Misdirected request</title></head><body><main><h1>Misdirected request</h1><p>${escapeHtml(message)}</p></main></body></html>`,
      );
  });
}
