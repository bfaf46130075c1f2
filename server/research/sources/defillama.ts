import { z } from 'zod';
import type { AssetRef, AuditReport, HackRecord, SecurityEvidence } from '../evidence';
import { TtlCache } from './cache';
import { reasonOf } from './coingecko';
import { fetchJson } from './http';
import { tvlTrend } from './metrics';

// DeFiLlama's public API over fetch: GET /protocols (audit counts and links, TVL, CoinGecko
// ids), GET /hacks (recorded incidents) and GET /protocol/{slug} (the TVL series behind the
// trend). The two lists are large and change slowly: cached briefly. The lists are required
// (a failure retries the job); the TVL series is an extra whose failure leaves the trend missing.

export const DEFILLAMA_DEFAULT_BASE_URL = 'https://api.llama.fi';

const protocolSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  symbol: z.string().nullish(),
  gecko_id: z.string().nullish(),
  audits: z.union([z.string(), z.number()]).nullish(),
  audit_links: z.array(z.string()).nullish(),
  tvl: z.number().nullish(),
  slug: z.string().nullish(),
  parentProtocol: z.string().nullish(),
});
const protocolsSchema = z.array(z.looseObject(protocolSchema.shape));

const hackSchema = z.object({
  date: z.number(),
  name: z.string(),
  amount: z.number().nullish(),
  returnedFunds: z.number().nullish(),
  technique: z.string().nullish(),
  classification: z.string().nullish(),
  defillamaId: z.union([z.string(), z.number()]).nullish(),
  parentProtocolId: z.string().nullish(),
  /** Link to a write-up of the incident. */
  source: z.string().nullish(),
});
const hacksSchema = z.array(z.looseObject(hackSchema.shape));

type Protocol = z.infer<typeof protocolSchema>;

const protocolDetailSchema = z.object({
  name: z.string(),
  audit_links: z.array(z.string()).nullish(),
  tvl: z
    .array(
      z.object({ date: z.union([z.number(), z.string()]).transform(Number), totalLiquidityUSD: z.number() }),
    )
    .nullish(),
});
type ProtocolDetail = z.infer<typeof protocolDetailSchema>;

/** Audit firms by the host their reports are published on (DeFiLlama lists links, not names). */
const AUDITOR_HOSTS: [RegExp, string][] = [
  [/(^|\.)openzeppelin\.com$/, 'OpenZeppelin'],
  [/(^|\.)certik\.(com|io)$/, 'CertiK'],
  [/(^|\.)trailofbits\.com$/, 'Trail of Bits'],
  [/(^|\.)consensys\.(io|net)$/, 'ConsenSys Diligence'],
  [/(^|\.)peckshield\.com$/, 'PeckShield'],
  [/(^|\.)quantstamp\.com$/, 'Quantstamp'],
  [/(^|\.)sigmaprime\.io$/, 'Sigma Prime'],
  [/(^|\.)spearbit\.com$/, 'Spearbit'],
  [/(^|\.)code4rena\.com$/, 'Code4rena'],
  [/(^|\.)sherlock\.xyz$/, 'Sherlock'],
  [/(^|\.)chainsecurity\.com$/, 'ChainSecurity'],
  [/(^|\.)halborn\.com$/, 'Halborn'],
  [/(^|\.)hacken\.io$/, 'Hacken'],
  [/(^|\.)slowmist\.com$/, 'SlowMist'],
  [/(^|\.)mixbytes\.io$/, 'MixBytes'],
  [/(^|\.)cyfrin\.io$/, 'Cyfrin'],
  [/(^|\.)zellic\.io$/, 'Zellic'],
  [/(^|\.)ottersec\.io$/, 'OtterSec'],
  [/(^|\.)omniscia\.io$/, 'Omniscia'],
];
const GITHUB_AUDITORS: Record<string, string> = {
  trailofbits: 'Trail of Bits',
  openzeppelin: 'OpenZeppelin',
  sigp: 'Sigma Prime',
  spearbit: 'Spearbit',
  'code-423n4': 'Code4rena',
  certik: 'CertiK',
  peckshield: 'PeckShield',
  consensys: 'ConsenSys Diligence',
  cyfrin: 'Cyfrin',
  zellic: 'Zellic',
  mixbytes: 'MixBytes',
  chainsecurity: 'ChainSecurity',
};

/** The auditor behind an audit link: a known firm by host or GitHub owner, else the host. */
export function auditorOf(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'unnamed auditor';
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const known = AUDITOR_HOSTS.find(([pattern]) => pattern.test(host));
  if (known) return known[1];
  if (host === 'github.com') {
    const owner = url.pathname.split('/')[1]?.toLowerCase() ?? '';
    return GITHUB_AUDITORS[owner] ?? `GitHub: ${owner || 'unknown'}`;
  }
  return host;
}

/** A year in the link (most audit reports carry one in their file name), as the audit date. */
function yearIn(link: string): number | undefined {
  const years = [...link.matchAll(/(?:^|[^0-9])(20[12][0-9])(?=[^0-9]|$)/g)].map((m) => Number(m[1]));
  const current = new Date().getUTCFullYear();
  const plausible = years.filter((y) => y >= 2015 && y <= current);
  return plausible.length ? Math.max(...plausible) : undefined;
}

