import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import type { Fact, MarketEvidence, OnchainFacts, PriceHistoryFacts } from '../evidence';
import { datasetRef, type PublicDataset } from './snapshot-data';

// OFFLINE DEMO ONLY. Excerpts of coinmetrics/data (Coin Metrics community data, CC BY-NC 4.0:
// no commercial use), one file per asset in server/research/datasets/public/coinmetrics/: the
// values are copied character for character from csv/<symbol>.csv at one commit, never
// recomputed. Production refuses the offline sources, and the live sources' snapshot fallback
// leaves these figures out (see docs/decisions/0171).

export const COIN_METRICS_DATASET = 'coinmetrics/data';
export const COIN_METRICS_LICENSE = 'CC BY-NC 4.0';
export const COIN_METRICS_DIRECTORY = new URL('../datasets/public/coinmetrics/', import.meta.url);

/** The columns an excerpt may hold, in this order (each only when the file's header has it). */
export const COIN_METRICS_COLUMNS = [
  'time',
  'PriceUSD',
  'CapMrktCurUSD',
  'CapMrktEstUSD',
  'SplyCur',
  'AdrActCnt',
  'TxCnt',
  'FeeTotUSD',
  'ROI1yr',
  'ROI30d',
  'VtyDayRet180d',
] as const;
export type CoinMetricsColumn = (typeof COIN_METRICS_COLUMNS)[number];

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A value as the CSV writes it: a plain decimal number, or empty. */
const csvNumber = /^$|^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export const excerptSchema = z
  .object({
    asset: z.string().regex(/^[a-z0-9-]+$/, 'a CoinGecko id'),
    file: z.string().regex(/^csv\/[a-z0-9_.-]+\.csv$/, 'csv/<symbol>.csv'),
    commit: z.string().regex(/^[0-9a-f]{40}$/, 'a full commit hash'),
    totalChars: z.number().int().positive(),
    columns: z.array(z.enum(COIN_METRICS_COLUMNS)),
    rows: z.array(z.array(z.string())).min(1),
    /** The file's first data line (time, BlkCnt, … as its header has them): where the series begins. */
    seriesStart: z
      .object({ columns: z.array(z.string()).min(1), row: z.array(z.string()).min(1) })
      .strict()
      .optional(),
    /** Whether the file counts blocks (BlkCnt): it describes the asset's own chain. */
    hasBlockCount: z.boolean().optional(),
    /** The first priced day within the file's first 16,000 characters, when there is one. */
    firstPriceInWindow: z.tuple([z.string().regex(isoDate), z.string().regex(csvNumber)]).optional(),
  })
  .strict()
  .superRefine((excerpt, ctx) => {
    const order = excerpt.columns.map((column) => COIN_METRICS_COLUMNS.indexOf(column));
    if (excerpt.columns[0] !== 'time' || order.some((index, i) => i > 0 && index <= order[i - 1]!))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'time first, then the documented order' });
    let previous = '';
    excerpt.rows.forEach((row, i) => {
      const problem =
        row.length !== excerpt.columns.length
          ? `${row.length} values for ${excerpt.columns.length} columns`
          : !isoDate.test(row[0]!)
            ? 'a date as YYYY-MM-DD first'
            : row[0]! <= previous
              ? 'rows oldest first, one per date'
              : row.slice(1).find((value) => !csvNumber.test(value)) !== undefined
                ? 'numbers as the file writes them, or empty'
                : undefined;
      if (problem) ctx.addIssue({ code: 'custom', path: ['rows', i], message: problem });
      previous = row[0] ?? previous;
    });
  });
export type CoinMetricsExcerptFile = z.infer<typeof excerptSchema>;

/** One row: its date and the figures it states (an empty cell is no figure). */
export interface CoinMetricsRow {
  date: string;
  values: Partial<Record<Exclude<CoinMetricsColumn, 'time'>, number>>;
}

export interface CoinMetricsExcerpt {
  asset: string;
  file: string;
  commit: string;
  rows: CoinMetricsRow[];
  /** The first day of the file, and whether blocks were counted on it. */
  seriesStart?: { date: string; blocks?: number };
  hasBlockCount?: boolean;
  /** The earliest priced day seen in the file. */
  firstPriceDate?: string;
}

function seriesStartOf(file: CoinMetricsExcerptFile): CoinMetricsExcerpt['seriesStart'] {
  const start = file.seriesStart;
  if (!start) return undefined;
  const date = start.row[start.columns.indexOf('time')] ?? '';
  if (!isoDate.test(date)) return undefined;
  // A block count on the first day, even 0 (Bitcoin's genesis day), means the file records the
  // chain from that day; an empty cell records nothing.
  const cell = start.row[start.columns.indexOf('BlkCnt')] ?? '';
  return { date, ...(cell !== '' ? { blocks: Number(cell) } : {}) };
}

