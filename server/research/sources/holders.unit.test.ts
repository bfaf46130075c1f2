import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { scoreDexHolders } from '../scoring';
import { type FakeHttp, sendJson, startFakeHttp } from '../testing/fake-http';
import { recorded, sendRecorded } from '../testing/recorded';
import { concentration, HolderSource, holderChainFor, walletLabel } from './holders';
import { RateLimiter } from './limiter';
import { ethplorerLimits } from './live';

// Ethplorer, Solana JSON-RPC and Blockfrost fakes on 127.0.0.1 in their real wire formats.

let fake: FakeHttp;
beforeAll(async () => {
  fake = await startFakeHttp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.seen.length = 0;
});

const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const BINANCE_14 = '0x28C6c06298d514Db089934071355E5743bf21d60';

function ethplorer(holders: { address: string; balance: number; share: number }[]) {
  fake.handler = (req, res) => {
    const url = new URL(req.url!, fake.base);
    if (url.pathname === `/getTokenInfo/${USDT}`) {
      return sendJson(res, 200, {
        address: USDT,
        name: 'Tether USD',
        decimals: '6',
        symbol: 'USDT',
        totalSupply: '100000000000000',
        owner: '0x',
        lastUpdated: 1_763_800_000,
        issuancesCount: 0,
        holdersCount: 6_512_345,
        price: { rate: 1, currency: 'USD' },
      });
    }
    if (url.pathname === `/getTopTokenHolders/${USDT}`) return sendJson(res, 200, { holders });
    return sendJson(res, 400, { error: { code: 150, message: 'Address is not a token contract' } });
  };
}

