import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import type { MonthlyPoint } from '../datasets/import/market';
import type { Fact, MarketEvidence, PriceHistoryFacts, StablecoinFacts } from '../evidence';
import { datasetRef, datasetSchema, type PublicDataset } from './snapshot-data';

// OFFLINE DEMO ONLY (decision 0241). Market figures from copies of CoinMarketCap's monthly top-200
// snapshots and of CoinGecko's market data, and Bitcoin's daily history, as written by
// scripts/datasets/market.ts into datasets/public/market/market.json from the whole files. The
// copies declare no license: only facts are used, credited to the publisher and to the copy at
// its commit. The file never ships in the production image; without it there are no figures.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const amount = z.number().nonnegative();

const monthlyAssetSchema = z
  .object({
    id: z.string().nullable(),
    key: z.string().min(1),
    listings: z.array(z.object({ name: z.string(), symbol: z.string() }).strict()).min(1),
    points: z.array(
      z.tuple([z.number().int().nonnegative(), z.number().int().positive(), amount, amount, amount, amount]),
    ),
    sameAsset: z.string().optional(),
  })
  .strict();

const marketFileSchema = z
  .object({
    cmcMonthly: z
      .object({
        dataset: datasetSchema,
        publisher: z.string(),
        months: z.array(isoDate).min(1),
        paths: z.array(z.string()),
        assets: z.array(monthlyAssetSchema),
      })
      .strict(),
    coingeckoMarkets: z
      .object({
        dataset: datasetSchema,
        publisher: z.string(),
        path: z.string(),
        records: z.array(
          z
            .object({
              id: z.string(),
              symbol: z.string(),
              name: z.string(),
              priceUsd: amount,
              marketCapUsd: amount,
              fullyDilutedValuationUsd: amount.nullable(),
              volume24hUsd: amount,
              circulatingSupply: amount,
              totalSupply: amount.nullable(),
              maxSupply: amount.nullable(),
              timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}T/),
            })
            .strict(),
        ),
      })
      .strict(),
    bitcoinDaily: z
      .object({
        dataset: datasetSchema,
        publisher: z.string(),
        path: z.string(),
        assetId: z.string(),
        firstPricedDate: isoDate,
        lastPricedDate: isoDate,
        pricedDays: z.number().int().positive(),
        allTimeHigh: z.object({ date: isoDate, priceUsd: amount }).strict(),
        deepestFall: z.object({ peakDate: isoDate, troughDate: isoDate, ratio: z.number() }).strict(),
        lastYear: z.array(z.tuple([isoDate, amount, amount.nullable(), amount.nullable()])).min(2),
      })
      .strict(),
  })
  .strict();
export type MarketFile = z.infer<typeof marketFileSchema>;

export const MARKET_FILE = new URL('../datasets/public/market/market.json', import.meta.url);

/** Reads and validates market.json; undefined when the file is absent (the production image). */
export function loadMarketFile(
  file: URL = MARKET_FILE,
  knownAssets?: ReadonlySet<string>,
): MarketFile | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = marketFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`dataset file market/market.json: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const data = parsed.data;
  const months = data.cmcMonthly.months.length;
  for (const asset of data.cmcMonthly.assets) {
    if (asset.id && knownAssets && !knownAssets.has(asset.id))
      throw new Error(`dataset file market/market.json: ${asset.key} is not in the catalogue`);
    if (asset.points.some((p) => p[0] >= months))
      throw new Error(`dataset file market/market.json: ${asset.key} names a month the file lacks`);
  }
  return data;
}

const short = (dataset: PublicDataset) => dataset.version.slice(0, 7);
const blob = (dataset: PublicDataset, path: string) =>
  `https://github.com/${dataset.name}/blob/${dataset.version}/${path}`;
const dated = (dataset: PublicDataset, date: string) => ({
  publishedAt: date,
  dataset: datasetRef(dataset),
  retrievedAt: `${date}T00:00:00.000Z`,
  live: false,
});
const copyNote = (dataset: PublicDataset) =>
  `as copied in ${dataset.name} at commit ${short(dataset)}; no license declared: facts only, offline demo`;

