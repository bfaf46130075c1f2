import Coingecko from '@coingecko/coingecko-typescript';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import type { AssetRef, ChainKind, Fact, MarketEvidence, SourceGap } from '../evidence';
import { TtlCache } from './cache';
import { assetKind, liquidityFacts, platformName, priceHistoryFacts } from './metrics';
import { type CoinGeckoQuota, type QuotaPriority, QuotaReservedError } from './quota';
import { normalizeAssetText, SourceUnavailableError } from './types';

// CoinGecko through its official SDK. Works without a key (public API), with a demo key
// (environment 'demo', x-cg-demo-api-key) or a pro key. The SDK retries 429/5xx/timeouts
// with backoff and honours Retry-After; answers are validated here before use.
// Per report: coin details (required), tickers with ±2% depth and 365 days of daily prices
// (each optional: a failure leaves its facts missing and is recorded as a gap).

export interface CoinGeckoOptions {
  apiKey?: string | undefined;
  plan?: 'demo' | 'pro';
  baseUrl?: string | undefined;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
  /** Search answers change slowly; kept longer so repeated typing costs no calls. */
  searchCacheTtlMs?: number;
  /** Shared request budget: research goes first, search only gets spare capacity. */
  quota?: CoinGeckoQuota | undefined;
}

/** The longest a paid call waits for the quota before its request starts (a queue of reports). */
const QUOTA_WAIT_LIMIT_MS = 5 * 60_000;

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
const strings = z.array(z.string().nullable()).nullish();
const coinSchema = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  asset_platform_id: z.string().nullish(),
  platforms: z.record(z.string(), z.string().nullable()).nullish(),
  categories: z.array(z.string().nullable()).nullish(),
  description: z.object({ en: z.string().nullish() }).nullish(),
  genesis_date: z.string().nullish(),
  market_cap_rank: num,
  watchlist_portfolio_users: num,
  links: z
    .object({
      homepage: strings,
      whitepaper: z.string().nullish(),
      blockchain_site: strings,
      official_forum_url: strings,
      chat_url: strings,
      twitter_screen_name: z.string().nullish(),
      telegram_channel_identifier: z.string().nullish(),
      subreddit_url: z.string().nullish(),
      repos_url: z.object({ github: strings }).nullish(),
    })
    .nullish(),
  // CoinGecko stopped returning these two objects on 28 August 2026; read when present
  // (self-hosted mirrors, older plans), otherwise the facts are simply missing.
  community_data: z
    .object({
      twitter_followers: num,
      reddit_subscribers: num,
      telegram_channel_user_count: num,
    })
    .nullish(),
  developer_data: z
    .object({
      stars: num,
      pull_request_contributors: num,
      commit_count_4_weeks: num,
    })
    .nullish(),
  market_data: z
    .object({
      current_price: z.record(z.string(), z.number().nullable()).nullish(),
      market_cap: z.record(z.string(), z.number().nullable()).nullish(),
      fully_diluted_valuation: z.record(z.string(), z.number().nullable()).nullish(),
      total_volume: z.record(z.string(), z.number().nullable()).nullish(),
      ath_change_percentage: z.record(z.string(), z.number().nullable()).nullish(),
      circulating_supply: num,
      total_supply: num,
      max_supply: num,
    })
    .nullish(),
});
type Coin = z.infer<typeof coinSchema>;

const tickersSchema = z.object({
  tickers: z.array(
    z.object({
      market: z.object({ identifier: z.string().nullish(), name: z.string().nullish() }).nullish(),
      converted_volume: z.object({ usd: num }).nullish(),
      bid_ask_spread_percentage: num,
      cost_to_move_up_usd: num,
      cost_to_move_down_usd: num,
      is_anomaly: z.boolean().nullish(),
      is_stale: z.boolean().nullish(),
    }),
  ),
});
type Tickers = z.infer<typeof tickersSchema>;
/** CoinGecko's tickers page size, and the pages read before an exchange count is left unstated. */
const TICKERS_PER_PAGE = 100;
const TICKER_PAGES = 5;

