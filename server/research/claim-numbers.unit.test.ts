import { describe, expect, it } from 'vitest';
import { unsupportedNumbers } from './claim-numbers';

// The LLM writer's numbers are checked against the fact they restate, with scale, kind and the
// thing counted: digits that merely occur somewhere in the evidence pack are not support.

const pack = JSON.stringify({
  facts: [
    'Market value: $3.9 million.',
    'Trades on 14 exchanges with a median spread of 0.35%.',
    '2 independent security audits recorded, by Trail of Bits and OpenZeppelin, the latest from 2022.',
    'Launched on 2020-10-02, 6.1 years ago.',
  ],
  sources: [
    {
      title: 'CoinGecko',
      url: 'https://www.coingecko.com/en/coins/aave',
      retrievedAt: '2026-11-22T00:00:00Z',
    },
  ],
  ruleScore: 3,
  athChangeRatio: -0.612,
  tvlUsd: 21000000000,
});

describe('numbers in LLM text', () => {
  it('accepts a number that restates a fact with its scale, kind and counted thing', () => {
    expect(
      unsupportedNumbers(
        'Aave is worth $3.9 million, trades on 14 exchanges, has two independent audits (the latest from 2022), launched on 2020-10-02, scores 3/5, sits 61% below its peak and locks $21 billion.',
        pack,
      ),
    ).toEqual([]);
  });

  it('rejects the right digits at the wrong scale', () => {
    expect(unsupportedNumbers('Aave is worth $3.9 billion.', pack)).toEqual(['number $3.9 billion']);
    expect(unsupportedNumbers('Aave is worth $3.9M.', pack)).toEqual([]);
  });

  it('rejects a count whose digits only occur in a date or a retrieval time', () => {
    expect(unsupportedNumbers('Aave trades on 22 exchanges.', pack)).toEqual(['number 22 exchanges']);
    expect(unsupportedNumbers('Aave trades on 11 exchanges.', pack)).toEqual(['number 11 exchanges']);
  });

  it('rejects a count of the wrong thing, and spelled-out numbers the pack does not hold', () => {
    expect(unsupportedNumbers('Aave has 14 audits.', pack)).toEqual(['number 14 audits']);
    expect(unsupportedNumbers('Aave has three independent audits.', pack)).toEqual([
      'number three independent audits',
    ]);
    // "one of" is not a count.
    expect(unsupportedNumbers('Aave is one of the larger lending protocols.', pack)).toEqual([]);
  });

  it('rejects money that restates a percent, and a date the pack does not hold', () => {
    expect(unsupportedNumbers('It costs $0.35 to trade.', pack)).toEqual(['number $0.35']);
    expect(unsupportedNumbers('Launched on 2020-10-03.', pack)).toEqual(['date 2020-10-03']);
  });
  it('matches a number without a unit only to a number without one: never money, a percent or a count', () => {
    const rankless = JSON.stringify({
      facts: ['Trades on 22 exchanges.', 'Daily volume: $22 million.', 'Median spread: 22%.'],
      exchangeCount: 22,
      volumeUsd: 22_000_000,
    });
    expect(unsupportedNumbers('Aave ranks 22nd by market value.', rankless)).toEqual(['number 22']);
    // The rank itself, as a fact or as the pack's field, is what "22nd" restates.
    expect(
      unsupportedNumbers(
        'Aave ranks 22nd by market value.',
        JSON.stringify({ facts: ['Market-cap rank: 22.'] }),
      ),
    ).toEqual([]);
    expect(
      unsupportedNumbers('Aave ranks 22nd by market value.', JSON.stringify({ marketCapRank: 22 })),
    ).toEqual([]);
  });
});
