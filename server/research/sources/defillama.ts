import { z } from 'zod';
import type { AssetRef, AuditReport, HackRecord, SecurityEvidence, SourceGap } from '../evidence';
import { TtlCache } from './cache';
import { reasonOf } from './coingecko';
import { fetchJson } from './http';
import { tvlTrend } from './metrics';

// DeFiLlama's API over fetch: GET /protocols (audit links and status, TVL, CoinGecko ids),
// GET /hacks (recorded incidents; a Pro endpoint, reached through the Pro base URL when a key is
// configured) and GET /protocol/{slug} (the TVL series behind the trend). The lists are large and
// change slowly: cached briefly. A list that fails leaves its facts missing with the reason (a gap
// the report shows); only when both fail is the source unavailable (the job retries, or the
// snapshot stands in). One malformed item is dropped and counted, never the whole list.

export const DEFILLAMA_DEFAULT_BASE_URL = 'https://api.llama.fi';
/** DeFiLlama's Pro API: the key is a path segment (`/{key}/api/hacks`), as its SDK builds it. */
export const DEFILLAMA_PRO_DEFAULT_BASE_URL = 'https://pro-api.llama.fi';

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
  url: z.string().nullish(),
  github: z.array(z.string()).nullish(),
});
const protocolItemSchema = z.looseObject(protocolSchema.shape);

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
const hackItemSchema = z.looseObject(hackSchema.shape);

type Protocol = z.infer<typeof protocolSchema>;

const protocolDetailSchema = z.object({
  name: z.string(),
  gecko_id: z.string().nullish(),
  url: z.string().nullish(),
  github: z.array(z.string()).nullish(),
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

/** The firm behind an audit link when it is a known independent auditor (by host or GitHub owner). */
function knownAuditorOf(url: URL): string | undefined {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const known = AUDITOR_HOSTS.find(([pattern]) => pattern.test(host));
  if (known) return known[1];
  if (host === 'github.com') return GITHUB_AUDITORS[url.pathname.split('/')[1]?.toLowerCase() ?? ''];
  return undefined;
}

/** The auditor behind an audit link: a known firm by host or GitHub owner, else the host. */
export function auditorOf(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'unnamed auditor';
  }
  const known = knownAuditorOf(url);
  if (known) return known;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host === 'github.com') return `GitHub: ${url.pathname.split('/')[1]?.toLowerCase() || 'unknown'}`;
  return host;
}

/** Firms named in a report's file name ("…/audits/2022-01-PeckShield-Aave-v3.pdf"). */
const FIRM_NAMES = [
  ...new Set([...AUDITOR_HOSTS.map(([, name]) => name), ...Object.values(GITHUB_AUDITORS), 'ABDK']),
];
function firmNamedInFile(url: URL): string | undefined {
  const file = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  if (!/\.(pdf|md)$/i.test(file)) return undefined;
  const squashed = file.toLowerCase().replace(/[^a-z0-9]/g, '');
  return FIRM_NAMES.find((name) => squashed.includes(name.toLowerCase().replace(/[^a-z0-9]/g, '')));
}

/** "aave.com/security": a page's host and path, for prose. */
const pageOf = (link: string) => {
  const url = new URL(link);
  return `${url.hostname.replace(/^www\./, '')}${url.pathname.replace(/\/+$/, '')}`;
};

/** "docs.aave.com" -> "aave.com": the part of a host its owner registered (two labels). */
const registeredDomain = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, '')
    .split('.')
    .slice(-2)
    .join('.');

/** Who publishes the project's own pages: its web domains, its GitHub owners and its names. */
export interface ProjectIdentity {
  domains: string[];
  githubOwners: string[];
  /** Lower-case slugs ("aave"): a docs host named after the project ("aave.gitbook.io") is its own. */
  names: string[];
}

/**
 * True when an audit link is a page of the project itself (its site, its docs, its GitHub): a
 * project's own page listing audits is not an audit by an independent firm, whatever it links to.
 */
export function isProjectOwnDocument(link: string, project: ProjectIdentity): boolean {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (knownAuditorOf(url)) return false;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host === 'github.com') {
    const owner = url.pathname.split('/')[1]?.toLowerCase() ?? '';
    return project.githubOwners.includes(owner) || project.names.includes(owner);
  }
  if (project.domains.includes(registeredDomain(host))) return true;
  const labels = host.split('.');
  return labels.slice(0, -2).some((label) => project.names.includes(label));
}

