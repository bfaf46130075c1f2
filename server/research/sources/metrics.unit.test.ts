import { describe, expect, it } from 'vitest';
import {
  annualisedVolatility,
  assetKind,
  liquidityFacts,
  maxDrawdown,
  platformName,
  priceHistoryFacts,
  tvlTrend,
} from './metrics';

const DAY = 86_400_000;

describe('price history', () => {
  it('measures the largest peak-to-trough fall, not the fall from the first price', () => {
    expect(maxDrawdown([100, 120, 60, 90, 150, 75])).toBeCloseTo(0.5);
    expect(maxDrawdown([10, 20, 30])).toBe(0);
    expect(maxDrawdown([100, 80, 120, 30])).toBeCloseTo(0.75);
  });

  it('annualises the daily log-return deviation over 365 days', () => {
    // Alternating +10% / -10% log returns: sample deviation ≈ 0.1 a day.
    const prices = [100];
    for (let i = 1; i <= 100; i += 1) prices.push(prices[i - 1]! * Math.exp(i % 2 ? 0.1 : -0.1));
    expect(annualisedVolatility(prices)).toBeCloseTo(0.1 * Math.sqrt(365) * Math.sqrt(100 / 99), 2);
    expect(annualisedVolatility(Array(50).fill(5))).toBe(0);
  });

  it('keeps one price a day (CoinGecko adds the latest price to the daily series) and needs 30 days', () => {
    const start = Date.UTC(2025, 10, 22);
    const series: [number, number][] = Array.from({ length: 40 }, (_, i) => [start + i * DAY, 100 - i]);
    series.push([start + 39 * DAY + 3_600_000, 50]); // same day as the last point: replaces it
    const facts = priceHistoryFacts(series)!;
    expect(facts.days).toBe(40);
    expect(facts.maxDrawdown).toBeCloseTo(0.5);
    expect(priceHistoryFacts(series.slice(0, 20))).toBeUndefined();
  });
});

describe('liquidity from tickers', () => {
  it('counts distinct exchanges and takes spread and ±2% depth over the most traded markets', () => {
    const tickers = [
      { exchangeId: 'binance', volumeUsd: 9e8, spreadPercent: 0.01, depthUpUsd: 5e6, depthDownUsd: 4e6 },
      { exchangeId: 'binance', volumeUsd: 5e8, spreadPercent: 0.02, depthUpUsd: 3e6, depthDownUsd: 3e6 },
      { exchangeId: 'coinbase', volumeUsd: 4e8, spreadPercent: 0.03, depthUpUsd: 2e6, depthDownUsd: 1e6 },
      { exchangeId: 'kraken', volumeUsd: 1e8, spreadPercent: 0.5 },
      // Flagged by CoinGecko: ignored entirely.
      { exchangeId: 'shady', volumeUsd: 9e9, spreadPercent: 5, depthUpUsd: 1e9, anomaly: true },
      { exchangeId: 'old', volumeUsd: 1e3, spreadPercent: 5, stale: true },
    ];
    expect(liquidityFacts(tickers)).toEqual({
      exchangeCount: 3,
      medianSpread: 0.00025,
      depthPlus2Usd: 1e7,
      depthMinus2Usd: 8e6,
    });
  });

  it('uses only the 10 largest markets for spread and depth', () => {
    const tickers = Array.from({ length: 30 }, (_, i) => ({
      exchangeId: `x${i}`,
      volumeUsd: 1000 - i,
      spreadPercent: i < 10 ? 0.1 : 9,
      depthUpUsd: 1,
    }));
    const facts = liquidityFacts(tickers)!;
    expect(facts.exchangeCount).toBe(30);
    expect(facts.medianSpread).toBeCloseTo(0.001);
    expect(facts.depthPlus2Usd).toBe(10);
    expect(facts.depthMinus2Usd).toBeUndefined();
  });

  it('says nothing without a live market', () => {
    expect(liquidityFacts([])).toBeUndefined();
    expect(liquidityFacts([{ exchangeId: 'a', stale: true }])).toBeUndefined();
  });
});

describe('TVL trend', () => {
  const day = 86_400;
  const series = Array.from({ length: 400 }, (_, i) => ({
    date: 1_700_000_000 + i * day,
    totalLiquidityUSD: 1000 + i,
  }));

  it('compares the latest TVL with 30 and 365 days earlier', () => {
    const trend = tvlTrend(series)!;
    expect(trend.currentUsd).toBe(1399);
    expect(trend.change30d).toBeCloseTo(1399 / 1369 - 1);
    expect(trend.change365d).toBeCloseTo(1399 / 1034 - 1);
  });

  it('leaves a change out when the series does not reach back that far', () => {
    const trend = tvlTrend(series.slice(-100))!;
    expect(trend.change30d).toBeDefined();
    expect(trend.change365d).toBeUndefined();
    expect(tvlTrend([])).toBeUndefined();
  });
});

describe('asset kind and platform', () => {
  it('names what the asset is from its categories and platform', () => {
    expect(assetKind(['Stablecoins', 'Ethereum Ecosystem'], 'ethereum')).toBe('stablecoin');
    expect(assetKind(['Meme', 'Solana Meme'], 'solana')).toBe('meme');
    expect(assetKind(['Layer 2 (L2)', 'Optimism Ecosystem'], null)).toBe('layer2');
    expect(assetKind(['Decentralized Finance (DeFi)', 'Lending/Borrowing'], 'ethereum')).toBe('defi');
    expect(assetKind(['Centralized Exchange (CEX) Token'], 'binance-smart-chain')).toBe('exchange');
    expect(assetKind(['Gaming'], 'ethereum')).toBe('token');
    expect(assetKind(['Smart Contract Platform', 'Layer 1 (L1)'], null)).toBe('layer1');
    expect(platformName('binance-smart-chain')).toBe('BNB Smart Chain');
    expect(platformName('some-new-chain')).toBe('Some New Chain');
  });
});
