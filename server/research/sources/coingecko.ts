import Coingecko from '@coingecko/coingecko-typescript';
import { z } from 'zod';
import type { AssetRef, ChainKind, Fact, MarketEvidence } from '../evidence';
import { TtlCache } from './cache';
import { normalizeAssetText, SourceUnavailableError } from './types';

// CoinGecko through its official SDK. Works without a key (public API), with a demo key
// (environment 'demo', x-cg-demo-api-key) or a pro key. The SDK retries 429/5xx/timeouts
// with backoff and honours Retry-After; answers are validated here before use.

export interface CoinGeckoOptions {
  apiKey?: string | undefined;
  plan?: 'demo' | 'pro';
  baseUrl?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
}

const searchSchema = z.object({
  coins: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      market_cap_rank: z.number().nullish(),
    }),
  ),
});

const num = z.number().nullish();
const coinSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  asset_platform_id: z.string().nullish(),
  categories: z.array(z.string().nullable()).nullish(),
  description: z.object({ en: z.string().nullish() }).nullish(),
  genesis_date: z.string().nullish(),
  market_cap_rank: num,
  watchlist_portfolio_users: num,
  links: z
    .object({
      homepage: z.array(z.string()).nullish(),
      repos_url: z.object({ github: z.array(z.string()).nullish() }).nullish(),
    })
    .nullish(),
  market_data: z
    .object({
      market_cap: z.record(z.string(), z.number().nullable()).nullish(),
      total_volume: z.record(z.string(), z.number().nullable()).nullish(),
      ath_change_percentage: z.record(z.string(), z.number().nullable()).nullish(),
      circulating_supply: num,
      total_supply: num,
      max_supply: num,
    })
    .nullish(),
});
type Coin = z.infer<typeof coinSchema>;

/** The first one or two sentences of a description, without markup. */
function summary(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain.match(/[^.!?]+[.!?]+/g) ?? [plain];
  const short = sentences
    .slice(0, 2)
    .map((s) => s.trim())
    .join(' ');
  return short.length > 400 ? `${short.slice(0, 397)}...` : short;
}

export class CoinGeckoSource {
  private readonly client: Coingecko;
  private readonly searches: TtlCache<z.infer<typeof searchSchema>>;
  private readonly coins: TtlCache<Coin>;

  constructor(options: CoinGeckoOptions = {}) {
    const plan = options.plan ?? 'demo';
    const keyed = Boolean(options.apiKey);
    this.client = new Coingecko({
      // A base URL (tests, proxies) replaces the environment; the SDK refuses both at once.
      ...(options.baseUrl
        ? { baseURL: options.baseUrl }
        : { environment: keyed ? plan : 'demo', baseURL: null }),
      ...(keyed && plan === 'pro' ? { proAPIKey: options.apiKey } : {}),
      ...(keyed && plan === 'demo' ? { demoAPIKey: options.apiKey } : {}),
      // No key: the public API; tell the SDK no key header is intended.
      ...(keyed ? {} : { defaultHeaders: { 'x-cg-demo-api-key': null } }),
      timeout: options.timeoutMs ?? 10_000,
      maxRetries: options.retries ?? 2,
      logLevel: 'off',
    });
    this.searches = new TtlCache(options.cacheTtlMs ?? 5 * 60_000);
    this.coins = new TtlCache(options.cacheTtlMs ?? 5 * 60_000);
  }

  private async call<T>(what: string, schema: z.ZodType<T>, request: () => Promise<unknown>): Promise<T> {
    let body: unknown;
    try {
      body = await request();
    } catch (error) {
      const status = (error as { status?: number }).status;
      throw new SourceUnavailableError(
        'CoinGecko',
        `${what} failed${status ? ` (HTTP ${status})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new SourceUnavailableError('CoinGecko', `${what} answered in an unexpected shape`);
    }
    return parsed.data;
  }

  async search(text: string, limit: number): Promise<AssetRef[]> {
    const query = normalizeAssetText(text);
    if (!query) return [];
    const result = await this.searches.get(query, () =>
      this.call('search', searchSchema, () => this.client.search.get({ query })),
    );
    return result.coins.slice(0, limit).map((coin) => ({
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol.toUpperCase(),
      ...(coin.market_cap_rank ? { rank: coin.market_cap_rank } : {}),
    }));
  }

  /** Exact id, symbol or name match; among several, the largest by market-cap rank. */
  async resolve(text: string): Promise<AssetRef | null> {
    const query = normalizeAssetText(text);
    const candidates = await this.search(query, 25);
    const exact = candidates.filter((coin) =>
      [coin.id, coin.symbol, coin.name].map(normalizeAssetText).includes(query),
    );
    exact.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
    const best = exact[0];
    return best ? { id: best.id, name: best.name, symbol: best.symbol } : null;
  }

  async market(asset: AssetRef): Promise<MarketEvidence> {
    const coin = await this.coins.get(asset.id, () =>
      this.call('coin data', coinSchema, () =>
        this.client.coins.getID(asset.id, {
          localization: false,
          tickers: false,
          market_data: true,
          community_data: false,
          developer_data: false,
          sparkline: false,
        }),
      ),
    );
    const source = {
      title: `CoinGecko coin data: ${coin.name}`,
      url: `https://www.coingecko.com/en/coins/${encodeURIComponent(coin.id)}`,
      retrievedAt: new Date().toISOString(),
    };
    const fact = <T>(value: T): Fact<T> => ({ value, source });
    const market = coin.market_data;
    const evidence: MarketEvidence = {};
    const cap = market?.market_cap?.usd;
    if (cap) evidence.marketCapUsd = fact(cap);
    const volume = market?.total_volume?.usd;
    if (volume !== undefined && volume !== null) evidence.volume24hUsd = fact(volume);
    if (market && (market.circulating_supply || market.total_supply)) {
      evidence.supply = fact({
        circulating: market.circulating_supply ?? null,
        total: market.total_supply ?? null,
        max: market.max_supply ?? null,
      });
    }
    if (coin.watchlist_portfolio_users) evidence.watchlistUsers = fact(coin.watchlist_portfolio_users);
    if (coin.genesis_date) evidence.genesisDate = fact(coin.genesis_date);
    const ath = market?.ath_change_percentage?.usd;
    if (ath !== undefined && ath !== null) evidence.athChangeRatio = fact(ath / 100);
    const categories = (coin.categories ?? []).filter((c): c is string => Boolean(c));
    const description = summary(coin.description?.en ?? '');
    if (description || categories.length) {
      evidence.useCase = fact({
        description,
        categories,
        ...(coin.market_cap_rank ? { marketCapRank: coin.market_cap_rank } : {}),
      });
    }
    const repos = (coin.links?.repos_url?.github ?? []).filter(Boolean);
    const homepage = (coin.links?.homepage ?? []).find(Boolean);
    evidence.team = fact({
      // CoinGecko does not say who the team is; the writer (or a reviewer) may add that with a source.
      identified: false,
      publicCode: repos.length > 0,
      note: homepage ? `Project homepage: ${homepage}.` : 'No project homepage is listed.',
    });
    const kind: ChainKind = coin.asset_platform_id
      ? 'token'
      : categories.some((c) => /layer 2|\bl2\b/i.test(c))
        ? 'layer2'
        : 'layer1';
    evidence.chain = fact(kind);
    return evidence;
  }
}
