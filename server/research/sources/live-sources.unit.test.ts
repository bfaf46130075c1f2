import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../contract/methodology';
import type { Config } from '../../config';
import { assess, scoreOf } from '../assessment';
import { offlineReportInput } from '../offline-report';
import { assessEvidence } from '../peers';
import { buildReportText } from '../report-text';
import { scoreAudits, scoreTeam } from '../scoring';
import { recorded, sendRecorded } from '../testing/recorded';
import { createLlmWriter, fallbackKindOf } from '../writer';
import { CoinGeckoSource } from './coingecko';
import { auditorOf, DefiLlamaSource } from './defillama';
import { checkCoinGeckoPlan, createLiveSources } from './live';
import { CoinGeckoQuota } from './quota';
import { SNAPSHOT_ASSETS } from './snapshot-data';
import { SourceUnavailableError } from './types';

// Fake CoinGecko, DeFiLlama and OpenAI-compatible servers on 127.0.0.1 answering in the real
// wire formats; the official SDKs (and our fetch client) make the calls.

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler = (_req, res) => res.writeHead(500).end();
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      // DeFiLlama's Pro API is its free API under /{key}/api: the tests of what DeFiLlama answers
      // (not of how the key is sent) see the free paths for the key "pro-key".
      req.url = (req.url ?? '').replace(/^\/pro-key\/api\//, '/');
      seen.push({ url: req.url, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

const AAVE_TOKEN = '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9';
const DAY_MS = 86_400_000;

/** /coins/{id}/tickers?depth=true in CoinGecko's format. */
const TICKERS = {
  name: 'Aave',
  tickers: [
    ['binance', 'Binance', 'USDT', 9e7, 0.010013, 2.1e6, 1.9e6],
    ['coinbase', 'Coinbase Exchange', 'USD', 4e7, 0.02, 1.2e6, 1.1e6],
    ['binance', 'Binance', 'BTC', 1e7, 0.05, 3e5, 2e5],
    ['uniswap_v3', 'Uniswap V3 (Ethereum)', 'WETH', 5e6, 0.6, null, null],
  ].map(([id, name, target, volume, spread, up, down]) => ({
    base: 'AAVE',
    target,
    market: { name, identifier: id, has_trading_incentive: false },
    last: 250,
    volume: Number(volume) / 250,
    converted_last: { btc: 0.0025, eth: 0.08, usd: 250 },
    converted_volume: { btc: 1, eth: 30, usd: volume },
    trust_score: 'green',
    bid_ask_spread_percentage: spread,
    timestamp: '2026-11-22T07:58:00+00:00',
    last_traded_at: '2026-11-22T07:58:00+00:00',
    last_fetch_at: '2026-11-22T07:59:00+00:00',
    is_anomaly: false,
    is_stale: false,
    trade_url: null,
    token_info_url: null,
    coin_id: 'aave',
    target_coin_id: 'tether',
    ...(up === null ? {} : { cost_to_move_up_usd: up, cost_to_move_down_usd: down }),
  })),
};

/** /coins/{id}/market_chart?days=365&interval=daily: 366 daily points from 100 up to 200 then down to 80. */
const CHART = (() => {
  const start = Date.UTC(2025, 10, 22);
  const prices = Array.from({ length: 366 }, (_, i) => [
    start + i * DAY_MS,
    i <= 200 ? 100 + i / 2 : 200 - (i - 200) * (120 / 165),
  ]);
  return { prices, market_caps: prices.map(([t]) => [t, 1e9]), total_volumes: prices.map(([t]) => [t, 1e8]) };
})();

const COIN = {
  id: 'aave',
  symbol: 'aave',
  name: 'Aave',
  asset_platform_id: 'ethereum',
  platforms: { ethereum: AAVE_TOKEN, 'polygon-pos': '0xd6df932a45c0f255f85145f286ea0b292b21c90b', '': '' },
  categories: ['Lending/Borrowing', 'Decentralized Finance (DeFi)'],
  description: {
    en: 'Aave is a <a href="x">decentralized</a> lending protocol. It runs on many chains. More text.',
  },
  genesis_date: null,
  market_cap_rank: 28,
  watchlist_portfolio_users: 312_000,
  links: {
    homepage: ['https://aave.com/', '', ''],
    whitepaper: 'https://github.com/aave/aave-protocol/blob/master/docs/Aave_Protocol_Whitepaper_v1_0.pdf',
    blockchain_site: ['https://etherscan.io/token/0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9'],
    official_forum_url: ['https://governance.aave.com/'],
    chat_url: ['https://discord.gg/CvKUrqM'],
    twitter_screen_name: 'aave',
    telegram_channel_identifier: '',
    subreddit_url: 'https://www.reddit.com',
    repos_url: { github: ['https://github.com/aave/aave-v3-core'], bitbucket: [] },
  },
  community_data: {
    facebook_likes: null,
    twitter_followers: 650_000,
    reddit_subscribers: null,
    telegram_channel_user_count: null,
  },
  developer_data: {
    forks: 300,
    stars: 900,
    subscribers: 40,
    total_issues: 100,
    closed_issues: 90,
    pull_requests_merged: 500,
    pull_request_contributors: 61,
    commit_count_4_weeks: 42,
  },
  market_data: {
    market_cap: { usd: 3.9e9 },
    total_volume: { usd: 3.1e8 },
    ath_change_percentage: { usd: -61.2 },
    circulating_supply: 15_200_000,
    total_supply: 16_000_000,
    max_supply: 16_000_000,
  },
};

function coingeckoRoutes(failures: { status: number; count: number } = { status: 200, count: 0 }): Handler {
  let failed = 0;
  return (req, res) => {
    if (failed < failures.count) {
      failed += 1;
      // CoinGecko's recorded rate-limit answer; the SDK's retry-after-ms keeps the wait short.
      if (failures.status === 429)
        return res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '10' })
          .end(recorded('coingecko-429-rate-limit').body);
      return json(res, failures.status, { error: 'busy' }, { 'retry-after-ms': '10' });
    }
    const url = new URL(req.url!, base);
    if (url.pathname === '/search') {
      return json(res, 200, {
        coins: [
          { id: 'aave', name: 'Aave', symbol: 'AAVE', market_cap_rank: 28, thumb: '', large: '' },
          { id: 'aave-fake', name: 'Aave Fake', symbol: 'AAVE', market_cap_rank: 4000, thumb: '', large: '' },
        ],
        exchanges: [],
        categories: [],
        nfts: [],
      });
    }
    if (url.pathname === '/coins/aave') return json(res, 200, COIN);
    if (url.pathname === '/coins/aave/tickers') return json(res, 200, TICKERS);
    if (url.pathname === '/coins/aave/market_chart') return json(res, 200, CHART);
    return json(res, 404, { error: 'coin not found' });
  };
}

describe('CoinGecko source (official SDK)', () => {
  it('resolves free text to the largest exact match and maps coin data with its source', async () => {
    handler = coingeckoRoutes();
    const source = new CoinGeckoSource({ baseUrl: base, apiKey: 'demo-key', plan: 'demo', retries: 0 });
    expect(await source.resolve('AAVE')).toEqual({ id: 'aave', name: 'Aave', symbol: 'AAVE', rank: 28 });
    expect(await source.resolve('no such coin')).toBeNull();
    const evidence = await source.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.marketCapUsd?.value).toBe(3.9e9);
    expect(evidence.supply?.value).toEqual({ circulating: 15_200_000, total: 16_000_000, max: 16_000_000 });
    expect(evidence.athChangeRatio?.value).toBeCloseTo(-0.612);
    expect(evidence.chain?.value).toBe('token');
    expect(evidence.useCase?.value.description).toBe(
      'Aave is a decentralized lending protocol. It runs on many chains.',
    );
    expect(evidence.marketCapUsd?.source.url).toBe('https://www.coingecko.com/en/coins/aave');
    expect(Date.parse(evidence.marketCapUsd!.source.retrievedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen[0]!.headers['x-cg-demo-api-key']).toBe('demo-key');
    expect(seen.find((s) => s.url.startsWith('/coins/aave?'))!.url).toContain('market_data=true');
  });

  it('reads markets with ±2% depth, price history, social links, developer activity and kind', async () => {
    handler = coingeckoRoutes();
    const source = new CoinGeckoSource({ baseUrl: base, retries: 0 });
    const evidence = await source.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    const tickerCall = seen.find((s) => s.url.startsWith('/coins/aave/tickers'))!.url;
    expect(tickerCall).toContain('depth=true');
    expect(tickerCall).toContain('order=volume_desc');
    expect(seen.find((s) => s.url.startsWith('/coins/aave/market_chart'))!.url).toMatch(
      /days=365.*interval=daily|interval=daily.*days=365/,
    );

    expect(evidence.liquidity?.value).toEqual({
      exchangeCount: 3,
      medianSpread: expect.closeTo(0.00035, 6),
      depthPlus2Usd: 3.6e6,
      depthMinus2Usd: 3.2e6,
    });
    expect(evidence.liquidity?.source.url).toBe('https://www.coingecko.com/en/coins/aave#markets');
    expect(evidence.priceHistory?.value.days).toBe(366);
    expect(evidence.priceHistory?.value.maxDrawdown).toBeCloseTo(0.6, 2);
    expect(evidence.priceHistory?.value.annualisedVolatility).toBeGreaterThan(0);
    expect(evidence.priceHistory?.source.url).toBe('https://www.coingecko.com/en/coins/aave/historical_data');
    expect(evidence.social?.value).toEqual({
      twitterFollowers: 650_000,
      links: [
        'https://aave.com/',
        'https://x.com/aave',
        'https://discord.gg/CvKUrqM',
        'https://governance.aave.com/',
      ],
    });
    expect(evidence.developer?.value).toEqual({
      commits4Weeks: 42,
      contributors: 61,
      stars: 900,
      repoUrl: 'https://github.com/aave/aave-v3-core',
    });
    expect(evidence.profile?.value).toEqual({ kind: 'defi', platform: 'Ethereum' });
    expect(evidence.marketGaps).toBeUndefined();
    expect(await source.contracts({ id: 'aave', name: 'Aave', symbol: 'AAVE' })).toEqual({
      platformId: 'ethereum',
      contracts: { ethereum: AAVE_TOKEN, 'polygon-pos': '0xd6df932a45c0f255f85145f286ea0b292b21c90b' },
      repos: ['https://github.com/aave/aave-v3-core'],
      hasDeveloperData: true,
    });
  });

  it('leaves markets and price history missing, with the reason, when only those calls fail', async () => {
    handler = (req, res) => {
      if (new URL(req.url!, base).pathname === '/coins/aave')
        return json(res, 200, { ...COIN, community_data: undefined, developer_data: undefined });
      return json(res, 500, { error: 'internal' });
    };
    const evidence = await new CoinGeckoSource({ baseUrl: base, retries: 0 }).market({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    expect(evidence.marketCapUsd?.value).toBe(3.9e9);
    expect(evidence.liquidity).toBeUndefined();
    expect(evidence.priceHistory).toBeUndefined();
    // CoinGecko no longer returns developer data: missing, not zero.
    expect(evidence.developer).toBeUndefined();
    expect(evidence.social?.value.twitterFollowers).toBeUndefined();
    expect(evidence.marketGaps?.map((g) => g.facts[0])).toEqual(['liquidity', 'priceHistory']);
    expect(evidence.marketGaps?.[0]?.reason).toMatch(/HTTP 500/);
  });

  it('works without a key (no key header sent)', async () => {
    handler = coingeckoRoutes();
    const source = new CoinGeckoSource({ baseUrl: base, retries: 0 });
    await source.search('aave', 5);
    expect(seen[0]!.headers['x-cg-demo-api-key']).toBeUndefined();
    expect(seen[0]!.headers['x-cg-pro-api-key']).toBeUndefined();
  });

  it('survives 429 and 5xx answers by retrying, and caches the result', async () => {
    handler = coingeckoRoutes({ status: 429, count: 1 });
    const source = new CoinGeckoSource({ baseUrl: base, apiKey: 'k', plan: 'pro', retries: 2 });
    expect((await source.search('aave', 1))[0]!.id).toBe('aave');
    expect(seen[0]!.headers['x-cg-pro-api-key']).toBe('k');
    handler = coingeckoRoutes({ status: 503, count: 2 });
    await source.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    const calls = seen.length;
    await source.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(seen.length).toBe(calls);
  });

  it('gives a SourceUnavailableError after bounded retries, on timeouts and on malformed bodies', async () => {
    handler = coingeckoRoutes({ status: 500, count: 100 });
    const failing = new CoinGeckoSource({ baseUrl: base, retries: 1 });
    await expect(failing.search('aave', 1)).rejects.toBeInstanceOf(SourceUnavailableError);
    expect(seen.length).toBe(2);

    handler = (_req, res) => {
      setTimeout(() => json(res, 200, { coins: [] }), 500);
    };
    const slow = new CoinGeckoSource({ baseUrl: base, retries: 0, timeoutMs: 100 });
    await expect(slow.search('slow', 1)).rejects.toBeInstanceOf(SourceUnavailableError);

    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"coins": [tru');
    const malformed = new CoinGeckoSource({ baseUrl: base, retries: 0 });
    await expect(malformed.search('bad', 1)).rejects.toBeInstanceOf(SourceUnavailableError);

    handler = (_req, res) => json(res, 200, { coins: 'not a list' });
    await expect(malformed.search('shape', 1)).rejects.toThrow(/unexpected shape/);
  });
});

describe('CoinGecko plan, quota and markets', () => {
  it('waits for the quota outside the request timeout', async () => {
    handler = coingeckoRoutes();
    // 400 a minute: a bucket of 100, refilled at 5 a second. Drained, the next call waits ~200 ms.
    const quota = new CoinGeckoQuota({ callsPerMinute: 400, searchCallsPerDay: 0 });
    for (let i = 0; i < quota.capacity; i += 1) await quota.acquire('paid');
    const source = new CoinGeckoSource({ baseUrl: base, retries: 0, timeoutMs: 100, quota });
    const started = Date.now();
    expect(await source.resolve('aave')).toMatchObject({ id: 'aave' });
    expect(Date.now() - started).toBeGreaterThan(100);
    expect(seen).toHaveLength(1);
  });

  it('keeps to a monthly call budget: paid research fails as unavailable once it is spent', async () => {
    handler = coingeckoRoutes();
    const quota = new CoinGeckoQuota({ callsPerMinute: 500, searchCallsPerDay: 100, callsPerMonth: 2 });
    const source = new CoinGeckoSource({ baseUrl: base, retries: 0, quota });
    await source.resolve('aave');
    await source.search('aave fake', 5);
    await expect(source.resolve('other coin')).rejects.toThrow(/monthly allowance of 2 calls/);
    await expect(source.search('third', 5)).rejects.toThrow(/monthly allowance is used up/);
    expect(seen).toHaveLength(2);
    expect(quota.stats()).toMatchObject({ monthUsed: 2, callsPerMonth: 2 });
  });

  it('says at start-up that a Pro key is configured with COINGECKO_PLAN=demo (error 10010)', async () => {
    // The documented answer to a Pro key on the demo host (docs.coingecko.com, errors: 10010).
    handler = (req, res) =>
      req.headers['x-cg-demo-api-key']
        ? json(res, 400, {
            status: {
              error_code: 10010,
              error_message:
                'You have provided incorrect API key credentials. If you are using Pro API key, please change your root URL from api.coingecko.com to pro-api.coingecko.com',
            },
          })
        : json(res, 200, { gecko_says: '(V3) To the Moon!' });
    const logged: string[] = [];
    const log = {
      error: (_o: object, m: string) => logged.push(`error: ${m}`),
      info: (_o: object, m: string) => logged.push(`info: ${m}`),
    };
    const config = {
      researchData: 'live',
      COINGECKO_API_KEY: 'CG-pro',
      COINGECKO_PLAN: 'demo',
      COINGECKO_BASE_URL: base,
    } as const;
    await checkCoinGeckoPlan(config as unknown as Config, log);
    expect(logged).toEqual([
      'error: CoinGecko key check: CoinGecko error 10010: the key is a Pro key but is sent to the demo/public host; set COINGECKO_PLAN=pro',
    ]);
    expect(seen[0]).toMatchObject({ url: '/ping' });
    logged.length = 0;
    await checkCoinGeckoPlan({ ...config, COINGECKO_PLAN: 'pro' } as unknown as Config, log);
    expect(logged).toEqual(['info: CoinGecko key accepted for its plan']);
    expect(seen[1]!.headers['x-cg-pro-api-key']).toBe('CG-pro');
    // Every later call says the same, not only "HTTP 400".
    const source = new CoinGeckoSource({ baseUrl: base, apiKey: 'CG-pro', plan: 'demo', retries: 0 });
    await expect(source.resolve('aave')).rejects.toThrow(/error 10010: the key is a Pro key/);
  });

  it('reads every ticker page before stating an exchange count, and states none when the pages run out', async () => {
    const ticker = (exchange: number) => ({
      ...TICKERS.tickers[0],
      market: { name: `X${exchange}`, identifier: `x${exchange}`, has_trading_incentive: false },
    });
    const pages = (sizes: number[]) => (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url!, base);
      if (url.pathname !== '/coins/aave/tickers') return coingeckoRoutes()(req, res, '');
      const page = Number(url.searchParams.get('page'));
      const size = sizes[page - 1] ?? 0;
      return json(res, 200, {
        name: 'Aave',
        tickers: Array.from({ length: size }, (_, i) => ticker((page - 1) * 100 + i)),
      });
    };
    handler = pages([100, 30]);
    const two = await new CoinGeckoSource({ baseUrl: base, retries: 0 }).market({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    expect(two.liquidity?.value.exchangeCount).toBe(130);
    expect(
      seen
        .filter((s) => s.url.startsWith('/coins/aave/tickers'))
        .map((s) => new URL(s.url, base).searchParams.get('page')),
    ).toEqual(['1', '2']);

    handler = pages([100, 100, 100, 100, 100, 100]);
    const many = await new CoinGeckoSource({ baseUrl: base, retries: 0 }).market({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    expect(many.liquidity?.value.exchangeCount).toBeUndefined();
    expect(many.liquidity?.value.medianSpread).toBeDefined();
    expect(many.liquidity?.source.title).toMatch(/exchange count not stated/);
  });

  it('keeps page 1’s liquidity facts when a later tickers page fails, stating no exchange count', async () => {
    const ticker = (exchange: number) => ({
      ...TICKERS.tickers[0],
      market: { name: `X${exchange}`, identifier: `x${exchange}`, has_trading_incentive: false },
    });
    handler = (req, res) => {
      const url = new URL(req.url!, base);
      if (url.pathname !== '/coins/aave/tickers') return coingeckoRoutes()(req, res, '');
      if (url.searchParams.get('page') === '1')
        return json(res, 200, { name: 'Aave', tickers: Array.from({ length: 100 }, (_, i) => ticker(i)) });
      return json(res, 503, { error: 'Service Unavailable' });
    };
    const evidence = await new CoinGeckoSource({ baseUrl: base, retries: 0 }).market({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    expect(evidence.liquidity?.value.medianSpread).toBeCloseTo(0.010013 / 100);
    expect(evidence.liquidity?.value.depthPlus2Usd).toBeGreaterThan(0);
    expect(evidence.liquidity?.value.exchangeCount).toBeUndefined();
    expect(evidence.liquidity?.source.title).toMatch(/top 100 by volume.*exchange count not stated/);
    expect(evidence.marketGaps?.some((gap) => gap.facts.includes('liquidity'))).toBeFalsy();
  });
});

// Shaped as DeFiLlama's /protocols lists a protocol with versions: the children carry
// `parentProtocol: "parent#aave"`, the latest has no gecko_id of its own (the token's id sits
// on the parent, or on one older version), and `audits` is a status code (defillama-server's
// legend: 0 none, 1 partly unaudited, 2 yes, 3 fork of an audited protocol), not a count.
const PROTOCOLS = [
  {
    id: '1599',
    name: 'Aave V3',
    symbol: 'AAVE',
    url: 'https://aave.com',
    gecko_id: null,
    audits: '2',
    audit_links: [
      'https://github.com/trailofbits/publications/blob/master/reviews/2022-01-aave-v3.pdf',
      'https://blog.openzeppelin.com/aave-v3-audit',
    ],
    github: ['aave'],
    tvl: 2e10,
    slug: 'aave-v3',
    parentProtocol: 'parent#aave',
  },
  {
    id: '111',
    name: 'Aave V2',
    symbol: 'AAVE',
    url: 'https://aave.com',
    gecko_id: 'aave',
    audits: '3',
    // The project's own security page: not an audit by an independent firm.
    audit_links: ['https://aave.com/security'],
    tvl: 1e9,
    slug: 'aave-v2',
    parentProtocol: 'parent#aave',
  },
  { id: '2', name: 'Other', symbol: 'OTH', gecko_id: 'other', audits: '0', tvl: 5 },
];
const PROTOCOL_DETAIL = {
  id: 'parent#aave',
  name: 'Aave',
  url: 'https://aave.com',
  gecko_id: 'aave',
  audit_links: [
    'https://blog.openzeppelin.com/aave-v3-audit',
    'https://chainsecurity.com/security-audit/aave-v3/',
  ],
  chains: ['Ethereum', 'Polygon'],
  currentChainTvls: { Ethereum: 1.8e10, Polygon: 3e9 },
  // Daily points for 400 days: 1.4e10 a year ago, 2.0e10 a month ago, 2.1e10 today.
  tvl: Array.from({ length: 400 }, (_, i) => ({
    date: 1_730_000_000 + i * 86_400,
    totalLiquidityUSD: i === 399 ? 2.1e10 : i === 369 ? 2.0e10 : i === 34 ? 1.4e10 : 1.7e10,
  })),
};

/** DeFiLlama with a Pro key: the only way its /hacks list is read. */
const proLlama = (
  options: { retries?: number; onDroppedItems?: (list: string, dropped: number) => void } = {},
) => new DefiLlamaSource({ proBaseUrl: base, apiKey: 'pro-key', retries: 0, ...options });

const HACKS = [
  {
    date: 1_700_000_000,
    name: 'Aave V2 oracle incident',
    classification: 'Protocol Logic',
    technique: 'Oracle',
    amount: 5e6,
    returnedFunds: 1e6,
    chain: ['Ethereum'],
    bridgeHack: false,
    defillamaId: 111,
    targetType: 'DeFi Protocol',
    source: 'https://governance.aave.com/t/post-mortem-oracle-incident',
    language: 'Solidity',
  },
  {
    date: 1_600_000_000,
    name: 'Unrelated exploit',
    classification: 'Rugpull',
    technique: 'Rug',
    amount: 1e6,
    returnedFunds: null,
    chain: ['BSC'],
    bridgeHack: false,
    defillamaId: 9,
  },
];

describe('DeFiLlama source (fetch)', () => {
  it('reads audits, TVL and the asset’s incidents with their sources', async () => {
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, PROTOCOLS);
      if (req.url === '/hacks') return json(res, 200, HACKS);
      if (req.url === '/protocol/aave') return json(res, 200, PROTOCOL_DETAIL);
      return json(res, 404, {});
    };
    const evidence = await proLlama().security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.audits?.value.count).toBe(3);
    expect(evidence.audits?.value.latestYear).toBe(2022);
    expect(evidence.audits?.value.reports).toEqual([
      {
        auditor: 'Trail of Bits',
        url: 'https://github.com/trailofbits/publications/blob/master/reviews/2022-01-aave-v3.pdf',
        date: '2022',
      },
      { auditor: 'OpenZeppelin', url: 'https://blog.openzeppelin.com/aave-v3-audit' },
      {
        auditor: "aave.com (the project's own page)",
        url: 'https://aave.com/security',
        auditorIsDeveloper: true,
      },
      { auditor: 'ChainSecurity', url: 'https://chainsecurity.com/security-audit/aave-v3/' },
    ]);
    // Summed over the parent's children (V3 and V2), though only V2 carries the token's id.
    expect(evidence.tvlUsd?.value).toBe(2.1e10);
    // The parent protocol's page and series cover every version.
    expect(evidence.audits?.source.url).toBe('https://defillama.com/protocol/aave');
    expect(evidence.tvlTrend?.value.currentUsd).toBe(2.1e10);
    expect(evidence.tvlTrend?.value.change30d).toBeCloseTo(2.1e10 / 2.0e10 - 1);
    expect(evidence.tvlTrend?.value.change365d).toBeCloseTo(2.1e10 / 1.4e10 - 1);
    expect(evidence.hacks?.value).toHaveLength(1);
    expect(evidence.hacks?.value[0]).toMatchObject({
      amountUsd: 5e6,
      returnedUsd: 1e6,
      technique: 'Oracle',
      date: '2023-11-14T22:13:20.000Z',
      link: 'https://governance.aave.com/t/post-mortem-oracle-incident',
    });
    expect(evidence.hacks?.source.url).toBe('https://defillama.com/hacks');
    expect(evidence.securityGaps).toBeUndefined();
  });

  it('leaves the TVL trend missing, with the reason, when the protocol history fails', async () => {
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, PROTOCOLS);
      if (req.url === '/hacks') return json(res, 200, []);
      return json(res, 404, { message: 'Protocol not found' });
    };
    const evidence = await new DefiLlamaSource({ baseUrl: base, retries: 0 }).security({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    // Two independent reports linked; DeFiLlama's status "3" (a fork of an audited protocol) is no count.
    expect(evidence.audits?.value.count).toBe(2);
    expect(evidence.tvlTrend).toBeUndefined();
    expect(evidence.securityGaps).toEqual([
      {
        source: 'DeFiLlama protocol history',
        facts: ['tvlTrend'],
        reason: 'DeFiLlama: HTTP 404 (Protocol not found)',
      },
    ]);
  });

  it('reaches DeFiLlama through the Pro base URL with the key in the path when a key is set', async () => {
    handler = (req, res) => {
      const path = req.url!.replace('/pro/llama-key/api', '');
      if (!req.url!.startsWith('/pro/llama-key/api/')) return json(res, 404, {});
      if (path === '/protocols') return json(res, 200, PROTOCOLS);
      if (path === '/hacks') return json(res, 200, HACKS);
      if (path === '/protocol/aave') return json(res, 200, PROTOCOL_DETAIL);
      return json(res, 404, {});
    };
    const source = new DefiLlamaSource({
      baseUrl: `${base}/free`,
      proBaseUrl: `${base}/pro`,
      apiKey: 'llama-key',
      retries: 0,
    });
    const evidence = await source.security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(seen.map((s) => s.url).sort()).toEqual([
      '/pro/llama-key/api/hacks',
      '/pro/llama-key/api/protocol/aave',
      '/pro/llama-key/api/protocols',
    ]);
    expect(evidence.hacks?.value).toHaveLength(1);
    expect(evidence.securityGaps).toBeUndefined();
  });

  it('never asks for the Pro-only hacks list without a key: the incidents come from the public datasets', async () => {
    // DeFiLlama's free API (DefiLlama/api-docs, defillama-openapi-free.json) has no /hacks.
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, PROTOCOLS);
      if (req.url === '/protocol/aave') return json(res, 200, PROTOCOL_DETAIL);
      return res.writeHead(403).end();
    };
    const keyless = createLiveSources({ defillama: { baseUrl: base, retries: 0 } });
    const evidence = await keyless.security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(seen.map((s) => s.url).sort()).toEqual(['/protocol/aave', '/protocols']);
    expect(evidence.audits?.value.count).toBe(3);
    expect(evidence.hacks).toBeUndefined();
    expect(evidence.securityGaps).toBeUndefined();
    // The exploit dataset the offline reports use (DeFiHackLabs) is the incident record.
    expect(evidence.incidents?.source.dataset?.name).toBe('SunWeb3Sec/DeFiHackLabs');
    const { categories } = assessEvidence(evidence, new Date('2026-11-22'));
    expect(categories.hacksScandals.status).toBe('scored');
    expect(categories.hacksScandals.facts.join(' ')).not.toMatch(/DeFiLlama hacks could not be read/);
    expect(categories.audits.status).toBe('scored');

    // With a key, a refused protocols list leaves audits and TVL as the gap; the incidents stay.
    handler = (req, res) => (req.url === '/hacks' ? json(res, 200, HACKS) : json(res, 503, {}));
    const partial = await proLlama().security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(partial.audits).toBeUndefined();
    expect(partial.hacks?.value.map((h) => h.name)).toEqual(['Aave V2 oracle incident']);
    expect(partial.securityGaps?.map((g) => g.source)).toEqual(['DeFiLlama protocols']);

    // Every list refused: the source is unavailable (the job retries, or the snapshot answers).
    handler = (_req, res) => json(res, 503, {});
    await expect(proLlama().security({ id: 'aave', name: 'Aave', symbol: 'AAVE' })).rejects.toBeInstanceOf(
      SourceUnavailableError,
    );
    await expect(
      new DefiLlamaSource({ baseUrl: base, retries: 0 }).security({
        id: 'aave',
        name: 'Aave',
        symbol: 'AAVE',
      }),
    ).rejects.toBeInstanceOf(SourceUnavailableError);
  });

  it('drops and counts a malformed item instead of rejecting the whole list, and never retries a shape error at once', async () => {
    const dropped: [string, number][] = [];
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, [...PROTOCOLS, { id: 7, name: null, tvl: 'lots' }]);
      if (req.url === '/hacks') return json(res, 200, [{ name: 'no date' }, ...HACKS]);
      if (req.url === '/protocol/aave') return json(res, 200, PROTOCOL_DETAIL);
      return json(res, 404, {});
    };
    const source = proLlama({ retries: 3, onDroppedItems: (list, count) => dropped.push([list, count]) });
    const evidence = await source.security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.tvlUsd?.value).toBe(2.1e10);
    expect(evidence.hacks?.value).toHaveLength(1);
    expect(dropped.sort()).toEqual([
      ['/hacks', 1],
      ['/protocols', 1],
    ]);
    expect(source.droppedItems).toBe(2);

    handler = (req, res) =>
      req.url === '/hacks' ? json(res, 200, HACKS) : json(res, 200, { not: 'a list' });
    seen.length = 0;
    const shape = await proLlama({ retries: 3 }).security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(shape.securityGaps?.[0]?.reason).toMatch(/unexpected shape/);
    expect(seen.filter((s) => s.url === '/protocols')).toHaveLength(1);
  });

  it('finds a parent whose children carry no gecko_id through the parent’s own id, and sums their TVL', async () => {
    const compound = [
      {
        id: '2898',
        name: 'Compound V3',
        gecko_id: null,
        audits: '2',
        tvl: 2e9,
        slug: 'compound-v3',
        parentProtocol: 'parent#compound-finance',
      },
      {
        id: '114',
        name: 'Compound V2',
        gecko_id: null,
        audits: '2',
        tvl: 1e9,
        slug: 'compound-v2',
        parentProtocol: 'parent#compound-finance',
      },
      { id: '5', name: 'Compound Fork', gecko_id: null, audits: '3', tvl: 7, slug: 'compound-fork' },
    ];
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, compound);
      if (req.url === '/hacks') return json(res, 200, []);
      if (req.url === '/protocol/compound-finance')
        return json(res, 200, {
          id: 'parent#compound-finance',
          name: 'Compound Finance',
          gecko_id: 'compound-governance-token',
          tvl: [],
        });
      return json(res, 404, {});
    };
    const evidence = await new DefiLlamaSource({ baseUrl: base, retries: 0 }).security({
      id: 'compound-governance-token',
      name: 'Compound',
      symbol: 'COMP',
    });
    expect(evidence.tvlUsd?.value).toBe(3e9);
    expect(evidence.audits?.source.url).toBe('https://defillama.com/protocol/compound-finance');
    // Status "2" without a link: one audit DeFiLlama does not name, not "2 audits".
    expect(evidence.audits?.value).toEqual({ count: 1 });
  });

  it('reads the audit status code as documented: a fork of an audited protocol is no audit of its own', async () => {
    handler = (req, res) => {
      if (req.url === '/protocols')
        return json(res, 200, [
          { id: '9', name: 'Forky', gecko_id: 'forky', audits: '3', tvl: 1e6, slug: 'forky' },
        ]);
      if (req.url === '/hacks') return json(res, 200, []);
      return json(res, 404, {});
    };
    const evidence = await new DefiLlamaSource({ baseUrl: base, retries: 0 }).security({
      id: 'forky',
      name: 'Forky',
      symbol: 'FRK',
    });
    expect(evidence.audits?.value.count).toBe(0);
    expect(scoreAudits(evidence, new Date('2026-11-22')).score).toBe(1);
  });

  it('counts a firm’s report hosted by the project as that firm’s, and the project’s own docs page as no audit', async () => {
    handler = (req, res) => {
      if (req.url === '/protocols')
        return json(res, 200, [
          {
            id: '1599',
            name: 'Aave V3',
            gecko_id: 'aave',
            url: 'https://aave.com',
            audits: '2',
            audit_links: [
              'https://github.com/aave/aave-v3-core/blob/master/audits/27-01-2022_PeckShield_AaveV3.pdf',
              'https://docs.aave.com/developers/deployed-contracts/security-and-audits',
              'https://aave.gitbook.io/security',
            ],
            tvl: 1,
            slug: 'aave-v3',
          },
        ]);
      if (req.url === '/hacks') return json(res, 200, []);
      return json(res, 404, {});
    };
    const evidence = await new DefiLlamaSource({ baseUrl: base, retries: 0 }).security({
      id: 'aave',
      name: 'Aave',
      symbol: 'AAVE',
    });
    expect(evidence.audits?.value.count).toBe(1);
    expect(evidence.audits?.value.reports?.map((r) => [r.auditor, r.auditorIsDeveloper ?? false])).toEqual([
      ['PeckShield', false],
      ["docs.aave.com (the project's own page)", true],
      ["aave.gitbook.io (the project's own page)", true],
    ]);
  });

  it('a live-mode Aave report lists its independent audits and its TVL summed over its versions', async () => {
    handler = (req, res) => {
      if (req.url === '/protocols') return json(res, 200, PROTOCOLS);
      if (req.url === '/hacks') return json(res, 200, HACKS);
      if (req.url === '/protocol/aave') return json(res, 200, PROTOCOL_DETAIL);
      return coingeckoRoutes()(req, res, '');
    };
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0 },
      defillama: { baseUrl: base, retries: 0 },
      holders: { ethplorerBaseUrl: base, retries: 0 },
      github: { baseUrl: base, retries: 0 },
    });
    const asset = { id: 'aave', name: 'Aave', symbol: 'AAVE' };
    const [market, security] = await Promise.all([live.market(asset), live.security(asset)]);
    const aave = SNAPSHOT_ASSETS.find((a) => a.id === 'aave')!;
    const input = await offlineReportInput(aave, new Date('2026-11-22'), { ...market, ...security });
    const audits = input.results.find((r) => r.key === 'audits')!;
    expect(audits.findings).toMatch(
      /3 independent security audits recorded, by Trail of Bits, OpenZeppelin and ChainSecurity/,
    );
    expect(audits.findings).toMatch(/Not an independent code audit: aave\.com \(the project's own page\)/);
    const useCase = input.results.find((r) => r.key === 'useCase')!;
    expect(useCase.findings).toContain('Total value locked: $21.00 billion');
    expect(buildReportText(input)).toContain('3 independent security audits recorded');
  });

  it('a live-mode Aave report built from DeFiLlama’s recorded list names its audits and its TVL', async () => {
    // The recorded 2022 list (AAVE V2 + V3: status "2", https://aave.com/security); no recording
    // of the protocol history exists, so it answers DeFiLlama's not-found.
    handler = (req, res) => {
      if (req.url === '/protocols') return sendRecorded(res, recorded('defillama-protocols-200-aave-subset'));
      if (req.url?.startsWith('/protocol/')) return json(res, 404, { message: 'Protocol not found' });
      return coingeckoRoutes()(req, res, '');
    };
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0 },
      defillama: { baseUrl: base, retries: 0 },
      holders: { ethplorerBaseUrl: base, retries: 0 },
      github: { baseUrl: base, retries: 0 },
    });
    const asset = { id: 'aave', name: 'Aave', symbol: 'AAVE' };
    const [market, security] = await Promise.all([live.market(asset), live.security(asset)]);
    const aave = SNAPSHOT_ASSETS.find((a) => a.id === 'aave')!;
    const input = await offlineReportInput(aave, new Date('2026-11-22'), { ...market, ...security });
    const audits = input.results.find((r) => r.key === 'audits')!;
    expect(audits.score).toBe(3);
    expect(audits.findings).toContain(
      '1 independent security audit recorded, by the audit firms listed on aave.com/security (DeFiLlama status: audited).',
    );
    const text = buildReportText(input);
    expect(text).not.toMatch(/No independent firm has published an audit/);
    expect(input.results.find((r) => r.key === 'useCase')!.findings).toContain(
      'Total value locked: $6.54 billion',
    );
  });

  it('names auditors from their links', () => {
    expect(auditorOf('https://www.certik.com/projects/aave')).toBe('CertiK');
    expect(auditorOf('https://github.com/code-423n4/2023-01-x')).toBe('Code4rena');
    expect(auditorOf('https://github.com/someone/audits')).toBe('GitHub: someone');
    expect(auditorOf('https://audits.example.org/x.pdf')).toBe('audits.example.org');
    expect(auditorOf('not a link')).toBe('unnamed auditor');
  });

  it('retries 429 and 5xx, and fails cleanly on timeouts and malformed bodies', async () => {
    let calls = 0;
    handler = (req, res) => {
      calls += 1;
      if (calls === 1) return json(res, 429, {}, { 'retry-after': '0' });
      if (calls === 2) return json(res, 502, {});
      return json(res, 200, req.url === '/protocols' ? PROTOCOLS : []);
    };
    const retrying = proLlama({ retries: 3 });
    const evidence = await retrying.security({ id: 'unknown-coin', name: 'Unknown', symbol: 'UNK' });
    expect(evidence.audits).toBeUndefined();
    expect(evidence.hacks?.value).toEqual([]);

    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
    seen.length = 0;
    await expect(proLlama({ retries: 3 }).security({ id: 'a', name: 'A', symbol: 'A' })).rejects.toThrow(
      /not valid JSON/,
    );
    // A body that is not JSON is not asked for again at once: one call per list.
    expect(seen.map((s) => s.url).sort()).toEqual(['/hacks', '/protocols']);

    handler = (_req, res) => {
      setTimeout(() => json(res, 200, []), 400);
    };
    await expect(
      new DefiLlamaSource({ baseUrl: base, retries: 0, timeoutMs: 100 }).security({
        id: 'a',
        name: 'A',
        symbol: 'A',
      }),
    ).rejects.toThrow(/no answer within 100 ms/);
  });
});