describe('ERC-20 holders (Ethplorer)', () => {
  it('computes the top-10 share, labels known exchange wallets and cites Ethplorer', async () => {
    ethplorer([
      { address: BINANCE_14.toLowerCase(), balance: 2e13, share: 20 },
      ...Array.from({ length: 14 }, (_, i) => ({
        address: `0x${String(i + 1).padStart(40, '0')}`,
        balance: 1e12,
        share: 5 - i * 0.25,
      })),
    ]);
    const source = new HolderSource({ ethplorerBaseUrl: fake.base, retries: 0 });
    const result = await source.holders(
      { ethereum: USDT, tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
      'ethereum',
    );
    const facts = result.holders!.value;
    expect(facts.holderCount).toBe(6_512_345);
    // 20% + the next nine (5 + 4.75 + … + 3) = 20 + 36 = 56%.
    expect(facts.top10Share).toBeCloseTo(0.56);
    // Without the exchange wallet: the ten largest unlabelled holders, 5 + … + 2.75 = 38.75%.
    expect(facts.top10ShareExcludingLabelled).toBeCloseTo(0.3875);
    expect(facts.largest[0]).toMatchObject({ share: 0.2, label: 'Exchange: Binance (Binance 14)' });
    expect(facts.largest).toHaveLength(10);
    expect(result.holders!.source.url).toBe(`https://ethplorer.io/address/${USDT}#tab=tab-holders`);
    expect(fake.seen.map((s) => s.url)).toContain(`/getTopTokenHolders/${USDT}?apiKey=freekey&limit=50`);
  });

  it('uses the configured key and degrades to a gap when Ethplorer refuses', async () => {
    fake.handler = (_req, res) => sendJson(res, 429, { error: { code: 429, message: 'Too many requests' } });
    const source = new HolderSource({ ethplorerBaseUrl: fake.base, ethplorerApiKey: 'my-key', retries: 0 });
    const result = await source.holders({ ethereum: USDT });
    expect(result.holders).toBeUndefined();
    expect(result.gap).toMatchObject({ source: 'Ethplorer', facts: ['holders'] });
    expect(result.gap!.reason).toMatch(/HTTP 429/);
    expect(fake.seen[0]!.url).toContain('apiKey=my-key');
  });
});

describe('SPL holders (Solana JSON-RPC)', () => {
  const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

  it('divides the 20 largest accounts by the supply, exactly for large raw amounts', async () => {
    fake.handler = (req, res, body) => {
      if (!body) return sendJson(res, 405, {});
      const call = JSON.parse(body) as { jsonrpc: string; id: number; method: string; params: unknown[] };
      expect(req.method).toBe('POST');
      expect(call.params[0]).toBe(MINT);
      if (call.method === 'getTokenSupply') {
        return sendJson(res, 200, {
          jsonrpc: '2.0',
          result: {
            context: { slot: 1114 },
            value: {
              amount: '8800000000000000000',
              decimals: 5,
              uiAmount: 88e12,
              uiAmountString: '88000000000000',
            },
          },
          id: call.id,
        });
      }
      if (call.method === 'getTokenLargestAccounts') {
        return sendJson(res, 200, {
          jsonrpc: '2.0',
          result: {
            context: { slot: 1114 },
            value: Array.from({ length: 20 }, (_, i) => ({
              address: `Acct${i}`,
              amount: String(880000000000000000n - BigInt(i) * 10000000000000000n),
              decimals: 5,
              uiAmount: null,
              uiAmountString: '0',
            })),
          },
          id: call.id,
        });
      }
      return sendJson(res, 200, {
        jsonrpc: '2.0',
        error: { code: -32601, message: 'Method not found' },
        id: call.id,
      });
    };
    const source = new HolderSource({ solanaRpcUrl: fake.base, retries: 0 });
    const result = await source.holders({ solana: MINT }, 'solana');
    // Accounts 0..9 hold 10%, 9.886…%, … of the supply: 10 × 10% − (0+…+9) × 0.1136…%.
    const expected = (10 * 880 - 45 * 10) / 8800;
    expect(result.holders!.value.top10Share).toBeCloseTo(expected, 6);
    expect(result.holders!.value.holderCount).toBeUndefined();
    expect(result.holders!.source.url).toBe(`https://explorer.solana.com/address/${MINT}/largest`);
  });

  it('says plainly why SPL holders are missing when the RPC does not index token accounts (recorded -32010)', async () => {
    const unindexed = recorded('solana-getTokenLargestAccounts-32010');
    fake.handler = (_req, res, body) => {
      const call = JSON.parse(body) as { method: string; id: number };
      if (call.method === 'getTokenLargestAccounts') return sendRecorded(res, unindexed);
      return sendJson(res, 200, {
        jsonrpc: '2.0',
        result: {
          context: { slot: 1 },
          value: { amount: '1000', decimals: 0, uiAmount: 1000, uiAmountString: '1000' },
        },
        id: call.id,
      });
    };
    const result = await new HolderSource({ solanaRpcUrl: fake.base, retries: 2 }).holders(
      { solana: MINT },
      'solana',
    );
    expect(result.holders).toBeUndefined();
    expect(result.gap?.source).toBe('Solana RPC');
    expect(result.gap?.reason).toMatch(/does not index token accounts.*largest holders.*-32010/);
    // The holder category says so in the report.
    const category = scoreDexHolders({ marketGaps: [result.gap!] });
    expect(category.evidenceFound).toBe(false);
    expect(category.facts.join(' ')).toMatch(
      /Solana RPC could not be read for this asset: the Solana RPC node used does not index token accounts/,
    );
    // A JSON-RPC error is an answer: asked once, not retried.
    expect(fake.seen.filter((s) => s.body.includes('getTokenLargestAccounts'))).toHaveLength(1);
  });

  it('turns a JSON-RPC error into a gap naming it', async () => {
    fake.handler = (_req, res, body) =>
      sendJson(res, 200, {
        jsonrpc: '2.0',
        error: { code: -32602, message: 'Invalid param: not a Token mint' },
        id: JSON.parse(body).id,
      });
    const result = await new HolderSource({ solanaRpcUrl: fake.base, retries: 0 }).holders({ solana: MINT });
    expect(result.gap).toMatchObject({ source: 'Solana RPC' });
    expect(result.gap!.reason).toMatch(/not a Token mint/);
  });
});

describe('Cardano native token holders (Blockfrost SDK)', () => {
  const POLICY = '279c909f348e533da5808898f87f9a14bb2c3dfbbacccd631d927a3f';
  const UNIT = `${POLICY}534e454b`;

  function blockfrost(addressCount: number) {
    const addresses = Array.from({ length: addressCount }, (_, i) => ({
      // Every third address is a script (addr1w…): labelled as a contract.
      address: i % 3 === 0 ? `addr1w${i}script` : `addr1q${i}wallet`,
      quantity: String(i === 0 ? 500_000 : 1000),
    }));
    fake.handler = (req, res) => {
      const url = new URL(req.url!, fake.base);
      expect(req.headers.project_id).toBe('mainnetTestKey');
      if (url.pathname === `/assets/${UNIT}`) {
        return sendJson(res, 200, {
          asset: UNIT,
          policy_id: POLICY,
          asset_name: '534e454b',
          fingerprint: 'asset108xu02ckwrfc8qs9d97mgyh4kn8gdu9w8f5sxk',
          quantity: String(500_000 + (addressCount - 1) * 1000),
          initial_mint_tx_hash: 'ab'.repeat(32),
          mint_or_burn_count: 1,
          onchain_metadata: null,
          metadata: null,
        });
      }
      if (url.pathname === `/assets/${UNIT}/addresses`) {
        const page = Number(url.searchParams.get('page') ?? 1);
        const count = Number(url.searchParams.get('count') ?? 100);
        return sendJson(res, 200, addresses.slice((page - 1) * count, page * count));
      }
      return sendJson(res, 404, {
        status_code: 404,
        error: 'Not Found',
        message: 'The requested component has not been found.',
      });
    };
  }

  it('reads every page, ranks the addresses and labels script addresses', async () => {
    blockfrost(250);
    const source = new HolderSource({
      blockfrostBaseUrl: fake.base,
      blockfrostProjectId: 'mainnetTestKey',
      retries: 0,
    });
    const result = await source.holders({ cardano: UNIT }, 'cardano');
    const facts = result.holders!.value;
    const total = 500_000 + 249 * 1000;
    expect(facts.holderCount).toBe(250);
    expect(facts.top10Share).toBeCloseTo((500_000 + 9 * 1000) / total);
    expect(facts.largest[0]).toMatchObject({
      address: 'addr1w0script',
      label: expect.stringMatching(/^Contract: script/),
    });
    expect(facts.top10ShareExcludingLabelled).toBeCloseTo((10 * 1000) / total);
    expect(fake.seen.filter((s) => s.url.includes('/addresses'))).toHaveLength(3);
    expect(result.holders!.source.title).toMatch(/SNEK/);
  });

  it('does not rank a token held by more addresses than the page budget', async () => {
    blockfrost(350);
    const source = new HolderSource({
      blockfrostBaseUrl: fake.base,
      blockfrostProjectId: 'mainnetTestKey',
      blockfrostMaxPages: 3,
      retries: 0,
    });
    const result = await source.holders({ cardano: UNIT });
    expect(result.holders).toBeUndefined();
    expect(result.gap!.reason).toMatch(/more than 300 addresses/);
  });

  it('says plainly that Cardano holders need a mainnet project id', async () => {
    const result = await new HolderSource({}).holders({ cardano: UNIT });
    expect(result.gap).toMatchObject({
      source: 'Blockfrost',
      reason: expect.stringMatching(/no mainnet project id/),
    });
  });
});

describe('which chain and which labels', () => {
  it('prefers the coin’s own platform, then Ethereum, Solana, Cardano; native coins have none', () => {
    expect(holderChainFor({ solana: 'S', ethereum: '0xE' }, 'solana')).toEqual({
      chain: 'solana',
      address: 'S',
    });
    expect(holderChainFor({ 'binance-smart-chain': '0xB', ethereum: '0xE' }, 'binance-smart-chain')).toEqual({
      chain: 'ethereum',
      address: '0xE',
    });
    expect(holderChainFor({}, undefined)).toBeUndefined();
  });

  it('labels from the cited list case-insensitively and leaves unknown wallets unlabelled', () => {
    expect(walletLabel('ethereum', BINANCE_14.toUpperCase().replace('0X', '0x'))).toMatch(/Binance/);
    expect(walletLabel('ethereum', '0x000000000000000000000000000000000000dead')).toMatch(/^Burn/);
    expect(walletLabel('ethereum', '0x1234567890123456789012345678901234567890')).toBeUndefined();
    const facts = concentration('ethereum', [{ address: '0xabc', share: 0.3 }]);
    expect(facts).toEqual({ top10Share: 0.3, largest: [{ address: '0xabc', share: 0.3 }] });
  });
});

describe('provider limits', () => {
  it('retries Ethplorer’s limit answer (recorded 429) with backoff, then says what Ethplorer said', async () => {
    const limited = recorded('ethplorer-429-request-limit');
    fake.handler = (_req, res) => sendRecorded(res, limited);
    const result = await new HolderSource({ ethplorerBaseUrl: fake.base, retries: 1 }).holders({
      ethereum: USDT,
    });
    expect(result.gap).toEqual({
      source: 'Ethplorer',
      facts: ['holders'],
      reason: 'Ethplorer: HTTP 429 (Request limit is reached for your API key)',
    });
    // Both calls are asked twice (the second call's retry may still be on its way: wait for it).
    await vi.waitFor(() => expect(fake.seen).toHaveLength(4));
    expect(fake.seen.filter((s) => s.url.startsWith(`/getTokenInfo/${USDT}`))).toHaveLength(2);
    expect(fake.seen[0]!.url).toContain('apiKey=freekey');
  });

  it('keeps Ethplorer’s free-key limits across reports: 2 calls a second, and a refusal with the reason once the hour’s calls are spent', async () => {
    ethplorer([{ address: BINANCE_14, balance: 1, share: 10 }]);
    const limiter = new RateLimiter({
      source: 'Ethplorer',
      windows: [
        { calls: 2, perMs: 1_000 },
        { calls: 6, perMs: 3_600_000 },
      ],
    });
    const started = Date.now();
    // Two tokens (two calls each) at once: the second pair waits for the next second.
    const [first, second] = await Promise.all([
      new HolderSource({ ethplorerBaseUrl: fake.base, ethplorerLimiter: limiter, retries: 0 }).holders({
        ethereum: USDT,
      }),
      new HolderSource({ ethplorerBaseUrl: fake.base, ethplorerLimiter: limiter, retries: 0 }).holders({
        ethereum: USDT,
      }),
    ]);
    expect(first.holders).toBeDefined();
    expect(second.holders).toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    await new HolderSource({ ethplorerBaseUrl: fake.base, ethplorerLimiter: limiter, retries: 0 }).holders({
      ethereum: USDT,
    });
    const spent = await new HolderSource({
      ethplorerBaseUrl: fake.base,
      ethplorerLimiter: limiter,
      retries: 0,
    }).holders({ ethereum: USDT });
    expect(spent.gap?.reason).toMatch(/Ethplorer: its limit of 6 calls an hour is used up/);
    expect(fake.seen).toHaveLength(6);
  });
  it('keeps every window of Ethplorer’s free key by default: 2 a second, 20 a minute, 100 an hour, 1,000 a day, 3,000 a week', async () => {
    // Ethplorer's API wiki states the free key's limits per second, minute, hour, day and week.
    let now = 0;
    const limiter = new RateLimiter({
      source: 'Ethplorer',
      windows: ethplorerLimits(loadConfig({ NODE_ENV: 'test' })),
      now: () => now,
    });
    /** Calls spaced `stepMs` apart until one is refused; the refusal's words and the calls made. */
    const runUntilRefused = async (stepMs: number) => {
      for (let calls = 0; ; calls += 1) {
        try {
          await limiter.acquire();
        } catch (error) {
          return { calls, reason: (error as Error).message };
        }
        now += stepMs;
      }
    };
    // Two a second pass; the 21st call of the minute is refused (its wait exceeds 30 s).
    expect(await runUntilRefused(500)).toEqual({
      calls: 20,
      reason: expect.stringMatching(/^Ethplorer: its limit of 20 calls a minute is used up/),
    });
    now += 60_000;
    // Three a minute stay under the minute's limit: the hour's 100 end them.
    const hour = await runUntilRefused(3_100);
    expect(hour.reason).toMatch(/its limit of 100 calls an hour is used up/);
    // An hour's 100 calls at a time: the day's 1,000 end them.
    let day: { calls: number; reason: string } | undefined;
    for (let hours = 0; hours < 30 && !day?.reason.includes('a day'); hours += 1) {
      now += 3_600_000;
      day = await runUntilRefused(3_100);
    }
    expect(day?.reason).toMatch(/its limit of 1000 calls a day is used up/);
    // A day's 1,000 at a time: the week's 3,000 end them.
    let week: { calls: number; reason: string } | undefined;
    for (let hours = 0; hours < 24 * 7 && !week?.reason.includes('a week'); hours += 1) {
      now += 3_600_000;
      week = await runUntilRefused(3_100);
    }
    expect(week?.reason).toMatch(/its limit of 3000 calls a week is used up/);
  });
});