/**
 * DeFiLlama's `audits` field is a status code, not a count. Its server's protocol list says:
 * "0 -> No audits, 1 -> Part of this protocol may be unaudited, 2 -> Yes, 3 -> This protocol is
 * a fork of an existing audited protocol" (DefiLlama/defillama-server, defi/src/protocols/data4.ts).
 */
export type DefiLlamaAuditStatus = 'none' | 'partly-unaudited' | 'audited' | 'fork-of-audited';
export function auditStatusOf(code: string | number | null | undefined): DefiLlamaAuditStatus | undefined {
  switch (String(code ?? '')) {
    case '0':
      return 'none';
    case '1':
      return 'partly-unaudited';
    case '2':
      return 'audited';
    case '3':
      return 'fork-of-audited';
    default:
      return undefined;
  }
}

/** A year in the link (most audit reports carry one in their file name), as the audit date. */
function yearIn(link: string): number | undefined {
  const years = [...link.matchAll(/(?:^|[^0-9])(20[12][0-9])(?=[^0-9]|$)/g)].map((m) => Number(m[1]));
  const current = new Date().getUTCFullYear();
  const plausible = years.filter((y) => y >= 2015 && y <= current);
  return plausible.length ? Math.max(...plausible) : undefined;
}

const slugOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const parentSlugOf = (parent: string | null | undefined) =>
  parent?.startsWith('parent#') ? parent.slice('parent#'.length) : undefined;

export interface DefiLlamaOptions {
  baseUrl?: string;
  /** DeFiLlama Pro key: every call goes to the Pro base URL with the key in the path. */
  apiKey?: string | undefined;
  proBaseUrl?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
  /** Told when items of a list were dropped for their shape (a log line). */
  onDroppedItems?: (list: string, dropped: number, reason: string) => void;
}

