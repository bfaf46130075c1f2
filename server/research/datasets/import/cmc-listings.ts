// Reads the CoinMarketCap coin list that sstoeckl/crypto2 (MIT) saved as an R data file
// (tests/testthat/test_data/crypto_list_reference.rds, saved 2024-06-12): one row per coin with
// CoinMarketCap's id, name, symbol, slug and the first and last days CoinMarketCap holds prices
// for. R's serialisation (version 2 or 3, XDR) is read here for the few types a data frame of
// numbers, strings and dates uses; anything else stops the import.
import { gunzipSync } from 'node:zlib';

/** One coin of the list: the first and last days CoinMarketCap holds prices for. */
export interface CmcCoin {
  cmcId: number;
  name: string;
  symbol: string;
  slug: string;
  /** YYYY-MM-DD: CoinMarketCap's first day of price data, its listing. */
  firstDate: string;
  /** YYYY-MM-DD: its last day of price data as of the list's saving. */
  lastDate: string;
}

type RValue =
  | { type: 'null' }
  | { type: 'symbol'; name: string }
  | { type: 'vector'; values: (number | string | null)[]; attributes: Map<string, RValue> }
  | { type: 'list'; values: RValue[]; attributes: Map<string, RValue> };

const NIL = 254;
const REF = 255;
const SYMSXP = 1;
const LISTSXP = 2;
const CHARSXP = 9;
const LGLSXP = 10;
const INTSXP = 13;
const REALSXP = 14;
const STRSXP = 16;
const VECSXP = 19;
const NA_INTEGER = -2147483648;

/** Parses an R serialisation (gzip-compressed or not) into the values a data frame holds. */
export function readRds(bytes: Buffer): RValue {
  const data = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  if (data.toString('latin1', 0, 2) !== 'X\n') throw new Error('not an XDR R serialisation');
  let at = 2;
  const int = () => {
    const value = data.readInt32BE(at);
    at += 4;
    return value;
  };
  const version = int();
  int(); // the R version that wrote it
  int(); // the oldest R version that reads it
  if (version === 3) {
    const encodingLength = int(); // the native encoding's name follows
    at += encodingLength;
  } else if (version !== 2) throw new Error(`R serialisation version ${version}`);
  const symbols: RValue[] = [];

  const read = (): RValue => {
    const flags = int();
    const type = flags & 0xff;
    const hasAttributes = (flags & 0x200) !== 0;
    const hasTag = (flags & 0x400) !== 0;
    if (type === NIL) return { type: 'null' };
    if (type === REF) return symbols[(flags >> 8) - 1] ?? { type: 'null' };
    if (type === SYMSXP) {
      const name = readString();
      const symbol: RValue = { type: 'symbol', name: name ?? '' };
      symbols.push(symbol);
      return symbol;
    }
    if (type === LISTSXP) {
      // A pairlist: only attributes use one here, read into a name → value map.
      const pairs = new Map<string, RValue>();
      let flagsHere = flags;
      for (;;) {
        if ((flagsHere & 0x200) !== 0) read();
        const tag = (flagsHere & 0x400) !== 0 ? read() : { type: 'null' as const };
        const value = read();
        pairs.set(tag.type === 'symbol' ? tag.name : '', value);
        flagsHere = int();
        if ((flagsHere & 0xff) === NIL) break;
        if ((flagsHere & 0xff) !== LISTSXP) throw new Error(`pairlist tail of type ${flagsHere & 0xff}`);
      }
      return { type: 'list', values: [...pairs.values()], attributes: pairs };
    }
    if (hasTag) throw new Error(`tagged value of type ${type}`);
    const length = int();
    let values: (number | string | null)[] | RValue[];
    if (type === INTSXP || type === LGLSXP) {
      values = Array.from({ length }, () => {
        const value = int();
        return value === NA_INTEGER ? null : value;
      });
    } else if (type === REALSXP) {
      values = Array.from({ length }, () => {
        const value = data.readDoubleBE(at);
        at += 8;
        return Number.isNaN(value) ? null : value;
      });
    } else if (type === STRSXP) {
      values = Array.from({ length }, () => {
        const charFlags = int();
        if ((charFlags & 0xff) !== CHARSXP) throw new Error(`string of type ${charFlags & 0xff}`);
        return readStringBody();
      });
    } else if (type === VECSXP) {
      values = Array.from({ length }, () => read());
    } else {
      throw new Error(`R type ${type} is not read`);
    }
    const attributes = hasAttributes ? attributesOf(read()) : new Map<string, RValue>();
    return type === VECSXP
      ? { type: 'list', values: values as RValue[], attributes }
      : { type: 'vector', values: values as (number | string | null)[], attributes };
  };
  const attributesOf = (value: RValue) =>
    value.type === 'list' ? value.attributes : new Map<string, RValue>();
  const readStringBody = () => {
    const length = int();
    if (length === -1) return null;
    const text = data.toString('utf8', at, at + length);
    at += length;
    return text;
  };
  const readString = () => {
    const flags = int();
    if ((flags & 0xff) !== CHARSXP) throw new Error(`symbol name of type ${flags & 0xff}`);
    return readStringBody();
  };
  return read();
}

const isoDay = (daysSinceEpoch: number) => new Date(daysSinceEpoch * 86_400_000).toISOString().slice(0, 10);

/**
 * The coins of crypto2's saved list (a data frame with id, name, symbol, slug,
 * first_historical_data and last_historical_data columns; dates as R Dates or date-times).
 * Coins without a first day of data are left out: they were never priced.
 */
export function cmcCoinsOf(frame: RValue): CmcCoin[] {
  if (frame.type !== 'list') throw new Error('the list is not a data frame');
  const names = frame.attributes.get('names');
  if (names?.type !== 'vector') throw new Error('the data frame has no column names');
  const column = (name: string) => {
    const index = names.values.indexOf(name);
    const found = frame.values[index];
    if (index < 0 || found?.type !== 'vector') throw new Error(`no column ${name}`);
    return found;
  };
  const dayColumn = (name: string) => {
    const found = column(name);
    const klass = found.attributes.get('class');
    const classes = klass?.type === 'vector' ? klass.values : [];
    const dayOf = classes.includes('Date')
      ? (value: number) => isoDay(value)
      : classes.includes('POSIXct')
        ? (value: number) => new Date(value * 1000).toISOString().slice(0, 10)
        : null;
    return found.values.map((value) => {
      if (value === null) return null;
      if (typeof value === 'string') return value.slice(0, 10);
      if (!dayOf) throw new Error(`column ${name} is neither a date nor a date-time`);
      return dayOf(value);
    });
  };
  const ids = column('id').values;
  const nameColumn = column('name').values;
  const symbolColumn = column('symbol').values;
  const slugColumn = column('slug').values;
  const first = dayColumn('first_historical_data');
  const last = dayColumn('last_historical_data');
  return ids.flatMap((id, row) => {
    const firstDate = first[row];
    const lastDate = last[row];
    if (typeof id !== 'number' || !firstDate || !lastDate) return [];
    return [
      {
        cmcId: id,
        name: String(nameColumn[row] ?? ''),
        symbol: String(symbolColumn[row] ?? ''),
        slug: String(slugColumn[row] ?? ''),
        firstDate,
        lastDate,
      },
    ];
  });
}