function rowsOf(file: CoinMetricsExcerptFile): CoinMetricsRow[] {
  return file.rows.map((row) => {
    const values: CoinMetricsRow['values'] = {};
    file.columns.forEach((column, i) => {
      const cell = row[i]!;
      if (column !== 'time' && cell !== '') values[column] = Number(cell);
    });
    return { date: row[0]!, values };
  });
}

/** Validates one excerpt file; throws with the file and field of the first problem. */
export function parseExcerpt(name: string, json: unknown): CoinMetricsExcerpt {
  const parsed = excerptSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`dataset file coinmetrics/${name}: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  if (`${parsed.data.asset}.json` !== name)
    throw new Error(`dataset file coinmetrics/${name}: names asset ${parsed.data.asset}`);
  const { asset, file, commit, hasBlockCount, firstPriceInWindow } = parsed.data;
  const seriesStart = seriesStartOf(parsed.data);
  return {
    asset,
    file,
    commit,
    rows: rowsOf(parsed.data),
    ...(seriesStart ? { seriesStart } : {}),
    ...(hasBlockCount !== undefined ? { hasBlockCount } : {}),
    ...(firstPriceInWindow ? { firstPriceDate: firstPriceInWindow[0] } : {}),
  };
}

/**
 * Every excerpt of the directory, by CoinGecko id (none when the directory is absent). An
 * excerpt for an asset the catalogue does not hold stops the load.
 */
export function loadCoinMetricsExcerpts(
  knownAssets: ReadonlySet<string>,
  directory: URL = COIN_METRICS_DIRECTORY,
): Map<string, CoinMetricsExcerpt> {
  const excerpts = new Map<string, CoinMetricsExcerpt>();
  if (!existsSync(directory)) return excerpts;
  for (const name of readdirSync(directory)
    .filter((entry) => entry.endsWith('.json'))
    .sort()) {
    const excerpt = parseExcerpt(name, JSON.parse(readFileSync(new URL(name, directory), 'utf8')));
    if (!knownAssets.has(excerpt.asset))
      throw new Error(`dataset file coinmetrics/${name}: asset ${excerpt.asset} is not in the catalogue`);
    excerpts.set(excerpt.asset, excerpt);
  }
  return excerpts;
}

/** The newest row with a price: rows without PriceUSD are not price rows, and give no figures. */
export function newestPriceRow(excerpt: CoinMetricsExcerpt): CoinMetricsRow | undefined {
  return excerpt.rows.findLast((row) => row.values.PriceUSD !== undefined);
}

/** The dataset as of the excerpt's newest price row (its figures' date). */
export function coinMetricsDataset(excerpt: CoinMetricsExcerpt): PublicDataset | undefined {
  const newest = newestPriceRow(excerpt);
  if (!newest) return undefined;
  return {
    name: COIN_METRICS_DATASET,
    version: excerpt.commit,
    committedAt: newest.date,
    license: COIN_METRICS_LICENSE,
    url: `https://github.com/${COIN_METRICS_DATASET}/tree/${excerpt.commit}`,
  };
}

