import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeHttp, sendJson, startFakeHttp } from '../testing/fake-http';
import { recorded, sendRecorded } from '../testing/recorded';
import { formatLiveCheck, runLiveCheck, shapeChanges, shapeOf } from './live-check';

// The operators' live check against fakes standing in for the providers: what it calls with
// which key, and what it prints when an answer is the recorded one, differs from it, or no
// longer fits the shape the sources read.

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

describe('research:live-check', () => {
  it('names every provider it skipped, and calls none, without keys', async () => {
    const results = await runLiveCheck({});
    expect(results.map((r) => r.outcome)).toEqual(Array(6).fill('skipped'));
    expect(formatLiveCheck(results)).toContain('DEFILLAMA_API_KEY is not set');
  });

  it('calls each configured provider once, with its key, and prints what changed', async () => {
    const tooLarge = recorded('github-contributors-403-too-large');
    const unindexed = recorded('solana-getTokenLargestAccounts-32010');
    fake.handler = (req, res) => {
      const url = new URL(req.url!, fake.base);
      if (url.pathname === '/cg/search') return sendJson(res, 200, { coins: [{ id: 'aave', name: 'Aave' }] });
      if (url.pathname === '/llama/llama-key/api/hacks') return sendJson(res, 200, [{ date: 1, name: 'X' }]);
      if (url.pathname.startsWith('/gh/')) return sendRecorded(res, tooLarge);
      if (url.pathname === '/sol') {
        // The recorded refusal, with one field more than when it was recorded.
        const body = JSON.parse(unindexed.body);
        return sendJson(res, 200, { ...body, error: { ...body.error, data: { hint: 'new' } } });
      }
      return sendJson(res, 404, {});
    };
    const results = await runLiveCheck({
      COINGECKO_API_KEY: 'cg-key',
      COINGECKO_BASE_URL: `${fake.base}/cg`,
      DEFILLAMA_API_KEY: 'llama-key',
      DEFILLAMA_PRO_BASE_URL: `${fake.base}/llama`,
      GITHUB_TOKEN: 'ghp_x',
      GITHUB_API_URL: `${fake.base}/gh`,
      SOLANA_RPC_URL: `${fake.base}/sol`,
    });
    const byProvider = Object.fromEntries(results.map((r) => [r.provider, r]));
    expect(byProvider['CoinGecko (search)']).toMatchObject({ outcome: 'changed' });
    expect(byProvider['CoinGecko (search)']!.lines.join('\n')).toMatch(/coins\.0\.symbol/);
    expect(byProvider['DeFiLlama Pro (hacks)']).toMatchObject({ outcome: 'same' });
    expect(byProvider['GitHub (contributors)']).toMatchObject({
      outcome: 'same',
      lines: ['HTTP 403, compared with the recorded response github-contributors-403-too-large'],
    });
    expect(byProvider['Solana RPC (largest token accounts)']!.lines).toContain('new: $.error.data (object)');
    expect(byProvider['Ethplorer (token info)']!.outcome).toBe('skipped');
    expect(fake.seen.map((s) => s.url.split('?')[0]).sort()).toEqual([
      '/cg/search',
      '/gh/repos/aave/aave-v3-core/contributors',
      '/llama/llama-key/api/hacks',
      '/sol',
    ]);
    expect(fake.seen.find((s) => s.url.startsWith('/cg/'))!.headers['x-cg-demo-api-key']).toBe('cg-key');
    expect(fake.seen.find((s) => s.url.startsWith('/gh/'))!.headers.authorization).toBe('Bearer ghp_x');
  });

  it('compares a successful answer with its recording (Ethplorer token info, recorded 2022)', async () => {
    const tokenInfo = recorded('ethplorer-getTokenInfo-200');
    fake.handler = (_req, res) => {
      // Today's answer: the recorded one without its "publicTags" list.
      const { publicTags: _dropped, ...rest } = JSON.parse(tokenInfo.body) as Record<string, unknown>;
      return sendJson(res, 200, rest);
    };
    const [ethplorer] = (
      await runLiveCheck({ ETHPLORER_API_KEY: 'eth-key', ETHPLORER_BASE_URL: fake.base })
    ).filter((r) => r.provider === 'Ethplorer (token info)');
    expect(ethplorer).toMatchObject({ outcome: 'changed' });
    expect(ethplorer!.lines).toEqual([
      'HTTP 200, compared with the recorded response ethplorer-getTokenInfo-200',
      'missing now: $.publicTags (was array)',
      'missing now: $.publicTags[] (was string)',
    ]);
    expect(fake.seen.map((s) => s.url)).toEqual([
      '/getTokenInfo/0xdac17f958d2ee523a2206206994597c13d831ec7?apiKey=eth-key',
    ]);
  });

  it('compares shapes path by path', () => {
    expect(shapeChanges(shapeOf({ a: 1, b: [{ c: 'x' }] }), shapeOf({ a: '1', b: [{ d: 'y' }] }))).toEqual([
      'type changed: $.a number -> string',
      'missing now: $.b[].c (was string)',
      'new: $.b[].d (string)',
    ]);
  });
});
