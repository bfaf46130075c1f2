import type { AssetKind, LiquidityFacts, PriceHistoryFacts, TvlTrendFacts } from '../evidence';

// Pure figures derived from raw source data (price series, tickers, TVL series, categories).
// No I/O here: each rule is unit-tested on its own.

const DAY_MS = 86_400_000;

/** Largest peak-to-trough fall over the series, as a positive ratio (0.55 = 55%). */
export function maxDrawdown(prices: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const price of prices) {
    if (!(price > 0)) continue;
    if (price > peak) peak = price;
    else worst = Math.max(worst, (peak - price) / peak);
  }
  return worst;
}

/** Annualised standard deviation of daily log returns (365 trading days a year: crypto never closes). */
export function annualisedVolatility(dailyPrices: readonly number[]): number {
  const positive = dailyPrices.filter((p) => p > 0);
  const returns: number[] = [];
  for (let i = 1; i < positive.length; i += 1) returns.push(Math.log(positive[i]! / positive[i - 1]!));
  if (returns.length < 2) return 0;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance) * Math.sqrt(365);
}

/**
 * Drawdown and volatility from a [timestamp ms, price] series. CoinGecko answers daily points
 * for 365 days plus the latest price; one point per calendar day is kept (the last of the day).
 * Fewer than 30 days of prices are not enough to say anything: undefined.
 */
export function priceHistoryFacts(
  series: readonly (readonly [number, number])[],
): PriceHistoryFacts | undefined {
  const byDay = new Map<number, number>();
  for (const [at, price] of [...series].sort((a, b) => a[0] - b[0])) {
    if (Number.isFinite(at) && price > 0) byDay.set(Math.floor(at / DAY_MS), price);
  }
  const prices = [...byDay.values()];
  if (prices.length < 30) return undefined;
  return {
    maxDrawdown: maxDrawdown(prices),
    annualisedVolatility: annualisedVolatility(prices),
    days: prices.length,
  };
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface TickerInput {
  exchangeId?: string | undefined;
  volumeUsd?: number | undefined;
  /** CoinGecko's bid_ask_spread_percentage (0.1 = 0.1%). */
  spreadPercent?: number | undefined;
  depthUpUsd?: number | undefined;
  depthDownUsd?: number | undefined;
  stale?: boolean | undefined;
  anomaly?: boolean | undefined;
}

/** Markets the spread and depth figures are taken over: the asset's most traded ones. */
export const TOP_MARKETS = 10;

/**
 * Exchange count over all live markets; median spread and summed ±2% depth over the
 * TOP_MARKETS markets by USD volume. Stale and anomalous tickers are left out (CoinGecko flags them).
 */
export function liquidityFacts(tickers: readonly TickerInput[]): LiquidityFacts | undefined {
  const live = tickers.filter((t) => !t.stale && !t.anomaly);
  if (live.length === 0) return undefined;
  const exchanges = new Set(live.map((t) => t.exchangeId).filter(Boolean));
  const top = [...live].sort((a, b) => (b.volumeUsd ?? 0) - (a.volumeUsd ?? 0)).slice(0, TOP_MARKETS);
  const spreads = top
    .map((t) => t.spreadPercent)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s) && s >= 0);
  const sum = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0);
    return known.length ? known.reduce((a, b) => a + b, 0) : undefined;
  };
  const spread = median(spreads);
  const up = sum(top.map((t) => t.depthUpUsd));
  const down = sum(top.map((t) => t.depthDownUsd));
  return {
    exchangeCount: exchanges.size,
    ...(spread !== undefined ? { medianSpread: spread / 100 } : {}),
    ...(up !== undefined ? { depthPlus2Usd: up } : {}),
    ...(down !== undefined ? { depthMinus2Usd: down } : {}),
  };
}

/**
 * Current TVL and its change over 30 and 365 days, from a [{date (s), totalLiquidityUSD}] series.
 * A change is given only when the series reaches back that far (within a week's tolerance).
 */
export function tvlTrend(
  series: readonly { date: number; totalLiquidityUSD: number }[],
): TvlTrendFacts | undefined {
  const points = series
    .filter((p) => Number.isFinite(p.date) && Number.isFinite(p.totalLiquidityUSD))
    .sort((a, b) => a.date - b.date);
  const last = points.at(-1);
  if (!last) return undefined;
  const changeOver = (days: number) => {
    const target = last.date - days * 86_400;
    let best: (typeof points)[number] | undefined;
    for (const p of points) if (p.date <= target) best = p;
    if (!best || target - best.date > 7 * 86_400 || best.totalLiquidityUSD <= 0) return undefined;
    return last.totalLiquidityUSD / best.totalLiquidityUSD - 1;
  };
  const change30d = changeOver(30);
  const change365d = changeOver(365);
  return {
    currentUsd: last.totalLiquidityUSD,
    ...(change30d !== undefined ? { change30d } : {}),
    ...(change365d !== undefined ? { change365d } : {}),
  };
}

/** Chain names for CoinGecko asset platform ids, as a buyer reads them. */
const PLATFORM_NAMES: Record<string, string> = {
  ethereum: 'Ethereum',
  solana: 'Solana',
  cardano: 'Cardano',
  'binance-smart-chain': 'BNB Smart Chain',
  'polygon-pos': 'Polygon',
  'arbitrum-one': 'Arbitrum',
  'optimistic-ethereum': 'Optimism',
  base: 'Base',
  avalanche: 'Avalanche',
  tron: 'Tron',
  'the-open-network': 'TON',
};

export function platformName(platformId: string): string {
  return (
    PLATFORM_NAMES[platformId] ??
    platformId
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/**
 * What an asset is, from CoinGecko's categories and platform. Stablecoin and meme win over
 * everything (they say most about the risk); then exchange tokens, layer 2s, DeFi; a coin on
 * another chain is a token; anything else with its own chain is a layer 1.
 */
export function assetKind(categories: readonly string[], platformId: string | null | undefined): AssetKind {
  const has = (pattern: RegExp) => categories.some((c) => pattern.test(c));
  if (has(/stablecoin/i)) return 'stablecoin';
  if (has(/\bmeme/i)) return 'meme';
  if (has(/exchange-based|centralized exchange|\bcex\b/i)) return 'exchange';
  if (has(/layer 2|\bl2\b|rollup/i)) return 'layer2';
  if (has(/decentralized finance|\bdefi\b|lending|decentralized exchange|\bdex\b|yield|liquid staking/i))
    return 'defi';
  if (platformId) return 'token';
  return 'layer1';
}