const chartSchema = z.object({ prices: z.array(z.tuple([z.number(), z.number().nullable()])) });
type Chart = z.infer<typeof chartSchema>;

/** Contract addresses of a token per CoinGecko platform id (e.g. { ethereum: "0x…" }). */
export type PlatformContracts = Record<string, string>;

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

const compact = (values: (string | null | undefined)[] | null | undefined): string[] =>
  (values ?? []).map((v) => v?.trim()).filter((v): v is string => Boolean(v));

export class CoinGeckoSource {
  private readonly paidClient: Coingecko;
  private readonly searchClient: Coingecko;
  private readonly searches: TtlCache<z.infer<typeof searchSchema>>;
  private readonly coins: TtlCache<Coin>;
  private readonly tickers: TtlCache<Tickers & { complete: boolean }>;
  private readonly charts: TtlCache<Chart>;

  constructor(options: CoinGeckoOptions = {}) {
    const plan = options.plan ?? 'demo';
    const keyed = Boolean(options.apiKey);
    const clientFor = (priority: QuotaPriority) =>
      new Coingecko({
        // A base URL (tests, proxies) replaces the environment; the SDK refuses both at once.
        ...(options.baseUrl
          ? { baseURL: options.baseUrl }
          : { environment: keyed ? plan : 'demo', baseURL: null }),
        ...(keyed && plan === 'pro' ? { proAPIKey: options.apiKey } : {}),
        ...(keyed && plan === 'demo' ? { demoAPIKey: options.apiKey } : {}),
        // No key: the public API; tell the SDK no key header is intended.
        ...(keyed ? {} : { defaultHeaders: { 'x-cg-demo-api-key': null } }),
        // With a quota, the request timeout is applied per HTTP request once its token is taken
        // (quota.fetchFor); the SDK's own timeout then only bounds the wait for the quota.
        timeout: (options.timeoutMs ?? 10_000) + (options.quota ? QUOTA_WAIT_LIMIT_MS : 0),
        // A refused search is not retried: the snapshot answers instead.
        maxRetries: priority === 'search' && options.quota ? 0 : (options.retries ?? 2),
        logLevel: 'off',
        ...(options.quota
          ? { fetch: options.quota.fetchFor(priority, fetch, options.timeoutMs ?? 10_000) }
          : {}),
      });
    this.paidClient = clientFor('paid');
    this.searchClient = options.quota ? clientFor('search') : this.paidClient;
    const ttl = options.cacheTtlMs ?? 5 * 60_000;
    this.searches = new TtlCache(options.searchCacheTtlMs ?? options.cacheTtlMs ?? 60 * 60_000, 2_000);
    this.coins = new TtlCache(ttl);
    this.tickers = new TtlCache(ttl);
    this.charts = new TtlCache(ttl);
  }

  private async call<T>(what: string, schema: z.ZodType<T>, request: () => Promise<unknown>): Promise<T> {
    let body: unknown;
    try {
      body = await request();
    } catch (error) {
      // The quota's refusals travel inside the SDK's connection error: they are the reason.
      for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
        if (e instanceof SourceUnavailableError || e instanceof QuotaReservedError) throw e;
        e = (e as { cause?: unknown }).cause;
      }
      const status = (error as { status?: number }).status;
      const plan = planMismatchOf(error);
      throw new SourceUnavailableError(
        'CoinGecko',
        `${what} failed${status ? ` (HTTP ${status})` : ''}: ${plan ?? (error instanceof Error ? error.message : String(error))}`,
        { cause: error },
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new SourceUnavailableError('CoinGecko', `${what} answered in an unexpected shape`);
    }
    return parsed.data;
  }

