import { z } from 'zod';
import type { AssetRef, HackRecord, SecurityEvidence } from '../evidence';
import { TtlCache } from './cache';
import { fetchJson } from './http';

// DeFiLlama's public API over fetch: GET /protocols (audit counts, TVL, CoinGecko ids) and
// GET /hacks (recorded incidents). Both lists are large and change slowly: cached briefly.

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
});
const hacksSchema = z.array(z.looseObject(hackSchema.shape));

type Protocol = z.infer<typeof protocolSchema>;

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

  constructor(options: DefiLlamaOptions = {}) {
    this.baseUrl = (options.baseUrl ?? DEFILLAMA_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retries = options.retries ?? 2;
    this.protocols = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
    this.hacks = new TtlCache(options.cacheTtlMs ?? 10 * 60_000);
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
    const matched = protocols.filter(
      (p) => p.gecko_id === asset.id || (!p.gecko_id && p.name.toLowerCase() === asset.name.toLowerCase()),
    );
    const evidence: SecurityEvidence = {};
    if (matched.length > 0) {
      const counts = matched.map((p) => Number(p.audits ?? 0)).filter(Number.isFinite);
      const slug = matched[0]!.slug ?? matched[0]!.name.toLowerCase().replace(/\s+/g, '-');
      const source = {
        title: `DeFiLlama protocol data: ${matched.map((p) => p.name).join(', ')}`,
        url: `https://defillama.com/protocol/${slug}`,
        retrievedAt,
      };
      evidence.audits = { value: { count: Math.max(0, ...counts) }, source };
      const tvl = matched.reduce((sum, p) => sum + (p.tvl ?? 0), 0);
      if (tvl > 0) evidence.tvlUsd = { value: tvl, source };
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
      }));
    evidence.hacks = {
      value: incidents,
      source: { title: 'DeFiLlama hacks database', url: 'https://defillama.com/hacks', retrievedAt },
    };
    return evidence;
  }
}
