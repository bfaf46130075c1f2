import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cmcCoinsOf, readRds } from './cmc-listings';
import { listingAssetMap } from './listing-asset-map';

// The reader of crypto2's saved CoinMarketCap list (decision 0340), on a data frame written here
// in R's XDR serialisation (version 3) as saveRDS writes it: gzip, "X\n", a list of columns with
// names, class and compact row names attributes, dates as doubles of class "Date".

const int = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeInt32BE(value);
  return bytes;
};
const real = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
};
const chars = (text: string) =>
  Buffer.concat([int(0x00040009), int(Buffer.byteLength(text)), Buffer.from(text)]);
const strings = (values: string[], attributes?: Buffer) =>
  Buffer.concat([
    int(attributes ? 0x210 : 0x10),
    int(values.length),
    ...values.map(chars),
    attributes ?? Buffer.alloc(0),
  ]);
const ints = (values: number[]) => Buffer.concat([int(0x0d), int(values.length), ...values.map(int)]);
const symbols: string[] = [];
const symbol = (name: string) => {
  const known = symbols.indexOf(name);
  if (known >= 0) return int(((known + 1) << 8) | 0xff);
  symbols.push(name);
  return Buffer.concat([int(0x01), chars(name)]);
};
/** A pairlist of tagged attributes, ending in NULL. */
const attributes = (pairs: [string, Buffer][]) =>
  Buffer.concat([...pairs.flatMap(([tag, value]) => [int(0x402), symbol(tag), value]), int(0xfe)]);
const dates = (days: number[]) =>
  Buffer.concat([
    int(0x20e),
    int(days.length),
    ...days.map(real),
    attributes([['class', strings(['Date'])]]),
  ]);

function savedList(): Buffer {
  symbols.length = 0;
  const columns = [
    ints([1, 825]),
    strings(['Bitcoin', 'Tether USDt']),
    strings(['BTC', 'USDT']),
    strings(['bitcoin', 'tether']),
    ints([1, 1]),
    dates([14803, 16491]),
    dates([19885, 19885]),
  ];
  const frame = Buffer.concat([
    int(0x313),
    int(columns.length),
    ...columns,
    attributes([
      [
        'names',
        strings([
          'id',
          'name',
          'symbol',
          'slug',
          'is_active',
          'first_historical_data',
          'last_historical_data',
        ]),
      ],
      ['row.names', ints([-2147483648, -2])],
      ['class', strings(['tbl_df', 'tbl', 'data.frame'])],
    ]),
  ]);
  const header = Buffer.concat([
    Buffer.from('X\n'),
    int(3),
    int(0x40400),
    int(0x30500),
    int(5),
    Buffer.from('UTF-8'),
  ]);
  return gzipSync(Buffer.concat([header, frame]));
}

describe('CoinMarketCap’s coin list as crypto2 saved it', () => {
  it('reads each coin’s id, name, symbol, slug and its first and last days of price data', () => {
    expect(cmcCoinsOf(readRds(savedList()))).toEqual([
      {
        cmcId: 1,
        name: 'Bitcoin',
        symbol: 'BTC',
        slug: 'bitcoin',
        firstDate: '2010-07-13',
        lastDate: '2024-06-11',
      },
      {
        cmcId: 825,
        name: 'Tether USDt',
        symbol: 'USDT',
        slug: 'tether',
        firstDate: '2015-02-25',
        lastDate: '2024-06-11',
      },
    ]);
  });

  it('refuses a file that is not an R serialisation', () => {
    expect(() => readRds(gzipSync(Buffer.from('id,name\n1,Bitcoin\n')))).toThrow(
      /not an XDR R serialisation/,
    );
  });
});

describe('the catalogue map', () => {
  const coin = (cmcId: number, name: string, symbol: string, slug: string) => ({
    cmcId,
    name,
    symbol,
    slug,
    firstDate: '2020-01-01',
    lastDate: '2024-06-11',
  });

  it('maps a renamed asset to its first name’s listing, and leaves an asset the list lacks unmatched', () => {
    const { assets, unmatched } = listingAssetMap(
      [
        { id: 'kaia', name: 'Kaia', symbol: 'KAIA', aliases: ['klaytn'] },
        { id: 'hyperliquid', name: 'Hyperliquid', symbol: 'HYPE' },
      ],
      [coin(4256, 'Klaytn', 'KLAY', 'klaytn'), coin(8130, 'Supreme Finance', 'HYPE', 'hype')],
    );
    expect(assets).toEqual({ kaia: 4256 });
    expect(unmatched).toEqual(['hyperliquid']);
  });

  it('stops on two coins of one name and symbol that no review tells apart', () => {
    expect(() =>
      listingAssetMap(
        [{ id: 'some-coin', name: 'Some', symbol: 'SOME' }],
        [coin(1, 'Some', 'SOME', 'some-a'), coin(2, 'Some', 'SOME', 'some-b')],
      ),
    ).toThrow(/2 coins of its name and symbol, review them/);
  });
});