describe('live sources together', () => {
  const holderRoutes: Handler = (req, res) => {
    const url = new URL(req.url!, base);
    if (url.pathname === `/getTokenInfo/${AAVE_TOKEN}`)
      return json(res, 200, { address: AAVE_TOKEN, name: 'Aave Token', holdersCount: 170_000 });
    if (url.pathname === `/getTopTokenHolders/${AAVE_TOKEN}`)
      return json(res, 200, {
        holders: [
          { address: '0x4da27a545c0c5b758a6ba100e3a049001de870f5', balance: 3e6, share: 19.5 },
          { address: '0xbe0eb53f46cd790cd13851d5eff43d12404d33e8', balance: 1e6, share: 6.2 },
          { address: '0x25f2226b597e8f9514b3f68f00f494cf4f286491', balance: 9e5, share: 5.6 },
        ],
      });
    return coingeckoRoutes()(req, res, '');
  };

  it('adds holder concentration from the coin’s platform contract, with its own source', async () => {
    handler = holderRoutes;
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0 },
      holders: { ethplorerBaseUrl: base, retries: 0 },
      github: { baseUrl: base, retries: 0 },
    });
    const evidence = await live.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.holders?.value.top10Share).toBeCloseTo(0.313);
    expect(evidence.holders?.value.top10ShareExcludingLabelled).toBeCloseTo(0.251);
    expect(evidence.holders?.value.largest[1]?.label).toBe('Exchange: Binance (Binance 7)');
    expect(evidence.topHoldersShare).toEqual({
      value: evidence.holders?.value.top10Share,
      source: evidence.holders?.source,
    });
    expect(evidence.holders?.source.title).toMatch(/^Ethplorer/);
    // One details request serves both the market facts and the contract lookup.
    expect(seen.filter((s) => s.url.startsWith('/coins/aave?'))).toHaveLength(1);
  });

  it('keeps the market facts and records a gap when the holder source fails', async () => {
    handler = (req, res) =>
      req.url!.startsWith('/getTop') || req.url!.startsWith('/getTokenInfo')
        ? json(res, 503, { error: { code: 503, message: 'busy' } })
        : coingeckoRoutes()(req, res, '');
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0 },
      holders: { ethplorerBaseUrl: base, retries: 0 },
      github: { baseUrl: base, retries: 0 },
    });
    const evidence = await live.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.marketCapUsd?.value).toBe(3.9e9);
    expect(evidence.holders).toBeUndefined();
    expect(evidence.marketGaps).toEqual([
      { source: 'Ethplorer', facts: ['holders'], reason: 'Ethplorer: HTTP 503 (busy)' },
    ]);
  });

  it('reads developer activity from GitHub when CoinGecko no longer sends it', async () => {
    handler = (req, res) => {
      const url = new URL(req.url!, base);
      if (url.pathname === '/coins/aave') return json(res, 200, { ...COIN, developer_data: undefined });
      if (url.pathname === '/repos/aave/aave-v3-core')
        return json(res, 200, {
          full_name: 'aave/aave-v3-core',
          html_url: 'https://github.com/aave/aave-v3-core',
          stargazers_count: 880,
          archived: false,
        });
      if (url.pathname.endsWith('/commits') || url.pathname.endsWith('/contributors'))
        return json(res, 200, [{}], {
          link: `<https://api.github.com/repositories/1/x?page=2>; rel="next", <https://api.github.com/repositories/1/x?page=${url.pathname.endsWith('/commits') ? 17 : 55}>; rel="last"`,
        });
      return holderRoutes(req, res, '');
    };
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0 },
      holders: { ethplorerBaseUrl: base, retries: 0 },
      github: { baseUrl: base, retries: 0 },
    });
    const evidence = await live.market({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.marketGaps).toBeUndefined();
    expect(evidence.developer?.value).toEqual({
      commits4Weeks: 17,
      contributors: 55,
      contributorsAtLeast: true,
      stars: 880,
      repoUrl: 'https://github.com/aave/aave-v3-core',
    });
    expect(evidence.developer?.source.title).toBe('GitHub repository activity: aave/aave-v3-core');
    expect(evidence.holders).toBeDefined();
  });

  it('answers search and resolution from the snapshot first, costing no CoinGecko call', async () => {
    handler = coingeckoRoutes();
    const live = createLiveSources({ coingecko: { baseUrl: base, retries: 0 }, github: { baseUrl: base } });
    expect((await live.search('bitcoin', 8))[0]?.id).toBe('bitcoin');
    expect(await live.resolve('ETH')).toMatchObject({ id: 'ethereum' });
    expect(seen).toHaveLength(0);
  });

  it('gives anonymous search only spare quota: the snapshot answers when none is left', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        coins: [{ id: 'zorbcoin', name: 'Zorbcoin', symbol: 'ZORB', market_cap_rank: null }],
      });
    const quota = new CoinGeckoQuota({ callsPerMinute: 8, searchCallsPerDay: 100 });
    const live = createLiveSources({
      coingecko: { baseUrl: base, retries: 0, quota },
      github: { baseUrl: base },
    });
    // Capacity 2, reserve 1: the first unknown name may ask CoinGecko, the second may not.
    expect((await live.search('zorbcoin', 8)).map((a) => a.id)).toEqual(['zorbcoin']);
    expect(await live.search('zorbcoi', 8)).toEqual([]);
    expect(seen).toHaveLength(1);
    // Paid resolution still gets the reserved call (and a cached answer costs nothing).
    expect(await live.resolve('ZORB')).toMatchObject({ id: 'zorbcoin' });
    expect(seen).toHaveLength(2);
    expect(await live.resolve('zorbcoin')).toMatchObject({ id: 'zorbcoin' });
    expect(seen).toHaveLength(2);
  });
});