export interface DefiLlamaOptions {
  baseUrl?: string;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
}

export class DefiLlamaSource {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly protocols: TtlCache<Protocol[]>;
  private readonly hacks: TtlCache<z.infer<typeof hackSchema>[]>;
  private readonly details: TtlCache<ProtocolDetail>;

  constructor(options: DefiLlamaOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFILLAMA_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.protocols = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
    this.hacks = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
    this.details = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
  }

  private get<T>(path: string, schema: z.ZodType<T>) {
    return fetchJson(`${this.baseUrl}${path}`, schema, {
      source: 'DeFiLlama',
      timeoutMs: this.timeoutMs,
      retries: this.retries,
    });
  }

  async security(asset: AssetRef): Promise<SecurityEvidence> {
    const [protocols, hacks] = await Promise.all([
      this.protocols.get('protocols', () => this.get('/protocols', protocolsSchema)),
      this.hacks.get('hacks', () => this.get('/hacks', hacksSchema)),
    ]);
    const retrievedAt = new Date().toISOString();
    const matched = protocols
      .filter(
        (p) => p.gecko_id === asset.id || (!p.gecko_id && p.name.toLowerCase() === asset.name.toLowerCase()),
      )
      .sort((a, b) => (b.tvl ?? 0) - (a.tvl ?? 0));
    const evidence: SecurityEvidence = {};
    const main = matched[0];
    if (main) {
      // A protocol with versions (Aave V2, V3) has a parent whose page and series cover them all.
      const parentSlug = main.parentProtocol?.startsWith('parent#')
        ? main.parentProtocol.slice(7)
        : undefined;
      const slug = parentSlug ?? main.slug ?? main.name.toLowerCase().replace(/\s+/g, '-');
      const page = `https://defillama.com/protocol/${slug}`;
      const source = {
        title: `DeFiLlama protocol data: ${matched.map((p) => p.name).join(', ')}`,
        url: page,
        retrievedAt,
        live: true,
      };
      const detail = await this.details
        .get(slug, () => this.get(`/protocol/${encodeURIComponent(slug)}`, protocolDetailSchema))
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
      const links = [
        ...new Set([
          ...matched.flatMap((p) => p.audit_links ?? []),
          ...('value' in detail ? (detail.value.audit_links ?? []) : []),
        ]),
      ].filter((link) => /^https?:\/\//.test(link));
      const reports: AuditReport[] = links.map((url) => {
        const year = yearIn(url);
        return { auditor: auditorOf(url), url, ...(year ? { date: String(year) } : {}) };
      });
      const counts = matched.map((p) => Number(p.audits ?? 0)).filter(Number.isFinite);
      const years = reports.map((r) => Number(r.date)).filter((y) => y > 0);
      evidence.audits = {
        value: {
          // DeFiLlama's "audits" is a status code on some entries; the links are the better count.
          count: Math.max(reports.length, 0, ...counts),
          ...(years.length ? { latestYear: Math.max(...years) } : {}),
          ...(reports.length ? { reports } : {}),
        },
        source,
      };
      const tvl = matched.reduce((sum, p) => sum + (p.tvl ?? 0), 0);
      if (tvl > 0) evidence.tvlUsd = { value: tvl, source };
      if ('value' in detail) {
        const trend = tvlTrend(detail.value.tvl ?? []);
        if (trend) {
          evidence.tvlTrend = {
            value: trend,
            source: {
              title: `DeFiLlama TVL history: ${detail.value.name}`,
              url: page,
              retrievedAt,
              live: true,
            },
          };
        }
      } else {
        evidence.securityGaps = [
          { source: 'DeFiLlama protocol history', facts: ['tvlTrend'], reason: reasonOf(detail.error) },
        ];
      }
    }
    const ids = new Set(matched.map((p) => p.id));
    const parents = new Set(matched.map((p) => p.parentProtocol).filter(Boolean));
    const namePattern = new RegExp(`\\b${asset.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
    const incidents: HackRecord[] = hacks
      .filter(
        (h) =>
          (h.defillamaId !== null && h.defillamaId !== undefined && ids.has(String(h.defillamaId))) ||
          (h.parentProtocolId ? parents.has(h.parentProtocolId) : false) ||
          namePattern.test(h.name),
      )
      .map((h) => ({
        name: h.name,
        date: new Date(h.date * 1000).toISOString(),
        amountUsd: h.amount ?? 0,
        returnedUsd: h.returnedFunds ?? 0,
        ...(h.technique ? { technique: h.technique } : {}),
        ...(h.source && /^https?:\/\//.test(h.source) ? { link: h.source } : {}),
      }));
    evidence.hacks = {
      value: incidents,
      source: {
        title: 'DeFiLlama hacks database',
        url: 'https://defillama.com/hacks',
        retrievedAt,
        live: true,
      },
    };
    return evidence;
  }
}
