import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_ASSETS } from '../../sources/snapshot-data';
import { TOKEN_CONTRACT_MAP } from './token-contract-map';
import { parseTokenLabels, tokenContractsOf } from './token-labels';

// dawsbot/eth-labels data/csv/tokens.csv (commit bdbdccc): its header and every row of five
// contracts (Tether, Synthetix current and old, FLOKI without a website, Aerodrome on Base).
const text = readFileSync(new URL('fixtures/eth-labels-tokens.csv', import.meta.url), 'utf8');
const symbolOf = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)?.symbol;

describe('eth-labels token contracts', () => {
  const rows = parseTokenLabels(text, 'data/csv/tokens.csv');

  it('reads every row: address, chain id, label, name, symbol and website', () => {
    expect(rows).toHaveLength(text.trim().split('\n').length - 1);
    expect(rows.find((r) => r.label === 'bitfinex')).toEqual({
      address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
      chainId: 1,
      label: 'bitfinex',
      name: 'Tether USD',
      symbol: 'USDT',
      website: 'https://tether.to/',
    });
    // The file writes a missing website as a bare null.
    expect(rows.find((r) => r.symbol === 'FLOKI')?.website).toBeUndefined();
    expect(rows.find((r) => r.symbol === 'AERO')?.chainId).toBe(8453);
  });

  it('gives a mapped token its contract with every label the file puts on it, and its whole name', () => {
    const [tether, synthetix] = tokenContractsOf(
      rows,
      {
        tether: TOKEN_CONTRACT_MAP.tether!,
        havven: { chainId: 1, addresses: ['0xc011a73ee8576fb46f5e1c5751ca3b9fe0af2a6f'] },
      },
      symbolOf,
    );
    expect(tether?.contracts).toEqual([
      {
        address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
        name: 'Tether USD',
        symbol: 'USDT',
        website: 'https://tether.to/',
        labels: ['bitfinex', 'stablecoin', 'tether'],
      },
    ]);
    expect(synthetix?.contracts[0]?.name).toBe('Synthetix Network Token');
  });

  it('refuses a mapped address the file lacks, on another chain, or under another symbol', () => {
    const absent = { tether: { chainId: 1, addresses: ['0x0000000000000000000000000000000000000001'] } };
    expect(() => tokenContractsOf(rows, absent, symbolOf)).toThrow(/is not in the file/);
    const otherChain = { tether: { chainId: 56, addresses: ['0xdac17f958d2ee523a2206206994597c13d831ec7'] } };
    expect(() => tokenContractsOf(rows, otherChain, symbolOf)).toThrow(/on chain 56 is not in the file/);
    const otherSymbol = {
      'usd-coin': { chainId: 1, addresses: ['0xdac17f958d2ee523a2206206994597c13d831ec7'] },
    };
    expect(() => tokenContractsOf(rows, otherSymbol, symbolOf)).toThrow(/is USDT in the file, not USDC/);
    expect(() => parseTokenLabels(text.replace('0xdac17f', '0xDAC17F'), 'data/csv/tokens.csv')).toThrow(
      /line \d+: .+ is not a lower-case address/,
    );
  });
});