type Settled<T> = { value: T } | { error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

export class DefiLlamaSource {
  private readonly baseUrl: string;
  private readonly proBaseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly onDroppedItems: DefiLlamaOptions['onDroppedItems'];
  private readonly protocols: TtlCache<Protocol[]>;
  private readonly hacks: TtlCache<z.infer<typeof hackSchema>[]>;
  private readonly details: TtlCache<ProtocolDetail>;
  /** Items dropped from the lists for their shape since start (for operators and tests). */
  droppedItems = 0;

  constructor(options: DefiLlamaOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFILLAMA_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.proBaseUrl = (options.proBaseUrl ?? DEFILLAMA_PRO_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.apiKey = options.apiKey || undefined;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.onDroppedItems = options.onDroppedItems;
    this.protocols = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
    this.hacks = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
    this.details = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
  }

  /** The free API, or the Pro API with the key as a path segment when one is configured. */
  private urlOf(path: string) {
    return this.apiKey
      ? `${this.proBaseUrl}/${encodeURIComponent(this.apiKey)}/api${path}`
      : `${this.baseUrl}${path}`;
  }

  private get<T>(path: string, schema: z.ZodType<T>) {
    return fetchJson(this.urlOf(path), schema, {
      source: 'DeFiLlama',
      timeoutMs: this.timeoutMs,
      retries: this.retries,
    });
  }

  /** A list whose items are checked one by one: a malformed item is dropped and counted. */
  private async list<T>(path: string, item: z.ZodType<T>): Promise<T[]> {
    const raw = await this.get(path, z.array(z.unknown()));
    const kept: T[] = [];
    let firstProblem = '';
    for (const entry of raw) {
      const parsed = item.safeParse(entry);
      if (parsed.success) kept.push(parsed.data);
      else
        firstProblem ||= `${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
    }
    const dropped = raw.length - kept.length;
    if (dropped > 0) {
      this.droppedItems += dropped;
      this.onDroppedItems?.(path, dropped, firstProblem);
    }
    return kept;
  }

  private detail(slug: string) {
    return settle(
      this.details.get(slug, () => this.get(`/protocol/${encodeURIComponent(slug)}`, protocolDetailSchema)),
    );
  }

  /**
   * The asset's protocols: those carrying its CoinGecko id, widened to every child of their
   * parent (DeFiLlama puts the token's id on the parent, "parent#aave", or on one version only).
   * When no child carries the id, a parent named like the asset is confirmed by its own gecko_id.
   */
  private async resolve(
    asset: AssetRef,
    protocols: Protocol[],
  ): Promise<{ group: Protocol[]; parentSlug?: string; detail?: Settled<ProtocolDetail> }> {
    const direct = protocols.filter((p) => p.gecko_id === asset.id);
    // "parent#aave" today; a recorded 2022 answer names the parent plainly ("AAVE"), and its
    // siblings are grouped the same way (only the "parent#" form names a parent page).
    let parent =
      direct.map((p) => p.parentProtocol).find((id) => parentSlugOf(id)) ??
      direct.map((p) => p.parentProtocol).find(Boolean);
    let detail: Settled<ProtocolDetail> | undefined;
    if (!direct.length) {
      const names = new Set([asset.id, slugOf(asset.name)]);
      const prefix = `${asset.name.toLowerCase()} `;
      const candidates = [
        ...new Set(
          protocols
            .filter((p) => {
              const slug = parentSlugOf(p.parentProtocol);
              return slug !== undefined && (names.has(slug) || p.name.toLowerCase().startsWith(prefix));
            })
            .map((p) => p.parentProtocol as string),
        ),
      ].slice(0, 2);
      for (const candidate of candidates) {
        const found = await this.detail(parentSlugOf(candidate) as string);
        if ('value' in found && found.value.gecko_id === asset.id) {
          parent = candidate;
          detail = found;
          break;
        }
      }
    }
    if (parent) {
      const children = protocols.filter((p) => p.parentProtocol === parent);
      const group = [...new Map([...children, ...direct].map((p) => [p.id, p])).values()];
      const parentSlug = parentSlugOf(parent);
      return { group, ...(parentSlug ? { parentSlug } : {}), ...(detail ? { detail } : {}) };
    }
    if (direct.length) return { group: direct };
    return {
      group: protocols.filter((p) => !p.gecko_id && p.name.toLowerCase() === asset.name.toLowerCase()),
    };
  }

  async security(asset: AssetRef): Promise<SecurityEvidence> {
    // /hacks is on DeFiLlama's paid plan only (its free API's OpenAPI document lists no /hacks):
    // without a Pro key it is not asked, and the incidents come from the public datasets the
    // reports use offline (withCuratedIncidents adds them to every live report).
    const [protocolsResult, hacksResult] = await Promise.all([
      settle(this.protocols.get('protocols', () => this.list('/protocols', protocolItemSchema))),
      this.apiKey ? settle(this.hacks.get('hacks', () => this.list('/hacks', hackItemSchema))) : undefined,
    ]);
    // Every list asked failing is the source being down: the job retries, or the snapshot answers.
    if ('error' in protocolsResult && (!hacksResult || 'error' in hacksResult)) throw protocolsResult.error;
    const retrievedAt = new Date().toISOString();
    const evidence: SecurityEvidence = {};
    const gaps: SourceGap[] = [];
    const protocols = 'value' in protocolsResult ? protocolsResult.value : [];
    if ('error' in protocolsResult) {
      gaps.push({
        source: 'DeFiLlama protocols',
        facts: ['audits', 'tvlUsd', 'tvlTrend'],
        reason: reasonOf(protocolsResult.error),
      });
    }
    const { group: matched, parentSlug, detail: resolvedDetail } = await this.resolve(asset, protocols);
    matched.sort((a, b) => (b.tvl ?? 0) - (a.tvl ?? 0));
    const main = matched[0];
    if (main) {
      const slug = parentSlug ?? main.slug ?? slugOf(main.name);
      const page = `https://defillama.com/protocol/${slug}`;
      const source = {
        title: `DeFiLlama protocol data: ${matched.map((p) => p.name).join(', ')}`,
        url: page,
        retrievedAt,
        live: true,
      };
      const detail = resolvedDetail ?? (await this.detail(slug));
      const detailValue = 'value' in detail ? detail.value : undefined;
      const project: ProjectIdentity = {
        domains: [
          ...new Set(
            [...matched.map((p) => p.url), detailValue?.url]
              .flatMap((link) => {
                try {
                  return link ? [registeredDomain(new URL(link.trim()).hostname)] : [];
                } catch {
                  return [];
                }
              })
              .filter(Boolean),
          ),
        ],
        githubOwners: [
          ...new Set([...matched.flatMap((p) => p.github ?? []), ...(detailValue?.github ?? [])]),
        ].map((owner) => owner.toLowerCase()),
        names: [...new Set([slug, asset.id, slugOf(asset.name)])],
      };
      const links = [
        ...new Set([...matched.flatMap((p) => p.audit_links ?? []), ...(detailValue?.audit_links ?? [])]),
      ].filter((link) => /^https?:\/\//.test(link));
      const found: AuditReport[] = links.map((url) => {
        const year = yearIn(url);
        // A firm's report the project hosts (a PDF named after the firm) is still that firm's.
        const hostedFirm = isProjectOwnDocument(url, project) ? firmNamedInFile(new URL(url)) : undefined;
        if (hostedFirm) return { auditor: hostedFirm, url, ...(year ? { date: String(year) } : {}) };
        if (isProjectOwnDocument(url, project)) {
          return {
            auditor: `${new URL(url).hostname.replace(/^www\./, '')} (the project's own page)`,
            url,
            auditorIsDeveloper: true,
          };
        }
        return { auditor: auditorOf(url), url, ...(year ? { date: String(year) } : {}) };
      });
      const statuses = matched.map((p) => auditStatusOf(p.audits));
      const audited = statuses.includes('audited');
      // DeFiLlama's "audited" status is its editors' finding, not the project's claim. When the
      // only links are the project's own pages (aave.com/security lists the firms' reports), the
      // status stands for the audits those pages list: an independent audit on record, whose
      // firms the data does not name, never "no independent audit".
      const reports: AuditReport[] =
        audited && found.length > 0 && found.every((r) => r.auditorIsDeveloper)
          ? links.map((url) => ({
              auditor: `the audit firms listed on ${pageOf(url)} (DeFiLlama status: audited)`,
              // Cited as the page listing the audits, not written out as a report of its own.
              source: {
                title: `${pageOf(url)}: the project's list of its audits`,
                url,
                retrievedAt,
                live: true,
              },
            }))
          : found;
      const independent = reports.filter((r) => !r.auditorIsDeveloper);
      const years = independent.map((r) => Number(r.date)).filter((y) => y > 0);
      evidence.audits = {
        value: {
          // The count is of independent reports found; DeFiLlama's status code is not a count.
          // Without any link, its "audited" status stands for one audit it does not name.
          count: independent.length || (reports.length === 0 && audited ? 1 : 0),
          ...(years.length ? { latestYear: Math.max(...years) } : {}),
          ...(reports.length ? { reports } : {}),
        },
        source,
      };
      // A parent's TVL is the sum over its children, as DeFiLlama's own parent page shows it.
      const tvl = matched.reduce((sum, p) => sum + (p.tvl ?? 0), 0);
      if (tvl > 0) evidence.tvlUsd = { value: tvl, source };
      if (detailValue) {
        const trend = tvlTrend(detailValue.tvl ?? []);
        if (trend) {
          evidence.tvlTrend = {
            value: trend,
            source: {
              title: `DeFiLlama TVL history: ${detailValue.name}`,
              url: page,
              retrievedAt,
              live: true,
            },
          };
        }
      } else if ('error' in detail) {
        gaps.push({
          source: 'DeFiLlama protocol history',
          facts: ['tvlTrend'],
          reason: reasonOf(detail.error),
        });
      }
    }
    if (hacksResult && 'value' in hacksResult) {
      const ids = new Set(matched.map((p) => p.id));
      const parents = new Set(matched.map((p) => p.parentProtocol).filter(Boolean));
      const namePattern = new RegExp(`\\b${asset.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
      const incidents: HackRecord[] = hacksResult.value
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
    } else if (hacksResult) {
      gaps.push({ source: 'DeFiLlama hacks', facts: ['hacks'], reason: reasonOf(hacksResult.error) });
    }
    if (gaps.length) evidence.securityGaps = gaps;
    return evidence;
  }
}