  private async searchCoins(text: string, limit: number, priority: QuotaPriority): Promise<AssetRef[]> {
    const query = normalizeAssetText(text);
    if (!query) return [];
    const client = priority === 'search' ? this.searchClient : this.paidClient;
    const result = await this.searches.get(query, () =>
      this.call('search', searchSchema, () => client.search.get({ query })),
    );
    return result.coins.slice(0, limit).map((coin) => ({
      id: coin.id,
      name: coin.name,
      symbol: coin.symbol.toUpperCase(),
      ...(coin.market_cap_rank ? { rank: coin.market_cap_rank } : {}),
    }));
  }

  /** CoinGecko's /ping with the configured key (the start-up plan check). */
  ping(): Promise<unknown> {
    return this.call('ping', z.object({ gecko_says: z.string() }), () => this.paidClient.ping.get());
  }

  /** Suggestions for anonymous typing: spare quota only (QuotaReservedError otherwise). */
  search(text: string, limit: number): Promise<AssetRef[]> {
    return this.searchCoins(text, limit, 'search');
  }

  /** Exact id, symbol or name match; among several, the largest by market-cap rank. Paid priority. */
  async resolve(text: string): Promise<AssetRef | null> {
    const query = normalizeAssetText(text);
    const candidates = await this.searchCoins(query, 25, 'paid');
    const exact = candidates.filter((coin) =>
      [coin.id, coin.symbol, coin.name].map(normalizeAssetText).includes(query),
    );
    exact.sort((a, b) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
    const best = exact[0];
    return best
      ? { id: best.id, name: best.name, symbol: best.symbol, ...(best.rank ? { rank: best.rank } : {}) }
      : null;
  }

  private details(id: string): Promise<Coin> {
    return this.coins.get(id, () =>
      this.call('coin data', coinSchema, () =>
        this.paidClient.coins.getID(id, {
          localization: false,
          tickers: false,
          market_data: true,
          community_data: true,
          developer_data: true,
          sparkline: false,
        }),
      ),
    );
  }

  /**
   * The coin's own platform, its contract address per platform (empty for native coins) and
   * its listed GitHub repositories: what the holder and developer sources start from.
   */
  async contracts(asset: AssetRef): Promise<{
    platformId?: string;
    contracts: PlatformContracts;
    repos: string[];
    hasDeveloperData: boolean;
  }> {
    const coin = await this.details(asset.id);
    const contracts: PlatformContracts = {};
    for (const [platform, address] of Object.entries(coin.platforms ?? {})) {
      if (platform && address?.trim()) contracts[platform] = address.trim();
    }
    return {
      ...(coin.asset_platform_id ? { platformId: coin.asset_platform_id } : {}),
      contracts,
      repos: compact(coin.links?.repos_url?.github),
      hasDeveloperData: typeof coin.developer_data?.commit_count_4_weeks === 'number',
    };
  }

  /**
   * Every page of the coin's tickers (100 a page, by volume), up to TICKER_PAGES: the exchange
   * count is stated only when the last page was reached; the depth and spread come from the top
   * markets either way.
   */
  private async allTickers(id: string): Promise<Tickers & { complete: boolean }> {
    const tickers: Tickers['tickers'] = [];
    for (let page = 1; page <= TICKER_PAGES; page += 1) {
      let answer: Tickers;
      try {
        answer = await this.call('tickers', tickersSchema, () =>
          this.paidClient.coins.tickers.get(id, { depth: true, order: 'volume_desc', page }),
        );
      } catch (error) {
        // A later page failing leaves the markets already read (the top ones by volume, which
        // the depth and spread come from); only the exchange count, which needs every page, is
        // then not stated. Page 1 failing is the gap.
        if (page === 1) throw error;
        return { tickers, complete: false };
      }
      tickers.push(...answer.tickers);
      if (answer.tickers.length < TICKERS_PER_PAGE) return { tickers, complete: true };
    }
    return { tickers, complete: false };
  }

  async market(asset: AssetRef): Promise<MarketEvidence> {
    // Details are required (a failure retries the job); tickers and prices are extras.
    const [coin, tickers, chart] = await Promise.all([
      this.details(asset.id),
      this.tickers
        .get(asset.id, () => this.allTickers(asset.id))
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
      this.charts
        .get(asset.id, () =>
          this.call('price history', chartSchema, () =>
            this.paidClient.coins.marketChart.get(asset.id, {
              vs_currency: 'usd',
              days: '365',
              interval: 'daily',
            }),
          ),
        )
        .then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        ),
    ]);
    const retrievedAt = new Date().toISOString();
    const page = `https://www.coingecko.com/en/coins/${encodeURIComponent(coin.id)}`;
    const source: Source = { title: `CoinGecko coin data: ${coin.name}`, url: page, retrievedAt, live: true };
    const fact = <T>(value: T, from: Source = source): Fact<T> => ({ value, source: from });
    const market = coin.market_data;
    const evidence: MarketEvidence = {};
    const gaps: SourceGap[] = [];
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
    const price = market?.current_price?.usd;
    if (market && price)
      evidence.valuation = fact({
        priceUsd: price,
        marketCapUsd: cap ?? null,
        fullyDilutedUsd: market.fully_diluted_valuation?.usd ?? null,
        circulating: market.circulating_supply ?? null,
        total: market.total_supply ?? null,
        max: market.max_supply ?? null,
      });
    if (coin.watchlist_portfolio_users) evidence.watchlistUsers = fact(coin.watchlist_portfolio_users);
    if (coin.genesis_date) evidence.genesisDate = fact(coin.genesis_date);
    const ath = market?.ath_change_percentage?.usd;
    if (ath !== undefined && ath !== null) evidence.athChangeRatio = fact(ath / 100);
    const categories = compact(coin.categories);
    const description = summary(coin.description?.en ?? '');
    if (description || categories.length) {
      evidence.useCase = fact({
        description,
        categories,
        ...(coin.market_cap_rank ? { marketCapRank: coin.market_cap_rank } : {}),
      });
    }
    const links = coin.links;
    const repos = compact(links?.repos_url?.github);
    const homepage = compact(links?.homepage)[0];
    evidence.team = fact({
      // CoinGecko does not say who the team is; the writer (or a reviewer) may add that with a source.
      identified: false,
      publicCode: repos.length > 0,
      note: homepage ? `Project homepage: ${homepage}.` : 'No project homepage is listed.',
    });
    const platformId = coin.asset_platform_id ?? undefined;
    const kind = assetKind(categories, platformId);
    evidence.profile = fact({ kind, ...(platformId ? { platform: platformName(platformId) } : {}) });
    const chain: ChainKind = platformId ? 'token' : kind === 'layer2' ? 'layer2' : 'layer1';
    evidence.chain = fact(chain);

    const socialLinks = [
      ...compact(links?.homepage),
      links?.twitter_screen_name ? `https://x.com/${links.twitter_screen_name}` : undefined,
      links?.subreddit_url && !/reddit\.com\/?$/.test(links.subreddit_url) ? links.subreddit_url : undefined,
      links?.telegram_channel_identifier ? `https://t.me/${links.telegram_channel_identifier}` : undefined,
      ...compact(links?.chat_url),
      ...compact(links?.official_forum_url),
    ].filter((link): link is string => Boolean(link));
    const community = coin.community_data;
    if (socialLinks.length || community?.twitter_followers || community?.reddit_subscribers) {
      evidence.social = fact({
        links: [...new Set(socialLinks)],
        ...(community?.twitter_followers ? { twitterFollowers: community.twitter_followers } : {}),
        ...(community?.reddit_subscribers ? { redditSubscribers: community.reddit_subscribers } : {}),
        ...(community?.telegram_channel_user_count
          ? { telegramUsers: community.telegram_channel_user_count }
          : {}),
      });
    }
    const developer = coin.developer_data;
    if (
      developer &&
      typeof developer.commit_count_4_weeks === 'number' &&
      typeof developer.pull_request_contributors === 'number'
    ) {
      evidence.developer = fact({
        commits4Weeks: developer.commit_count_4_weeks,
        contributors: developer.pull_request_contributors,
        ...(typeof developer.stars === 'number' ? { stars: developer.stars } : {}),
        ...(repos[0] ? { repoUrl: repos[0] } : {}),
      });
    }

    if ('value' in tickers) {
      const liquidity = liquidityFacts(
        tickers.value.tickers.map((t) => ({
          exchangeId: t.market?.identifier ?? t.market?.name ?? undefined,
          volumeUsd: t.converted_volume?.usd ?? undefined,
          spreadPercent: t.bid_ask_spread_percentage ?? undefined,
          depthUpUsd: t.cost_to_move_up_usd ?? undefined,
          depthDownUsd: t.cost_to_move_down_usd ?? undefined,
          stale: t.is_stale ?? undefined,
          anomaly: t.is_anomaly ?? undefined,
        })),
      );
      if (liquidity && !tickers.value.complete) {
        // Not every page was read: the markets seen are not all of them, so no count is stated.
        const { exchangeCount: _partial, ...measured } = liquidity;
        if (Object.keys(measured).length) {
          evidence.liquidity = fact(measured, {
            title: `CoinGecko markets (top ${tickers.value.tickers.length} by volume, ±2% depth; exchange count not stated: more markets than read): ${coin.name}`,
            url: `${page}#markets`,
            retrievedAt,
            live: true,
          });
        }
      } else if (liquidity) {
        evidence.liquidity = fact(liquidity, {
          title: `CoinGecko markets (all ${tickers.value.tickers.length} by volume, ±2% depth): ${coin.name}`,
          url: `${page}#markets`,
          retrievedAt,
          live: true,
        });
      }
    } else {
      gaps.push({ source: 'CoinGecko tickers', facts: ['liquidity'], reason: reasonOf(tickers.error) });
    }
    if ('value' in chart) {
      const history = priceHistoryFacts(
        chart.value.prices.filter((p): p is [number, number] => p[1] !== null),
      );
      if (history) {
        evidence.priceHistory = fact(history, {
          title: `CoinGecko daily prices, last ${history.days} days: ${coin.name}`,
          url: `${page}/historical_data`,
          retrievedAt,
          live: true,
        });
      }
    } else {
      gaps.push({
        source: 'CoinGecko price history',
        facts: ['priceHistory'],
        reason: reasonOf(chart.error),
      });
    }
    if (gaps.length) evidence.marketGaps = gaps;
    return evidence;
  }
}