/** The file at its commit, dated by its newest price row: what every Coin Metrics fact cites. */
export function coinMetricsSource(excerpt: CoinMetricsExcerpt): Source | undefined {
  const dataset = coinMetricsDataset(excerpt);
  if (!dataset) return undefined;
  return {
    title: `Coin Metrics community data, ${excerpt.file} (${COIN_METRICS_DATASET}, commit ${excerpt.commit.slice(0, 7)}; ${COIN_METRICS_LICENSE}, non-commercial use)`,
    url: `https://github.com/${COIN_METRICS_DATASET}/blob/${excerpt.commit}/${excerpt.file}`,
    publishedAt: dataset.committedAt,
    dataset: datasetRef(dataset),
    retrievedAt: `${dataset.committedAt}T00:00:00.000Z`,
    live: false,
  };
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Price rows must span this much for their largest fall to say something about the year. */
const DRAWDOWN_MIN_SPAN_DAYS = 330;

/** Largest fall between the given closes (a lower bound of the true fall between samples). */
function sampledDrawdown(prices: readonly number[]): number {
  let peak = 0;
  let worst = 0;
  for (const price of prices) {
    if (price > peak) peak = price;
    else worst = Math.max(worst, (peak - price) / peak);
  }
  return worst;
}

function priceHistoryOf(excerpt: CoinMetricsExcerpt, newest: CoinMetricsRow): PriceHistoryFacts | undefined {
  // VtyDayRet180d is, in Coin Metrics' own definition (csv/metrics.csv of the dataset), "the
  // standard deviation of the natural log of daily returns over the past 180 days": a daily
  // figure, annualised here over 365 days because crypto trades every day.
  const daily = newest.values.VtyDayRet180d;
  if (daily === undefined) return undefined;
  const priced = excerpt.rows.filter((row) => row.values.PriceUSD !== undefined);
  const first = priced[0]!;
  const span = daysBetween(first.date, newest.date);
  // The excerpt keeps one close a month back a year plus the last few days ("full"), or only
  // the last few days ("tail only"): a drawdown is stated only over a year of samples, and
  // says how coarse they are.
  const drawdown =
    span >= DRAWDOWN_MIN_SPAN_DAYS
      ? {
          maxDrawdown: sampledDrawdown(priced.map((row) => row.values.PriceUSD!)),
          drawdownSampling: `${priced.length} daily closes between ${first.date} and ${newest.date} (about one a month, then daily), so falls between them are not seen`,
        }
      : {};
  return {
    annualisedVolatility: daily * Math.sqrt(365),
    days: 180,
    ...drawdown,
    // ROI1yr is a percentage: "the return on investment assuming a purchase 12 months prior".
    ...(newest.values.ROI1yr !== undefined ? { oneYearReturn: newest.values.ROI1yr / 100 } : {}),
  };
}

function onchainOf(excerpt: CoinMetricsExcerpt): OnchainFacts | undefined {
  const row = excerpt.rows.findLast(
    (r) =>
      r.values.AdrActCnt !== undefined || r.values.TxCnt !== undefined || r.values.FeeTotUSD !== undefined,
  );
  if (!row) return undefined;
  const { AdrActCnt, TxCnt, FeeTotUSD } = row.values;
  return {
    ...(AdrActCnt !== undefined ? { activeAddresses: AdrActCnt } : {}),
    ...(TxCnt !== undefined ? { transactions: TxCnt } : {}),
    ...(FeeTotUSD !== undefined ? { feesUsd: FeeTotUSD } : {}),
    asOf: row.date,
  };
}

/** The same calendar day a year earlier (28 February for a 29th). */
const yearBefore = (date: string) =>
  `${Number(date.slice(0, 4)) - 1}${date.slice(4) === '-02-29' ? '-02-28' : date.slice(4)}`;

/**
 * The market facts one excerpt states, each citing the file at its commit: market cap (Coin
 * Metrics' estimate of the circulating supply at the price, never all units issued), current supply, price statistics, the
 * price and market-cap points for the chart, and on-chain activity.
 */
export function coinMetricsEvidence(
  excerpt: CoinMetricsExcerpt,
  options: { figuresNotBefore?: string; nativeChain?: boolean } = {},
): MarketEvidence {
  const newest = newestPriceRow(excerpt);
  const source = coinMetricsSource(excerpt);
  if (!newest || !source) return {};
  const fact = <T>(value: T): Fact<T> => ({ value, source });
  const evidence: MarketEvidence = {};
  const priced = excerpt.rows.filter((row) => row.values.PriceUSD !== undefined);
  // When the asset first shows in the file (priced, or its chain counting blocks) is history: it
  // stays true however old the copy is, and bounds the asset's age from below.
  const firstDates = [
    priced[0]!.date,
    ...(excerpt.firstPriceDate ? [excerpt.firstPriceDate] : []),
    ...(newest.values.ROI1yr !== undefined ? [yearBefore(newest.date)] : []),
  ];
  evidence.pricedSince = fact(firstDates.sort()[0]!);
  if (excerpt.hasBlockCount && excerpt.seriesStart?.blocks !== undefined)
    evidence.chainRecordedSince = fact(excerpt.seriesStart.date);
  // The file counts the blocks of the asset's own chain: with the catalogue's word that it is a
  // layer 1, the dataset corroborates it.
  if (options.nativeChain && excerpt.hasBlockCount) evidence.chain = fact('layer1' as const);
  // Point-in-time figures (market cap, supply, prices, on-chain activity) older than the cut-off
  // would score today's asset on a market long gone: they are left out, and the report says so.
  if (options.figuresNotBefore && newest.date < options.figuresNotBefore) return evidence;
  const { CapMrktEstUSD, SplyCur } = newest.values;
  // Only the estimate of the supply in circulation: CapMrktCurUSD prices every unit ever issued
  // (Stellar's 104.9B XLM, burned coins included), three times its circulating value.
  const marketCap = CapMrktEstUSD;
  if (marketCap !== undefined && marketCap > 0) evidence.marketCapUsd = fact(marketCap);
  // SplyCur counts every unit issued and visible on the ledger; the dataset states no cap.
  if (SplyCur !== undefined && SplyCur > 0)
    evidence.supply = fact({ circulating: SplyCur, total: null, max: null, maxUnknown: true });
  const history = priceHistoryOf(excerpt, newest);
  if (history) evidence.priceHistory = fact(history);
  evidence.marketHistory = fact({
    points: priced.map((row) => {
      const cap = row.values.CapMrktEstUSD;
      return {
        date: row.date,
        priceUsd: row.values.PriceUSD!,
        ...(cap !== undefined ? { marketCapUsd: cap } : {}),
      };
    }),
  });
  const onchain = onchainOf(excerpt);
  if (onchain) evidence.onchain = fact(onchain);
  return evidence;
}
