// Reads the market files copied in smoothbrainquant/trading-for-new-dads (data/raw/) and the
// Bitcoin daily history of RobACA2026/operational-governance-engine (btc-usd-max.csv), whole, and
// derives what the offline demo keeps (decision 0241): every monthly CoinMarketCap top-200 row
// (rank, price, market cap, circulating supply, 24-hour volume) per asset, CoinGecko's market
// row of 2025-11-03 (supply, maximum, FDV) and, from Bitcoin's daily closes, its first priced
// day, its last year of closes and its deepest fall. Pure: the build script feeds it file texts.

/** One row of a monthly CoinMarketCap snapshot, as the file states it. */
export interface CmcMonthlyRow {
  /** The snapshot day, YYYY-MM-DD. */
  date: string;
  rank: number;
  name: string;
  symbol: string;
  marketCapUsd: number;
  priceUsd: number;
  circulatingSupply: number;
  volume24hUsd: number;
}

const CMC_HEADER =
  'Rank,Name,Symbol,Market Cap,Price,Circulating Supply,Volume (24h),% 1h,% 24h,% 7d,snapshot_date';

/** Splits one CSV line, honouring double quotes ("a, b" is one field). */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

function csvLines(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

function numberOf(text: string, what: string, where: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new Error(`${where}: ${what} "${text}" is not a number`);
  return value;
}

const snapshotDay = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** Every row of one monthly file; a changed header or a malformed row stops the build. */
export function parseCmcMonthly(text: string, path: string): CmcMonthlyRow[] {
  const [header, ...rows] = csvLines(text);
  if (header !== CMC_HEADER) throw new Error(`${path}: unexpected header ${header}`);
  return rows.map((line, index) => {
    const where = `${path} row ${index + 2}`;
    const f = csvFields(line);
    if (f.length !== 11) throw new Error(`${where}: ${f.length} fields`);
    if (!/^\d{8}$/.test(f[10]!)) throw new Error(`${where}: snapshot_date "${f[10]}"`);
    return {
      date: snapshotDay(f[10]!),
      rank: numberOf(f[0]!, 'Rank', where),
      name: f[1]!,
      symbol: f[2]!,
      marketCapUsd: numberOf(f[3]!, 'Market Cap', where),
      priceUsd: numberOf(f[4]!, 'Price', where),
      circulatingSupply: numberOf(f[5]!, 'Circulating Supply', where),
      volume24hUsd: numberOf(f[6]!, 'Volume (24h)', where),
    };
  });
}

/** A CoinMarketCap listing (name and symbol as the files spell them), over the months it denotes the asset. */
export interface CmcListing {
  name: string;
  symbol: string;
  /** First and last snapshot month (YYYY-MM) the listing denotes this asset; open when absent. */
  from?: string;
  to?: string;
  /**
   * The same asset under a predecessor or successor token counted in other units (Maker's SKY):
   * its rows form a series of their own, tied to the asset by `sameAsset`.
   */
  ownUnits?: true;
}

/** One month of an asset: [snapshot index, rank, price, market cap, circulating supply, 24h volume]. */
export type MonthlyPoint = [number, number, number, number, number, number];

export interface MonthlyAsset {
  /** The catalogue's CoinGecko id, or null for an asset outside the catalogue. */
  id: string | null;
  /** Stable identity: the CoinGecko id, else "cmc:<name>|<symbol>" as the files spell them. */
  key: string;
  listings: { name: string; symbol: string }[];
  points: MonthlyPoint[];
  /** For a series in other units (an `ownUnits` listing): the catalogue asset it is. */
  sameAsset?: string;
}

const inListing = (listing: CmcListing, row: CmcMonthlyRow) =>
  listing.name === row.name &&
  listing.symbol === row.symbol &&
  (!listing.from || row.date.slice(0, 7) >= listing.from) &&
  (!listing.to || row.date.slice(0, 7) <= listing.to);

/**
 * Groups the monthly rows by asset: a row belongs to the catalogue asset whose reviewed listing
 * covers its name, symbol and month (symbols are reused: Terra's LUNA became LUNC and a new LUNA
 * began), else to its own name and symbol. Two assets claiming one row stop the build.
 */
export function monthlyByAsset(
  snapshots: { date: string; rows: CmcMonthlyRow[] }[],
  map: Readonly<Record<string, readonly CmcListing[]>>,
): { months: string[]; assets: MonthlyAsset[] } {
  const months = snapshots.map((s) => s.date);
  const byKey = new Map<string, MonthlyAsset>();
  snapshots.forEach((snapshot, index) => {
    for (const row of snapshot.rows) {
      const owners = Object.entries(map).filter(([, listings]) => listings.some((l) => inListing(l, row)));
      if (owners.length > 1)
        throw new Error(
          `${row.date} ${row.name} (${row.symbol}) is claimed by ${owners.map(([id]) => id).join(', ')}`,
        );
      const owner = owners[0]?.[0];
      // Another token's units: its own series (key as the files spell it), tied to the asset.
      const ownUnits = owner !== undefined && map[owner]!.some((l) => l.ownUnits && inListing(l, row));
      const id = owner !== undefined && !ownUnits ? owner : null;
      const key = id ?? `cmc:${row.name}|${row.symbol}`;
      const asset: MonthlyAsset = byKey.get(key) ?? {
        id,
        key,
        listings: [],
        points: [],
        ...(ownUnits ? { sameAsset: owner } : {}),
      };
      if (!asset.listings.some((l) => l.name === row.name && l.symbol === row.symbol))
        asset.listings.push({ name: row.name, symbol: row.symbol });
      if (asset.points.some((p) => p[0] === index))
        throw new Error(`${row.date}: ${key} appears twice in one snapshot`);
      // Dollar totals and unit counts to the unit, prices to 8 significant digits: the files'
      // further digits are float noise (130580829149.58699), and the history stays compact.
      asset.points.push([
        index,
        row.rank,
        Number(row.priceUsd.toPrecision(8)),
        Math.round(row.marketCapUsd),
        Math.round(row.circulatingSupply),
        Math.round(row.volume24hUsd),
      ]);
      byKey.set(key, asset);
    }
  });
  return { months, assets: [...byKey.values()] };
}

/** CoinGecko's market row of one coin, as the file states it (null where the file leaves it empty). */
export interface CoinGeckoMarketRow {
  id: string;
  symbol: string;
  name: string;
  priceUsd: number;
  marketCapUsd: number;
  fullyDilutedValuationUsd: number | null;
  volume24hUsd: number;
  circulatingSupply: number;
  totalSupply: number | null;
  maxSupply: number | null;
  /** The retrieval time the file states (UTC, as written). */
  timestamp: string;
}

const COINGECKO_HEADER =
  'symbol,id,name,current_price,market_cap,fully_diluted_valuation,total_volume,circulating_supply,total_supply,max_supply,price_change_percentage_24h,timestamp';

export function parseCoinGeckoMarkets(text: string, path: string): CoinGeckoMarketRow[] {
  const [header, ...rows] = csvLines(text);
  if (header !== COINGECKO_HEADER) throw new Error(`${path}: unexpected header ${header}`);
  return rows.map((line, index) => {
    const where = `${path} row ${index + 2}`;
    const f = csvFields(line);
    if (f.length !== 12) throw new Error(`${where}: ${f.length} fields`);
    const optional = (text: string, what: string) =>
      text.trim() === '' ? null : numberOf(text, what, where);
    return {
      id: f[1]!,
      symbol: f[0]!,
      name: f[2]!,
      priceUsd: numberOf(f[3]!, 'current_price', where),
      marketCapUsd: numberOf(f[4]!, 'market_cap', where),
      fullyDilutedValuationUsd: optional(f[5]!, 'fully_diluted_valuation'),
      volume24hUsd: numberOf(f[6]!, 'total_volume', where),
      circulatingSupply: numberOf(f[7]!, 'circulating_supply', where),
      totalSupply: optional(f[8]!, 'total_supply'),
      maxSupply: optional(f[9]!, 'max_supply'),
      timestamp: f[11]!,
    };
  });
}

/** What the demo keeps of a daily price history, derived from every row of the file. */
export interface DailyHistorySummary {
  /** First and last day with a price. */
  firstPricedDate: string;
  lastPricedDate: string;
  pricedDays: number;
  allTimeHigh: { date: string; priceUsd: number };
  /** The deepest fall from a previous high to a later low over the whole file. */
  deepestFall: { peakDate: string; troughDate: string; ratio: number };
  /** The last 366 priced days: [date, price, market cap, volume] (market cap or volume null when empty). */
  lastYear: [string, number, number | null, number | null][];
}

const DAILY_HEADER = 'event_date,close_price_usd,market_cap_usd,volume_usd';

export function summarizeDailyHistory(text: string, path: string): DailyHistorySummary {
  const [header, ...rows] = csvLines(text);
  if (header !== DAILY_HEADER) throw new Error(`${path}: unexpected header ${header}`);
  const days: [string, number, number | null, number | null][] = [];
  rows.forEach((line, index) => {
    const where = `${path} row ${index + 2}`;
    const f = csvFields(line);
    if (f.length !== 4) throw new Error(`${where}: ${f.length} fields`);
    const date = /^(\d{4}-\d{2}-\d{2}) 00:00:00 UTC$/.exec(f[0]!)?.[1];
    if (!date) throw new Error(`${where}: event_date "${f[0]}"`);
    // A day without a close (the file's last, still open) is not a priced day.
    if (f[1]!.trim() === '') return;
    const optional = (text: string, what: string) =>
      text.trim() === '' ? null : numberOf(text, what, where);
    days.push([
      date,
      numberOf(f[1]!, 'close_price_usd', where),
      optional(f[2]!, 'market_cap_usd'),
      optional(f[3]!, 'volume_usd'),
    ]);
  });
  if (days.length === 0) throw new Error(`${path}: no priced day`);
  for (let i = 1; i < days.length; i++)
    if (days[i]![0] <= days[i - 1]![0]) throw new Error(`${path}: ${days[i]![0]} out of order`);
  let high = days[0]!;
  let peak = days[0]!;
  let fall = { peakDate: days[0]![0], troughDate: days[0]![0], ratio: 0 };
  for (const day of days) {
    if (day[1] > high[1]) high = day;
    if (day[1] > peak[1]) peak = day;
    const ratio = 1 - day[1] / peak[1];
    if (ratio > fall.ratio) fall = { peakDate: peak[0], troughDate: day[0], ratio };
  }
  return {
    firstPricedDate: days[0]![0],
    lastPricedDate: days.at(-1)![0],
    pricedDays: days.length,
    allTimeHigh: { date: high[0], priceUsd: high[1] },
    deepestFall: fall,
    lastYear: days.slice(-366),
  };
}
