import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config';

/** Whether the address at `hop` (0 = the connection's own peer) is a proxy the operator trusts. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, given to Fastify (X-Forwarded-For, X-Forwarded-Host) and used for
 * X-Request-Id, so every forwarded header is believed under the same rule. A hop count trusts
 * that many proxies in front of the server (the nearest first); a list trusts those addresses
 * and networks, compiled by the library Fastify itself uses.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}
