import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SNAPSHOT_ASSETS } from '../../sources/snapshot-data';
import {
  csvFields,
  monthlyByAsset,
  parseCmcMonthly,
  parseCoinGeckoMarkets,
  summarizeDailyHistory,
} from './market';
import { CMC_ASSET_MAP } from './market-asset-map';

// The market files of the offline demo, on rows cut from the real files: smoothbrainquant/
// trading-for-new-dads data/raw/coinmarketcap_monthly_20220501.csv and _20221001.csv and
// coingecko_market_data_20251103.csv (commit ca5c825), and RobACA2026/operational-governance-
// engine btc-usd-max.csv (commit 8e0dc7b): its first rows, the 2017-12 peak, the 2018-02 low and
// its last rows.

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

describe('CoinMarketCap monthly snapshots', () => {
  const may = parseCmcMonthly(
    fixture('cmc-monthly-20220501.csv'),
    'data/raw/coinmarketcap_monthly_20220501.csv',
  );
  const october = parseCmcMonthly(
    fixture('cmc-monthly-20221001.csv'),
    'data/raw/coinmarketcap_monthly_20221001.csv',
  );

  it('reads rank, price, market cap, circulating supply and volume of every row', () => {
    expect(may[0]).toEqual({
      date: '2022-05-01',
      rank: 1,
      name: 'Bitcoin',
      symbol: 'BTC',
      marketCapUsd: 731986764311.8785,
      priceUsd: 38469.09390254,
      circulatingSupply: 19027918,
      volume24hUsd: 27002760109.78,
    });
    expect(october).toHaveLength(4);
  });

  it('keys assets by the reviewed map, not by symbol: LUNA before and after the collapse are two assets', () => {
    const { months, assets } = monthlyByAsset(
      [
        { date: '2022-05-01', rows: may },
        { date: '2022-10-01', rows: october },
      ],
      CMC_ASSET_MAP,
    );
    expect(months).toEqual(['2022-05-01', '2022-10-01']);
    const byKey = Object.fromEntries(assets.map((a) => [a.key, a]));
    // Terra's original coin: LUNA in May, renamed LUNC by October.
    expect(byKey['terra-luna']?.listings).toEqual([
      { name: 'Terra', symbol: 'LUNA' },
      { name: 'Terra Classic', symbol: 'LUNC' },
    ]);
    expect(byKey['terra-luna']?.points.map((p) => [months[p[0]], p[1], p[2]])).toEqual([
      ['2022-05-01', 8, 82.239549],
      ['2022-10-01', 31, 0.00033313],
    ]);
    // The new chain's LUNA from June 2022 on.
    expect(byKey['terra-luna-2']?.points.map((p) => [months[p[0]], p[1]])).toEqual([['2022-10-01', 101]]);
    expect(byKey.terrausd?.points).toHaveLength(2);
    expect(byKey.bitcoin?.points[1]).toEqual([1, 1, 19312.095, 370142714487, 19166368, 18719537670]);
  });

  it('names only catalogue assets and refuses a row two assets claim', () => {
    const ids = new Set(SNAPSHOT_ASSETS.map((a) => a.id));
    expect(Object.keys(CMC_ASSET_MAP).filter((id) => !ids.has(id))).toEqual([]);
    expect(() =>
      monthlyByAsset([{ date: '2022-05-01', rows: may }], {
        bitcoin: [{ name: 'Bitcoin', symbol: 'BTC' }],
        other: [{ name: 'Bitcoin', symbol: 'BTC' }],
      }),
    ).toThrow(/claimed by bitcoin, other/);
  });

  it('refuses a changed header or a malformed figure, naming the file and row', () => {
    expect(() => parseCmcMonthly('Rank,Name\n1,Bitcoin', 'x.csv')).toThrow(/x.csv: unexpected header/);
    const broken = fixture('cmc-monthly-20220501.csv').replace('731986764311.8785', 'n/a');
    expect(() => parseCmcMonthly(broken, 'x.csv')).toThrow(/x.csv row 2: Market Cap "n\/a"/);
  });
});

describe('CoinGecko market file', () => {
  it('reads supply, maximum and FDV, an empty maximum as none', () => {
    const rows = parseCoinGeckoMarkets(fixture('coingecko-markets-20251103.csv'), 'coingecko.csv');
    expect(rows.map((r) => r.id)).toEqual(['bitcoin', 'dogecoin', 'aave', 'tether']);
    expect(rows[0]).toMatchObject({
      marketCapUsd: 2185877651184,
      fullyDilutedValuationUsd: 2185878418402,
      volume24hUsd: 38564617354,
      circulatingSupply: 19943668,
      totalSupply: 19943675,
      maxSupply: 21000000,
      timestamp: '2025-11-03T02:05:14.262540',
    });
    expect(rows[1]?.maxSupply).toBeNull();
  });
});

describe('Bitcoin daily history', () => {
  it('derives the first priced day, the all-time high and the deepest fall from every row', () => {
    const summary = summarizeDailyHistory(fixture('btc-usd-max.csv'), 'btc-usd-max.csv');
    expect(summary).toMatchObject({
      firstPricedDate: '2013-04-28',
      // The last row has no close yet: not a priced day.
      lastPricedDate: '2026-07-18',
      pricedDays: 14,
      allTimeHigh: { date: '2026-07-18', priceUsd: 64795.703823037846 },
    });
    expect(summary.deepestFall.peakDate).toBe('2017-12-16');
    expect(summary.deepestFall.troughDate).toBe('2018-02-05');
    expect(summary.deepestFall.ratio).toBeCloseTo(1 - 6852.05270051491 / 19665.3949272416, 10);
    expect(summary.lastYear.at(-1)).toEqual([
      '2026-07-18',
      64795.703823037846,
      1299683566530.662,
      15451966881.207874,
    ]);
  });

  it('splits quoted fields', () => {
    expect(csvFields('a,"",c')).toEqual(['a', '', 'c']);
    expect(csvFields('"x, y",2')).toEqual(['x, y', '2']);
  });
});
