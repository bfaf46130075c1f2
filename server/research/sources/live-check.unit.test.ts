import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHttp, sendJson, startFakeHttp } from '../testing/fake-http';
import { recorded, sendRecorded } from '../testing/recorded';
import {
  failing,
  fixtureBody,
  formatLiveCheck,
  type LiveCheckEnv,
  providerChecks,
  readChanges,
  runLiveCheck,
} from './live-check';

// The operators' live check against a fake standing in for every provider on 127.0.0.1: which
// calls it makes on the keyless and the keyed path, and what it prints and how it exits when an
// answer fits, changed, was refused or never came.

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

/** Every provider pointed at the fake, each under its own path prefix. */
const keylessEnv = (): LiveCheckEnv => ({
  COINGECKO_BASE_URL: `${fake.base}/cg`,
  DEFILLAMA_BASE_URL: `${fake.base}/llama`,
  ETHPLORER_BASE_URL: `${fake.base}/eth`,
  SOLANA_RPC_URL: `${fake.base}/sol`,
  GITHUB_API_URL: `${fake.base}/gh`,
});
const keyedEnv = (): LiveCheckEnv => ({
  ...keylessEnv(),
  COINGECKO_API_KEY: 'cg-key',
  COINGECKO_PLAN: 'pro',
  DEFILLAMA_API_KEY: 'llama-key',
  DEFILLAMA_PRO_BASE_URL: `${fake.base}/llama-pro`,
  ETHPLORER_API_KEY: 'eth-key',
  HOLDERS_BLOCKFROST_PROJECT_ID: 'mainnetKey',
  HOLDERS_BLOCKFROST_URL: `${fake.base}/bf`,
  GITHUB_TOKEN: 'ghp_x',
  LLM_BASE_URL: `${fake.base}/llm`,
  LLM_MODEL: 'gpt-4o-2024-08-06',
  LLM_API_KEY: 'sk-test',
});