describe('LLM writer (openai SDK against an OpenAI-compatible fake)', () => {
  const teamCategory = CATEGORIES.find((c) => c.key === 'team')!;
  const marketCategory = CATEGORIES.find((c) => c.key === 'marketCap')!;
  const source = {
    title: 'CoinGecko coin data: Aave',
    url: 'https://www.coingecko.com/en/coins/aave',
    retrievedAt: '2026-11-22T00:00:00Z',
  };
  const assessment = assess(
    scoreTeam(
      {
        team: {
          value: { identified: false, publicCode: true, note: 'Project homepage: https://aave.com/.' },
          source,
        },
        genesisDate: { value: '2020-10-02', source },
      },
      new Date('2026-11-22'),
    ),
  );
  const completion = (content: string) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
  const writerWith = (answer: Handler) => {
    handler = answer;
    const fallbacks: string[] = [];
    const writer = createLlmWriter({
      baseUrl: base,
      apiKey: 'sk-test',
      model: 'test-model',
      retries: 1,
      timeoutMs: 300,
      onFallback: (reason) => fallbacks.push(reason),
    });
    return { writer, fallbacks };
  };
  const input = {
    asset: { id: 'aave', name: 'Aave', symbol: 'AAVE' },
    assetName: 'aave',
    category: teamCategory,
    assessment,
  };

  it('uses the model’s text and moves a qualitative score by one point with its reason', async () => {
    const { writer, fallbacks } = writerWith((_req, res) =>
      json(
        res,
        200,
        completion(
          JSON.stringify({
            findings: 'Aave publishes its code and has operated for 6.1 years.',
            analysis: 'A long public track record offsets the unnamed team.',
            scoreAdjustment: 1,
            adjustmentReason: 'Public code with a long track record.',
          }),
        ),
      ),
    );
    const written = await writer.write(input);
    expect(fallbacks).toEqual([]);
    expect(written.writer).toBe('llm');
    expect(written.score).toBe(scoreOf(assessment) + 1);
    expect(written.scoreNote).toMatch(/Adjusted from 3 to 4 by the AI writer: Public code/);
    expect(written.findings).toContain('https://www.coingecko.com/en/coins/aave');
    const request = JSON.parse(seen.at(-1)!.body);
    expect(request.model).toBe('test-model');
    expect(request.response_format).toEqual({ type: 'json_object' });
    expect(seen.at(-1)!.headers.authorization).toBe('Bearer sk-test');
  });

  it('never moves a quantitative score', async () => {
    const { writer } = writerWith((_req, res) =>
      json(
        res,
        200,
        completion(
          JSON.stringify({
            findings: 'Aave is large.',
            analysis: 'Big.',
            scoreAdjustment: -1,
            adjustmentReason: 'x',
          }),
        ),
      ),
    );
    const market = { ...input, category: marketCategory };
    expect((await writer.write(market)).score).toBe(scoreOf(assessment));
  });

  it('asks once more without temperature when the model refuses the parameter (recorded 400), and remembers', async () => {
    const refusal = recorded('openai-chat-400-temperature');
    const { writer, fallbacks } = writerWith((_req, res, body) => {
      if ('temperature' in JSON.parse(body)) return sendRecorded(res, refusal);
      return json(
        res,
        200,
        completion(JSON.stringify({ findings: 'Aave publishes its code.', analysis: 'Its code is public.' })),
      );
    });
    const written = await writer.write(input);
    expect(fallbacks).toEqual([]);
    expect(written.writer).toBe('llm');
    const bodies = seen.map((s) => JSON.parse(s.body));
    expect(bodies.map((b) => 'temperature' in b)).toEqual([true, false]);
    expect(seen.every((s) => s.url === '/chat/completions')).toBe(true);
    await writer.write(input);
    expect(seen.map((s) => 'temperature' in JSON.parse(s.body))).toEqual([true, false, false]);
  });

  it('falls back, with the reason, on a refusal and on an answer cut off at the length limit', async () => {
    const answers = [
      {
        ...completion(''),
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: null, refusal: 'I can’t help with that.' },
          },
        ],
      },
      {
        ...completion('{"findings": "Aave publishes'),
        choices: [
          {
            index: 0,
            finish_reason: 'length',
            message: { role: 'assistant', content: '{"findings": "Aave publishes' },
          },
        ],
      },
    ];
    const reasons: string[] = [];
    for (const answer of answers) {
      const { writer, fallbacks } = writerWith((_req, res) => json(res, 200, answer));
      expect((await writer.write(input)).writer).toBe('deterministic');
      reasons.push(...fallbacks);
    }
    expect(reasons).toEqual([
      'the language model refused: I can’t help with that.',
      'the language model answer was cut off at its length limit',
    ]);
    expect(reasons.map(fallbackKindOf)).toEqual(['refused', 'cut-off']);
  });

  it('checks the published adjustment reason like the text', async () => {
    const { writer, fallbacks } = writerWith((_req, res) =>
      json(
        res,
        200,
        completion(
          JSON.stringify({
            findings: 'Aave publishes its code.',
            analysis: 'Its code is public.',
            scoreAdjustment: 1,
            adjustmentReason: 'Backed by 40 independent audits.',
          }),
        ),
      ),
    );
    const written = await writer.write(input);
    expect(written.writer).toBe('deterministic');
    expect(written.score).toBe(scoreOf(assessment));
    expect(fallbacks[0]).toMatch(/unsourced claims: number 40 independent audits/);
  });

  it('falls back to the deterministic writer on unsourced claims, malformed JSON, 5xx and timeouts', async () => {
    const cases: Handler[] = [
      (_req, res) =>
        json(
          res,
          200,
          completion(
            JSON.stringify({ findings: 'Aave has 900 developers.', analysis: 'See https://evil.test/.' }),
          ),
        ),
      (_req, res) => json(res, 200, completion('{"findings": "unterminated')),
      (_req, res) => json(res, 200, completion(JSON.stringify({ findings: 42 }))),
      (_req, res) => json(res, 500, { error: { message: 'boom' } }),
      (_req, res) => {
        setTimeout(() => json(res, 200, completion('{}')), 1_000);
      },
    ];
    for (const answer of cases) {
      const { writer, fallbacks } = writerWith(answer);
      const written = await writer.write(input);
      expect(written.writer).toBe('deterministic');
      expect(written.score).toBe(scoreOf(assessment));
      expect(fallbacks).toHaveLength(1);
    }
  });
});
