import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceProblem } from '../source-check';
import {
  type CoinMetricsExcerpt,
  coinMetricsEvidence,
  loadCoinMetricsExcerpts,
  parseExcerpt,
} from './coinmetrics';

// The Coin Metrics excerpts (offline demo only): every file of the directory is read and
// validated, and each figure a report shows is the file's own value at its newest price row,
// citing the file at its commit. Fixtures are cut from the committed excerpt files.

const FIXTURES = new URL('./fixtures/coinmetrics/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), 'utf8'));
const KNOWN = new Set(['wrapped-bitcoin', 'tether']);

function directoryWith(files: Record<string, unknown>): URL {
  const directory = mkdtempSync(join(tmpdir(), 'crow-coinmetrics-'));
  for (const [name, json] of Object.entries(files))
    writeFileSync(join(directory, `${name}.json`), JSON.stringify(json));
  return pathToFileURL(`${directory}/`);
}

describe('Coin Metrics excerpts', () => {
  it('reads every excerpt of the directory, and none when it is absent', () => {
    const directory = mkdtempSync(join(tmpdir(), 'crow-coinmetrics-'));
    for (const name of ['wrapped-bitcoin', 'tether'])
      copyFileSync(new URL(`${name}.json`, FIXTURES), join(directory, `${name}.json`));
    const excerpts = loadCoinMetricsExcerpts(KNOWN, pathToFileURL(`${directory}/`));
    expect([...excerpts.keys()]).toEqual(['tether', 'wrapped-bitcoin']);
    expect(excerpts.get('wrapped-bitcoin')?.rows.at(-2)?.values.PriceUSD).toBe(43033.1371560491);
    // An empty cell is no figure, not zero.
    expect(excerpts.get('wrapped-bitcoin')?.rows.at(-1)?.values).toEqual({});
    expect(loadCoinMetricsExcerpts(KNOWN, new URL('./no-such-directory/', FIXTURES)).size).toBe(0);
  });

  it('refuses a malformed excerpt, naming the file and the problem', () => {
    const wbtc = fixture('wrapped-bitcoin');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...wbtc, commit: 'master' }, /commit: a full commit hash/],
      [{ ...wbtc, columns: ['PriceUSD', ...wbtc.columns.slice(1)] }, /columns/],
      [{ ...wbtc, rows: [wbtc.rows[0].slice(0, 3)] }, /rows\.0: 3 values for 10 columns/],
      [{ ...wbtc, rows: [wbtc.rows[1], wbtc.rows[0]] }, /rows\.1: rows oldest first/],
      [{ ...wbtc, rows: [[wbtc.rows[0][0], '43,033.14', ...wbtc.rows[0].slice(2)]] }, /numbers as the file/],
    ];
    for (const [json, problem] of cases)
      expect(() => parseExcerpt('wrapped-bitcoin.json', json)).toThrow(problem);
    expect(() => parseExcerpt('bitcoin.json', wbtc)).toThrow(/names asset wrapped-bitcoin/);
    const unknown = directoryWith({ 'no-such-asset': { ...wbtc, asset: 'no-such-asset' } });
    expect(() => loadCoinMetricsExcerpts(KNOWN, unknown)).toThrow(/no-such-asset is not in the catalogue/);
  });

  it('states the newest price row’s figures, each citing the file at its commit', () => {
    const excerpt = parseExcerpt('wrapped-bitcoin.json', fixture('wrapped-bitcoin'));
    const evidence = coinMetricsEvidence(excerpt);
    // 2023-12-15 has no price: the figures are those of 2023-12-14.
    expect(evidence.marketCapUsd?.value).toBe(6659131304.233533);
    expect(evidence.supply?.value).toEqual({
      circulating: 154744.26789025,
      total: null,
      max: null,
      maxUnknown: true,
    });
    const source = evidence.marketCapUsd!.source;
    expect(source).toMatchObject({
      url: 'https://github.com/coinmetrics/data/blob/0019689871f3c18752d33855f70df873878b6936/csv/wbtc.csv',
      publishedAt: '2023-12-14',
      retrievedAt: '2023-12-14T00:00:00.000Z',
      live: false,
      dataset: {
        name: 'coinmetrics/data',
        version: '0019689871f3c18752d33855f70df873878b6936',
        license: 'CC BY-NC 4.0',
      },
    });
    expect(source.title).toContain('Coin Metrics community data, csv/wbtc.csv');
    expect(source.title).toContain('commit 0019689');
    expect(sourceProblem(source)).toBeNull();
    // Daily volatility over 180 days, annualised; ROI1yr is a percentage.
    expect(evidence.priceHistory?.value.annualisedVolatility).toBeCloseTo(
      0.020077330534353847 * Math.sqrt(365),
      12,
    );
    expect(evidence.priceHistory?.value.days).toBe(180);
    expect(evidence.priceHistory?.value.oneYearReturn).toBeCloseTo(141.62719733390915 / 100, 12);
    // Three days of prices cannot show the year's largest fall.
    expect(evidence.priceHistory?.value.maxDrawdown).toBeUndefined();
    expect(evidence.marketHistory?.value.points).toEqual([
      { date: '2023-12-13', priceUsd: 42939.0607583285, marketCapUsd: 6644573520.942507 },
      { date: '2023-12-14', priceUsd: 43033.1371560491, marketCapUsd: 6659131304.233533 },
    ]);
    expect(evidence.onchain?.value).toEqual({
      activeAddresses: 1129,
      transactions: 2542,
      asOf: '2023-12-14',
    });
    // A 1-year return on 2023-12-14 needs a price on 2022-12-14.
    expect(evidence.pricedSince?.value).toBe('2022-12-14');
  });

  it('takes Coin Metrics’ estimated market cap when the file has no current-supply cap', () => {
    const evidence = coinMetricsEvidence(parseExcerpt('tether.json', fixture('tether')));
    expect(evidence.marketCapUsd?.value).toBe(137779099642.493);
    expect(evidence.marketCapUsd?.source.publishedAt).toBe('2024-12-08');
    expect(evidence.supply).toBeUndefined();
    expect(evidence.onchain).toBeUndefined();
    expect(evidence.priceHistory).toBeUndefined();
    expect(evidence.pricedSince?.value).toBe('2024-12-08');
  });

  it('states a drawdown only over a year of samples, and says how they were sampled', () => {
    // A computation check on made-up closes (not data a reader sees): monthly, then daily.
    const closes: [string, number][] = [
      ['2024-12-01', 100],
      ['2025-03-01', 150],
      ['2025-06-01', 60],
      ['2025-09-01', 90],
      ['2025-11-30', 80],
      ['2025-12-01', 85],
    ];
    const excerpt: CoinMetricsExcerpt = {
      asset: 'wrapped-bitcoin',
      file: 'csv/wbtc.csv',
      commit: '0019689871f3c18752d33855f70df873878b6936',
      rows: closes.map(([date, price]) => ({
        date,
        values: { PriceUSD: price, ...(date === '2025-12-01' ? { VtyDayRet180d: 0.03 } : {}) },
      })),
    };
    const history = coinMetricsEvidence(excerpt).priceHistory?.value;
    expect(history?.maxDrawdown).toBeCloseTo(0.6, 12);
    expect(history?.drawdownSampling).toContain('6 daily closes between 2024-12-01 and 2025-12-01');
    const short = { ...excerpt, rows: excerpt.rows.slice(-2) };
    expect(coinMetricsEvidence(short).priceHistory?.value.maxDrawdown).toBeUndefined();
  });
});