/** The market figures and history of one catalogue asset, each fact citing the file it is in. */
export interface AssetMarketData {
  evidence: MarketEvidence;
  /** The newest monthly rank, when the asset is in the newest snapshot. */
  rank?: number;
  /** The worst monthly price of a dollar stablecoin, for its peg check. */
  worstDepeg?: NonNullable<StablecoinFacts['worstDepeg']>;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

/**
 * A monthly row older than this before the newest snapshot gives history only (how long the asset
 * has been priced), not figures to score today's asset by: the same window as Coin Metrics' copies.
 */
export const MARKET_FIGURES_MAX_AGE_DAYS = 540;

export function createMarketData(file: MarketFile) {
  const { cmcMonthly, coingeckoMarkets, bitcoinDaily } = file;
  const months = cmcMonthly.months;
  const newestMonth = months.at(-1)!;
  const monthlyById = new Map(cmcMonthly.assets.flatMap((a) => (a.id ? [[a.id, a] as const] : [])));
  // The asset under a predecessor or successor token counted in other units (Maker's SKY): its
  // own series, for the asset's age and its dollar figures, never for its prices or supply.
  const otherUnitsById = new Map<string, MarketFile['cmcMonthly']['assets']>();
  for (const series of cmcMonthly.assets)
    if (series.sameAsset)
      otherUnitsById.set(series.sameAsset, [...(otherUnitsById.get(series.sameAsset) ?? []), series]);
  const coingeckoById = new Map(coingeckoMarkets.records.map((r) => [r.id, r]));

  const monthFile = (index: number) => cmcMonthly.paths[index]!;
  const monthSource = (index: number, name: string): Source => ({
    title: `${cmcMonthly.publisher} top-200 snapshot of ${months[index]}: ${name} (${monthFile(index)}, ${copyNote(cmcMonthly.dataset)})`,
    url: blob(cmcMonthly.dataset, monthFile(index)),
    ...dated(cmcMonthly.dataset, months[index]!),
  });
  /** Every monthly file read, as one source dated by the asset's last month in them. */
  const historySource = (name: string, first: number, last: number): Source => ({
    title: `${cmcMonthly.publisher} monthly top-200 snapshots ${months[0]} to ${newestMonth} (data/raw/coinmarketcap_monthly_*.csv, ${months.length} files, ${copyNote(cmcMonthly.dataset)}): ${name} listed from ${months[first]} to ${months[last]}`,
    url: `https://github.com/${cmcMonthly.dataset.name}/tree/${cmcMonthly.dataset.version}/data/raw`,
    ...dated(cmcMonthly.dataset, months[last]!),
  });
  const coingeckoSource = (name: string, day: string): Source => ({
    title: `${coingeckoMarkets.publisher} market data of ${day}: ${name} (${coingeckoMarkets.path}, ${copyNote(coingeckoMarkets.dataset)})`,
    url: blob(coingeckoMarkets.dataset, coingeckoMarkets.path),
    ...dated(coingeckoMarkets.dataset, day),
  });
  const bitcoinSource = (): Source => ({
    title: `Bitcoin daily price, market cap and volume ${bitcoinDaily.firstPricedDate} to ${bitcoinDaily.lastPricedDate} (${bitcoinDaily.path}, ${bitcoinDaily.publisher}'s export, ${copyNote(bitcoinDaily.dataset)})`,
    url: blob(bitcoinDaily.dataset, bitcoinDaily.path),
    ...dated(bitcoinDaily.dataset, bitcoinDaily.lastPricedDate),
  });

  function marketData(asset: { id: string; name: string; kind: string }): AssetMarketData | undefined {
    const monthly = monthlyById.get(asset.id);
    const otherUnits = otherUnitsById.get(asset.id) ?? [];
    const coingecko = coingeckoById.get(asset.id);
    const bitcoin = bitcoinDaily.assetId === asset.id ? bitcoinDaily : undefined;
    if (!monthly && !otherUnits.length && !coingecko && !bitcoin) return undefined;
    const evidence: MarketEvidence = {};
    const out: AssetMarketData = { evidence };
    const fact = <T>(value: T, source: Source): Fact<T> => ({ value, source });

    const points = monthly?.points ?? [];
    const newest = points.at(-1);
    const current =
      newest && daysBetween(months[newest[0]]!, newestMonth) <= MARKET_FIGURES_MAX_AGE_DAYS
        ? newest
        : undefined;
    if (current && current[0] === months.length - 1) out.rank = current[1];
    // The newest dollar figures of the asset under any of its tokens (Maker's newest are SKY's):
    // market cap and volume are in dollars, whatever the token's units.
    const withinWindow = (point: MonthlyPoint | undefined) =>
      point && daysBetween(months[point[0]]!, newestMonth) <= MARKET_FIGURES_MAX_AGE_DAYS ? point : undefined;
    const newestDollars = [
      ...(current ? [{ point: current, name: asset.name }] : []),
      ...otherUnits.flatMap((series) => {
        const point = withinWindow(series.points.at(-1));
        return point ? [{ point, name: listingName(series, asset.name) }] : [];
      }),
    ].sort((a, b) => b.point[0] - a.point[0])[0];

    // Point-in-time figures: CoinGecko's row (2025-11-03, with total and maximum supply) when it
    // lists the asset, else the asset's newest monthly row within the window.
    if (coingecko) {
      const day = coingecko.timestamp.slice(0, 10);
      const source = coingeckoSource(asset.name, day);
      if (coingecko.marketCapUsd > 0) evidence.marketCapUsd = fact(coingecko.marketCapUsd, source);
      else if (newestDollars && newestDollars.point[3] > 0)
        // CoinGecko's row states no market cap (Maker's, after its move to SKY): the monthly
        // files' newest one is the asset's, not "no evidence".
        evidence.marketCapUsd = fact(
          newestDollars.point[3],
          monthSource(newestDollars.point[0], newestDollars.name),
        );
      evidence.volume24hUsd = fact(coingecko.volume24hUsd, source);
      if (!(coingecko.circulatingSupply > 0) && current && current[4] > 0)
        evidence.supply = fact(
          { circulating: current[4], total: null, max: null, maxUnknown: true },
          monthSource(current[0], asset.name),
        );
      if (coingecko.circulatingSupply > 0)
        evidence.supply = fact(
          {
            circulating: coingecko.circulatingSupply,
            total: coingecko.totalSupply,
            // CoinGecko leaves max_supply empty for an asset without a cap (as its live API does).
            max: coingecko.maxSupply,
          },
          source,
        );
      if (coingecko.priceUsd > 0)
        evidence.valuation = fact(
          {
            priceUsd: coingecko.priceUsd,
            marketCapUsd: coingecko.marketCapUsd || null,
            fullyDilutedUsd: coingecko.fullyDilutedValuationUsd,
            circulating: coingecko.circulatingSupply || null,
            total: coingecko.totalSupply,
            max: coingecko.maxSupply,
          },
          source,
        );
    } else if (newestDollars) {
      const dollars = monthSource(newestDollars.point[0], newestDollars.name);
      if (newestDollars.point[3] > 0) evidence.marketCapUsd = fact(newestDollars.point[3], dollars);
      evidence.volume24hUsd = fact(newestDollars.point[5], dollars);
    }
    if (!coingecko && current) {
      const source = monthSource(current[0], asset.name);
      // The snapshot states the circulating supply only: no total or maximum to compare it with.
      if (current[4] > 0)
        evidence.supply = fact({ circulating: current[4], total: null, max: null, maxUnknown: true }, source);
    }

    // A row too old to score is still stated, with its date, never called missing.
    if (!coingecko && !newestDollars && newest)
      evidence.staleMarket = fact(
        {
          date: months[newest[0]]!,
          marketCapUsd: newest[3],
          volume24hUsd: newest[5],
          circulating: newest[4],
        },
        monthSource(newest[0], asset.name),
      );

    // History: how long the asset has been priced, the longest span the files prove.
    if (bitcoin) {
      // The daily file's last day with a market cap is newer than the market rows: its cap and
      // volume are stated (supply stays CoinGecko's, which states the total and the cap).
      const last = bitcoin.lastYear.findLast((d) => d[2] !== null && d[3] !== null);
      if (last) {
        const source = { ...bitcoinSource(), publishedAt: last[0], retrievedAt: `${last[0]}T00:00:00.000Z` };
        evidence.marketCapUsd = fact(last[2]!, source);
        evidence.volume24hUsd = fact(last[3]!, source);
      }
      evidence.pricedSince = fact(bitcoin.firstPricedDate, bitcoinSource());
      const lastPrice = bitcoin.lastYear.at(-1)?.[1];
      // The daily file states the all-time high: the latest close against it.
      if (lastPrice !== undefined && bitcoin.allTimeHigh.priceUsd > 0)
        evidence.athChangeRatio = fact(lastPrice / bitcoin.allTimeHigh.priceUsd - 1, bitcoinSource());
      evidence.priceHistory = fact(bitcoinYear(bitcoin), bitcoinSource());
      evidence.marketHistory = fact(
        {
          points: bitcoin.lastYear.map(([date, priceUsd, marketCapUsd]) => ({
            date,
            priceUsd,
            ...(marketCapUsd !== null ? { marketCapUsd } : {}),
          })),
        },
        bitcoinSource(),
      );
    } else if (points.length || otherUnits.length) {
      // The earliest month any of its tokens is listed, to the newest: entering the top 200 (or
      // the files' first month) is not a first listing, so the report says "at least since".
      const series = [
        ...(points.length ? [{ first: points[0]![0], last: newest![0], name: asset.name }] : []),
        ...otherUnits.map((other) => ({
          first: other.points[0]![0],
          last: other.points.at(-1)![0],
          name: listingName(other, asset.name),
        })),
      ];
      const earliest = [...series].sort((a, b) => a.first - b.first)[0]!;
      const last = Math.max(...series.map((s) => s.last));
      evidence.pricedSince = fact(
        months[earliest.first]!,
        historySource(earliest.name, earliest.first, last),
      );
      evidence.pricedSinceInTopList = true;
      // The highest and the latest of its monthly prices: a fall the snapshots prove.
      const priced = points.filter((p) => p[2] > 0);
      const latest = priced.at(-1);
      if (latest && priced.length >= 2) {
        const high = priced.reduce((best, p) => (p[2] > best[2] ? p : best));
        evidence.snapshotPrices = fact(
          {
            high: { date: months[high[0]]!, priceUsd: high[2] },
            latest: { date: months[latest[0]]!, priceUsd: latest[2] },
            snapshots: priced.length,
          },
          historySource(asset.name, priced[0]![0], latest[0]),
        );
      }
    }

    // A dollar stablecoin's lowest monthly price over every snapshot it is in.
    if (asset.kind === 'stablecoin' && points.length) {
      const low = points.reduce((worst, p) => (p[2] < worst[2] ? p : worst));
      out.worstDepeg = {
        date: months[low[0]]!,
        low: low[2],
        sampling: `the lowest of its ${points.length} monthly snapshot prices from ${months[points[0]![0]]} to ${months[newest![0]]}, so a fall between snapshots is not seen`,
        source: monthSource(low[0], asset.name),
      };
    }
    return out;
  }

  return {
    marketData,
    newestMonth,
    bitcoinDaily,
    coingeckoDay: coingeckoMarkets.records[0]?.timestamp.slice(0, 10),
  };
}

/** "Sky (SKY), the same asset as Maker / Sky in other units", for a series in another token's units. */
const listingName = (series: MarketFile['cmcMonthly']['assets'][number], assetName: string) => {
  const listing = series.listings[0]!;
  return `${listing.name} (${listing.symbol}), ${assetName} under another token`;
};

/** Volatility, largest fall and return over Bitcoin's last year of daily closes. */
function bitcoinYear(bitcoin: MarketFile['bitcoinDaily']): PriceHistoryFacts {
  const prices = bitcoin.lastYear.map((d) => d[1]);
  const returns = prices.slice(1).map((price, i) => Math.log(price / prices[i]!));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  let peak = prices[0]!;
  let fall = 0;
  for (const price of prices) {
    peak = Math.max(peak, price);
    fall = Math.max(fall, 1 - price / peak);
  }
  return {
    annualisedVolatility: Math.sqrt(variance) * Math.sqrt(365),
    days: prices.length - 1,
    maxDrawdown: fall,
    oneYearReturn: prices.at(-1)! / prices[0]! - 1,
  };
}