/**
 * CoinGecko's answer to a key sent to the wrong host, in words an operator can act on. Its
 * documented codes: 10010 "If you are using Pro API key, please change your root URL from
 * api.coingecko.com to pro-api.coingecko.com", 10011 the reverse (docs.coingecko.com, errors).
 */
export function planMismatchOf(error: unknown): string | undefined {
  const body =
    JSON.stringify((error as { error?: unknown })?.error ?? '') + String((error as Error)?.message ?? '');
  if (/\b10010\b/.test(body))
    return 'CoinGecko error 10010: the key is a Pro key but is sent to the demo/public host; set COINGECKO_PLAN=pro';
  if (/\b10011\b/.test(body))
    return 'CoinGecko error 10011: the key is a Demo key but is sent to the Pro host; set COINGECKO_PLAN=demo';
  return undefined;
}

/**
 * One /ping with the configured key and plan: undefined when CoinGecko accepts them, else what
 * an operator must change (a start-up check; a wrong plan would otherwise fail every call).
 */
export async function coingeckoPlanProblem(options: CoinGeckoOptions): Promise<string | undefined> {
  if (!options.apiKey) return undefined;
  const source = new CoinGeckoSource({ ...options, retries: 0, quota: undefined });
  try {
    await source.ping();
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return (
      planMismatchOf(cause) ??
      `CoinGecko refused the configured key (COINGECKO_PLAN=${options.plan ?? 'demo'}): ${reasonOf(error)}`
    );
  }
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