/** The stored answer of each call, by the call's path (JSON-RPC: by its method). */
function serveFixtures(env: LiveCheckEnv) {
  const byPath = new Map<string, string>();
  for (const check of providerChecks(env).filter((c) => !c.notUsed))
    for (const call of check.calls) {
      const url = new URL(call.url);
      const method = call.init?.body
        ? (JSON.parse(String(call.init.body)) as { method?: string }).method
        : '';
      byPath.set(`${url.pathname}${method ? `#${method}` : ''}`, fixtureBody(call.fixture));
    }
  fake.handler = (req, res, body) => {
    const path = new URL(req.url!, fake.base).pathname;
    const method = path === '/sol' ? `#${(JSON.parse(body) as { method: string }).method}` : '';
    const answer = byPath.get(`${path}${method}`);
    if (answer === undefined) return sendJson(res, 404, { message: 'not a call of the research' });
    res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
  };
}

const pathsSeen = () => fake.seen.map((s) => s.url.split('?')[0]).sort();

describe('research:live-check', () => {
  it('without keys, calls every keyless endpoint the research uses and passes when each fits', async () => {
    const env = keylessEnv();
    serveFixtures(env);
    const results = await runLiveCheck(env);
    expect(results.map((r) => [r.provider, r.outcome])).toEqual([
      ['CoinGecko', 'ok'],
      ['DeFiLlama', 'ok'],
      ['Ethplorer', 'ok'],
      ['Solana RPC', 'ok'],
      ['Blockfrost', 'not configured'],
      ['GitHub', 'ok'],
      ['Language model', 'not configured'],
    ]);
    expect(failing(results)).toEqual([]);
    expect(pathsSeen()).toEqual([
      '/cg/coins/aave',
      '/cg/coins/aave/market_chart',
      '/cg/coins/aave/tickers',
      '/cg/search',
      '/eth/getTokenInfo/0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9',
      '/eth/getTopTokenHolders/0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9',
      '/gh/orgs/aave/repos',
      '/gh/repos/aave/aave-v3-core',
      '/gh/repos/aave/aave-v3-core/commits',
      '/gh/repos/aave/aave-v3-core/contributors',
      // DeFiLlama's free API has no hacks list: not asked.
      '/llama/protocol/aave',
      '/llama/protocols',
      '/sol',
      '/sol',
    ]);
    // The keyless path: no CoinGecko key header, Ethplorer's shared key, no GitHub token.
    for (const call of fake.seen) {
      expect(call.headers['x-cg-demo-api-key']).toBeUndefined();
      expect(call.headers['x-cg-pro-api-key']).toBeUndefined();
      expect(call.headers.authorization).toBeUndefined();
    }
    expect(fake.seen.find((s) => s.url.startsWith('/eth/getTopTokenHolders'))!.url).toMatch(
      /\?apiKey=freekey&limit=50$/,
    );
    expect(fake.seen.filter((s) => s.url === '/sol').map((s) => JSON.parse(s.body).method)).toEqual([
      'getTokenSupply',
      'getTokenLargestAccounts',
    ]);
    expect(formatLiveCheck(results)).toContain('All 5 providers this configuration relies on are ok.');
  });

  it('with keys, calls the keyed endpoints with each key, Blockfrost, DeFiLlama’s hacks and the model', async () => {
    const env = keyedEnv();
    serveFixtures(env);
    const results = await runLiveCheck(env);
    expect(results.every((r) => r.outcome === 'ok' && r.reliedOn)).toBe(true);
    expect(pathsSeen()).toEqual(
      expect.arrayContaining([
        '/bf/assets/279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b',
        '/bf/assets/279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f534e454b/addresses',
        '/llama-pro/llama-key/api/hacks',
        '/llama-pro/llama-key/api/protocol/aave',
        '/llama-pro/llama-key/api/protocols',
        '/llm/chat/completions',
      ]),
    );
    expect(pathsSeen()).toHaveLength(18);
    const header = (prefix: string, name: string) =>
      fake.seen.filter((s) => s.url.startsWith(prefix)).map((s) => s.headers[name]);
    expect(new Set(header('/cg/', 'x-cg-pro-api-key'))).toEqual(new Set(['cg-key']));
    expect(new Set(header('/gh/', 'authorization'))).toEqual(new Set(['Bearer ghp_x']));
    expect(new Set(header('/bf/', 'project_id'))).toEqual(new Set(['mainnetKey']));
    expect(header('/llm/', 'authorization')).toEqual(['Bearer sk-test']);
    expect(fake.seen.find((s) => s.url.startsWith('/eth/getTokenInfo'))!.url).toMatch(/\?apiKey=eth-key$/);
  });

  it('tells a working answer from a refusal by what the answer holds, not by its status', async () => {
    const env = keylessEnv();
    serveFixtures(env);
    const fixtures = fake.handler;
    const rateLimited = {
      message: 'API rate limit exceeded for 127.0.0.1.',
      documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting',
    };
    fake.handler = (req, res, body) => {
      const path = new URL(req.url!, fake.base).pathname;
      // Solana's public RPC refusing the largest accounts (recorded -32010, HTTP 200).
      if (path === '/sol' && JSON.parse(body).method === 'getTokenLargestAccounts')
        return sendRecorded(res, recorded('solana-getTokenLargestAccounts-32010'));
      // Ethplorer's freekey over its limit (recorded 429).
      if (path.startsWith('/eth/getTopTokenHolders'))
        return sendRecorded(res, recorded('ethplorer-429-request-limit'));
      // GitHub's rate limit: a 403 the research does not handle (unlike "too large").
      if (path.endsWith('/contributors')) return sendJson(res, 403, rateLimited);
      // CoinGecko's coin with its market cap now a string, and without its symbol.
      if (path === '/cg/coins/aave') {
        const coin = JSON.parse(fixtureBody('coingecko-coin-200-example'));
        delete coin.symbol;
        coin.market_data.market_cap.usd = String(coin.market_data.market_cap.usd);
        return sendJson(res, 200, coin);
      }
      return fixtures(req, res, body);
    };
    const results = await runLiveCheck(env);
    const byProvider = Object.fromEntries(results.map((r) => [r.provider, r]));
    expect(byProvider['Solana RPC']).toMatchObject({ outcome: 'refused' });
    expect(byProvider['Solana RPC']!.lines[0]).toBe(
      'getTokenSupply: HTTP 200, the fields the research reads are there',
    );
    expect(byProvider['Solana RPC']!.lines[1]).toMatch(
      /^getTokenLargestAccounts: HTTP 200 with an error: .*-32010/,
    );
    expect(byProvider.Ethplorer).toMatchObject({ outcome: 'refused' });
    expect(byProvider.Ethplorer!.lines[1]).toMatch(/^top holders: HTTP 429: /);
    expect(byProvider.GitHub).toMatchObject({ outcome: 'refused' });
    expect(byProvider.GitHub!.lines).toContain(`contributors: HTTP 403: ${JSON.stringify(rateLimited)}`);
    expect(byProvider.CoinGecko).toMatchObject({ outcome: 'changed' });
    expect(byProvider.CoinGecko!.lines).toEqual(
      expect.arrayContaining([
        '  missing: $.symbol (the code reads string)',
        '  type changed: $.market_data.market_cap.usd is string, the code reads number?',
      ]),
    );
    expect(byProvider.DeFiLlama).toMatchObject({ outcome: 'ok' });
    expect(failing(results).map((r) => r.provider)).toEqual([
      'CoinGecko',
      'Ethplorer',
      'Solana RPC',
      'GitHub',
    ]);
  });

  it('keeps GitHub’s answers the research handles (a repository too large to list) as ok', async () => {
    const env = keylessEnv();
    serveFixtures(env);
    const fixtures = fake.handler;
    fake.handler = (req, res, body) =>
      req.url!.includes('/contributors')
        ? sendRecorded(res, recorded('github-contributors-403-too-large'))
        : fixtures(req, res, body);
    const github = (await runLiveCheck(env)).find((r) => r.provider === 'GitHub')!;
    expect(github.outcome).toBe('ok');
    expect(github.lines).toContain('contributors: HTTP 403, an answer the research handles');
  });

  it('names each keyless provider unreachable and exits 1 when nothing answers', async () => {
    // A closed port on this machine stands in for no network at all.
    const closed = 'http://127.0.0.1:9';
    const { stdout, code } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/research-live-check.ts'],
      {
        env: {
          PATH: process.env.PATH,
          COINGECKO_BASE_URL: closed,
          DEFILLAMA_BASE_URL: closed,
          ETHPLORER_BASE_URL: closed,
          SOLANA_RPC_URL: closed,
          GITHUB_API_URL: closed,
        },
      },
    ).then(
      ({ stdout }) => ({ stdout, code: 0 }),
      (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
    );
    expect(code).toBe(1);
    for (const provider of ['CoinGecko', 'DeFiLlama', 'Ethplorer', 'Solana RPC', 'GitHub'])
      expect(stdout).toMatch(new RegExp(`^UNREACHABLE +${provider} \\(`, 'm'));
    expect(stdout).toMatch(/^NOT CONFIGURED +Blockfrost/m);
    expect(stdout).toMatch(/^NOT CONFIGURED +Language model/m);
    expect(stdout).toContain('5 of the 5 providers this configuration relies on are not ok');
  }, 30_000);

  it('reads every call’s fields from its stored answer: each fixture fits the reads it proves', () => {
    const checks = providerChecks(keyedEnv());
    const calls = checks.flatMap((check) => check.calls);
    expect(calls).toHaveLength(18);
    for (const call of calls)
      expect([call.fixture, readChanges(call.reads, JSON.parse(fixtureBody(call.fixture)))]).toEqual([
        call.fixture,
        [],
      ]);
  });

  it('compares an answer with the reads path by path', () => {
    const reads = { '$.a': 'number', '$.b[].c': 'string?', '$.d': 'string' };
    expect(readChanges(reads, { a: '1', b: [{ c: 2 }, { c: null }], d: 'x' })).toEqual([
      'type changed: $.a is string, the code reads number',
      'type changed: $.b[].c is null|number, the code reads string?',
    ]);
    expect(readChanges(reads, { a: 1, b: [] })).toEqual(['missing: $.d (the code reads string)']);
  });
});
