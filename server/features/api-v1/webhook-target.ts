import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '../../../contract/webhooks';
import { invalid } from '../../domain/errors';

// Where a webhook may go (issue 47): public unicast addresses over https only, unless the
// operator lets a local trial reach private receivers (WEBHOOK_ALLOW_PRIVATE, loopback HOST
// only). The request connects to the very addresses that were checked, so a DNS answer that
// changes after the check cannot aim a delivery at the inside.

/** 2000::/3, the IPv6 global unicast space (RFC 4291); everything else is local or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True only for a public unicast address. IPv4: not private, loopback, link-local, CGNAT,
 * multicast, reserved or unspecified (ipaddr.js's ranges). IPv6: inside 2000::/3 and none of
 * its special ranges, so the forms that embed an IPv4 address (::/96, ::ffff:0:0/96,
 * 64:ff9b::/96, 2002::/16 6to4, 2001::/32 Teredo) are never public.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export interface WebhookTarget {
  url: URL;
  /** The addresses checked, the only ones the delivery may connect to. */
  addresses: { address: string; family: 4 | 6 }[];
  /** Every address is public: only then is the endpoint's answer kept and shown. */
  isPublic: boolean;
}

/**
 * Checks an endpoint URL and resolves it once: https to public addresses, or (allowPrivate)
 * also http and private or loopback receivers. Refusals are 400s with the URL field's messages.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw invalid(WEBHOOK_MESSAGES.httpsOnly);
  if (url.username || url.password) throw invalid(WEBHOOK_MESSAGES.urlInvalid);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  const addresses =
    family === 4 || family === 6
      ? [{ address: host, family: family as 4 | 6 }]
      : (await lookup(host, { all: true }).catch(() => [])).map((found) => ({
          address: found.address,
          family: (found.family === 6 ? 6 : 4) as 4 | 6,
        }));
  if (addresses.length === 0) throw invalid(WEBHOOK_MESSAGES.unresolvable);
  const isPublic = addresses.every((found) => isPublicAddress(found.address));
  if (!isPublic && !allowPrivate) throw invalid(WEBHOOK_MESSAGES.privateAddress);
  return { url, addresses, isPublic };
}

/** A lookup that answers with the checked addresses only: the connection never resolves again. */
function pinnedLookup(addresses: WebhookTarget['addresses']): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) (callback as (e: null, all: typeof usable) => void)(null, usable);
    else callback(null, usable[0]!.address, usable[0]!.family);
  };
}

export interface WebhookAnswer {
  status: number;
  /** At most maxBytes of the answer's body; the rest is never read. */
  body: string;
}

/**
 * POSTs to the checked addresses (never following a redirect) and reads at most maxBytes of the
 * answer before closing it, so a huge or endless answer costs no memory; the timeout covers the
 * whole exchange.
 */
export function postToWebhook(
  target: WebhookTarget,
  input: { headers: Record<string, string>; body: string; timeoutMs: number; maxBytes: number },
): Promise<WebhookAnswer> {
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(target.url, {
      method: 'POST',
      headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
      lookup: pinnedLookup(target.addresses),
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    request.on('error', reject);
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let read = 0;
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        response.removeAllListeners('data');
        // Enough is kept: the rest of the answer is not read (the connection is closed).
        response.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      };
      response.on('data', (chunk: Buffer) => {
        const room = input.maxBytes - read;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        read += chunk.length;
        if (read >= input.maxBytes) finish();
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    request.end(input.body);
  });
}
