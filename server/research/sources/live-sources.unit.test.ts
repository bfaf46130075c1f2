import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../contract/methodology';
import { scoreTeam } from '../scoring';
import { createLlmWriter } from '../writer';
import { CoinGeckoSource } from './coingecko';
import { DefiLlamaSource } from './defillama';
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
      seen.push({ url: req.url ?? '', headers: req.headers, body });
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

const COIN = {
  id: 'aave',
  symbol: 'aave',
  name: 'Aave',
  asset_platform_id: 'ethereum',
  categories: ['Lending/Borrowing', 'Decentralized Finance (DeFi)'],
  description: {
    en: 'Aave is a <a href="x">decentralized</a> lending protocol. It runs on many chains. More text.',
  },
  genesis_date: null,
  market_cap_rank: 28,
  watchlist_portfolio_users: 312_000,
  links: { homepage: ['https://aave.com/'], repos_url: { github: ['https://github.com/aave/aave-v3-core'] } },
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
    return json(res, 404, { error: 'coin not found' });
  };
}

describe('CoinGecko source (official SDK)', () => {
  it('resolves free text to the largest exact match and maps coin data with its source', async () => {
    handler = coingeckoRoutes();
    const source = new CoinGeckoSource({ baseUrl: base, apiKey: 'demo-key', plan: 'demo', retries: 0 });
    expect(await source.resolve('AAVE')).toEqual({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
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
    expect(seen.find((s) => s.url.startsWith('/coins/aave'))!.url).toContain('market_data=true');
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

const PROTOCOLS = [
  {
    id: '1599',
    name: 'Aave V3',
    symbol: 'AAVE',
    gecko_id: 'aave',
    audits: '2',
    tvl: 2e10,
    slug: 'aave-v3',
    parentProtocol: 'parent#aave',
  },
  {
    id: '111',
    name: 'Aave V2',
    symbol: 'AAVE',
    gecko_id: 'aave',
    audits: '3',
    tvl: 1e9,
    slug: 'aave-v2',
    parentProtocol: 'parent#aave',
  },
  { id: '2', name: 'Other', symbol: 'OTH', gecko_id: 'other', audits: '0', tvl: 5 },
];
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
      return json(res, 404, {});
    };
    const source = new DefiLlamaSource({ baseUrl: base, retries: 0 });
    const evidence = await source.security({ id: 'aave', name: 'Aave', symbol: 'AAVE' });
    expect(evidence.audits?.value.count).toBe(3);
    expect(evidence.tvlUsd?.value).toBe(2.1e10);
    expect(evidence.hacks?.value).toHaveLength(1);
    expect(evidence.hacks?.value[0]).toMatchObject({ amountUsd: 5e6, returnedUsd: 1e6, technique: 'Oracle' });
    expect(evidence.hacks?.source.url).toBe('https://defillama.com/hacks');
  });

  it('retries 429 and 5xx, and fails cleanly on timeouts and malformed bodies', async () => {
    let calls = 0;
    handler = (req, res) => {
      calls += 1;
      if (calls === 1) return json(res, 429, {}, { 'retry-after': '0' });
      if (calls === 2) return json(res, 502, {});
      return json(res, 200, req.url === '/protocols' ? PROTOCOLS : []);
    };
    const retrying = new DefiLlamaSource({ baseUrl: base, retries: 3 });
    const evidence = await retrying.security({ id: 'unknown-coin', name: 'Unknown', symbol: 'UNK' });
    expect(evidence.audits).toBeUndefined();
    expect(evidence.hacks?.value).toEqual([]);

    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('<html>oops');
    await expect(
      new DefiLlamaSource({ baseUrl: base, retries: 1 }).security({ id: 'a', name: 'A', symbol: 'A' }),
    ).rejects.toThrow(/not valid JSON/);

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

describe('LLM writer (openai SDK against an OpenAI-compatible fake)', () => {
  const teamCategory = CATEGORIES.find((c) => c.key === 'team')!;
  const marketCategory = CATEGORIES.find((c) => c.key === 'marketCap')!;
  const source = {
    title: 'CoinGecko coin data: Aave',
    url: 'https://www.coingecko.com/en/coins/aave',
    retrievedAt: '2026-11-22T00:00:00Z',
  };
  const assessment = scoreTeam(
    {
      team: {
        value: { identified: false, publicCode: true, note: 'Project homepage: https://aave.com/.' },
        source,
      },
      genesisDate: { value: '2020-10-02', source },
    },
    new Date('2026-11-22'),
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
    expect(written.score).toBe(assessment.score + 1);
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
    expect((await writer.write(market)).score).toBe(assessment.score);
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
      expect(written.score).toBe(assessment.score);
      expect(fallbacks).toHaveLength(1);
    }
  });
});
