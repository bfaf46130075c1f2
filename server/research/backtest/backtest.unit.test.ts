import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import BACKTEST_FIGURES from '../../../contract/backtest-figures.json' with { type: 'json' };
import { CATEGORIES, METHODOLOGY_VERSION } from '../../../contract/methodology';
import { BACKTEST_FILE, loadBacktest } from './artefact';
import { type BacktestData, identitiesOf, loadBacktestData } from './as-of';
import { addDays, firstFailure, type PricePoint, recordedEvents } from './outcomes';
import { rateMonth, runBacktest, summarizeRun } from './run';

// The back-test on the real offline data (server/research/datasets): no look-ahead, outcomes of
// real records, identity over a reused symbol.

const data = loadBacktestData();
const months = data.market.cmcMonthly.months;
const monthOf = (day: string) => months.indexOf(day);
const identity = (id: string) => identitiesOf(data.market).find((i) => i.id === id)!;
const points = (d: BacktestData, id: string): PricePoint[] =>
  d.market.cmcMonthly.assets
    .find((a) => (a.id ?? a.key) === id)!
    .points.map((p) => ({ month: p[0], price: p[2] }));

/** The data with every fact dated after `day` deleted: what a reader on that day could have had. */
function deleteAfter(full: BacktestData, day: string): BacktestData {
  const { cmcMonthly, coingeckoMarkets, bitcoinDaily } = full.market;
  const kept = cmcMonthly.months.filter((m) => m <= day).length;
  const lastYear = bitcoinDaily.lastYear.filter(([d]) => d <= day);
  return {
    market: {
      cmcMonthly: {
        ...cmcMonthly,
        months: cmcMonthly.months.slice(0, kept),
        paths: cmcMonthly.paths.slice(0, kept),
        assets: cmcMonthly.assets
          .map((a) => ({ ...a, points: a.points.filter((p) => p[0] < kept) }))
          .filter((a) => a.points.length > 0),
      },
      coingeckoMarkets: {
        ...coingeckoMarkets,
        records: coingeckoMarkets.records.filter((r) => r.timestamp.slice(0, 10) <= day),
      },
      bitcoinDaily: {
        ...bitcoinDaily,
        lastYear,
        lastPricedDate: lastYear.at(-1)?.[0] ?? bitcoinDaily.firstPricedDate,
      },
    },
    hacks: full.hacks.filter((h) => h.date <= day),
    secActions: full.secActions.filter((a) => a.date <= day),
    incidents: full.incidents.filter((i) => i.date <= day),
    w3igg: full.w3igg.filter((e) => e.date <= day),
    audits: full.audits.filter((a) => (a.date.length === 7 ? `${a.date}-31` : a.date) <= day),
  };
}

/** A rating as a reader sees it: band, total, every category's score and facts. */
const readable = (rated: ReturnType<typeof rateMonth>) =>
  rated.map(({ identity, rating }) => ({
    asset: identity.id,
    band: rating.band,
    total: rating.scores.totalScore,
    categories: CATEGORIES.map((c) => [
      c.key,
      rating.categories[c.key].score,
      rating.categories[c.key].facts,
    ]),
  }));

describe('back-test', () => {
  it.each(['2020-06-01', '2022-05-01', '2022-11-01', '2024-03-01'])(
    'rates %s the same with every later fact deleted (no look-ahead)',
    (day) => {
      const truncated = deleteAfter(data, day);
      expect(truncated.hacks.length).toBeLessThan(data.hacks.length);
      const withFuture = readable(rateMonth(data, monthOf(day)));
      expect(withFuture.length).toBeGreaterThan(150);
      expect(readable(rateMonth(truncated, monthOf(day), identitiesOf(data.market)))).toEqual(withFuture);
    },
  );

  it('finds a collapse and a lost peg: TerraUSD after 2022-05-01', () => {
    const ust = identity('terrausd');
    const event = firstFailure(
      data,
      ust,
      recordedEvents(data, ust),
      points(data, 'terrausd'),
      monthOf('2022-05-01'),
      90,
    );
    expect(event).toMatchObject({ date: '2022-06-01', kind: 'price fall' });
    expect(event!.url).toContain('coinmarketcap_monthly_20220601.csv');
    // A month later the peg check alone: USTC already far from $1, below $0.97 again.
    const later = firstFailure(data, ust, [], points(data, 'terrausd'), monthOf('2022-06-01'), 90);
    expect(later).toMatchObject({ date: '2022-07-01', kind: 'lost peg' });
  });

  it('finds an exploit losing at least $1M: Axie Infinity and the Ronin bridge', () => {
    const axie = identity('axie-infinity');
    const event = firstFailure(data, axie, recordedEvents(data, axie), [], monthOf('2022-03-01'), 90);
    expect(event).toMatchObject({ date: '2022-03-29', kind: 'exploit' });
    expect(event!.description).toContain('Ronin');
    expect(event!.url).toMatch(/^https:\/\//);
  });

  it('finds a knockout incident: the SEC fraud charge against Terraform Labs', () => {
    const luna = identity('terra-luna');
    const event = firstFailure(data, luna, recordedEvents(data, luna), [], monthOf('2022-12-01'), 90);
    expect(event).toMatchObject({
      date: '2023-02-16',
      kind: 'knockout incident',
      url: 'https://www.sec.gov/news/press-release/2023-32',
    });
  });

  it('counts no failure for a depeg that recovered: USDC and Dai in March 2023, a lost peg only with its knockout', () => {
    for (const id of ['usd-coin', 'dai']) {
      const coin = identity(id);
      const march2023 = data.incidents.find((i) => i.assets.includes(id) && i.date === '2023-03-11');
      expect(march2023).toMatchObject({ kind: 'depeg' });
      expect(march2023!.knockout).toBeUndefined();
      expect(recordedEvents(data, coin).map((e) => e.date)).not.toContain('2023-03-11');
      expect(
        firstFailure(data, coin, recordedEvents(data, coin), points(data, id), monthOf('2023-01-01'), 365),
      ).toBeNull();
    }
    // The same record marked as a peg never regained is a failure.
    const usdc = identity('usd-coin');
    const lost = {
      ...data,
      incidents: data.incidents.map((i) =>
        i.id === 'usdc-svb-depeg-2023' ? { ...i, knockout: 'permanent-depeg' as const } : i,
      ),
    };
    expect(
      firstFailure(lost, usdc, recordedEvents(lost, usdc), [], monthOf('2023-01-01'), 365),
    ).toMatchObject({
      date: '2023-03-11',
      kind: 'knockout incident',
    });
  });

  it('finds an 80% fall only within the horizon: Celsius from 2022-01-01', () => {
    const cel = identity('celsius-degree-token');
    expect(firstFailure(data, cel, [], points(data, cel.id), monthOf('2022-01-01'), 90)).toBeNull();
    expect(firstFailure(data, cel, [], points(data, cel.id), monthOf('2022-01-01'), 180)).toMatchObject({
      date: '2022-06-01',
      kind: 'price fall',
    });
  });

  it("follows Terra's identity, not the reused LUNA symbol", () => {
    const classic = identity('terra-luna');
    const reborn = identity('terra-luna-2');
    expect(classic.symbols).toEqual(['LUNA', 'LUNC']);
    expect(reborn.symbols).toEqual(['LUNA']);
    // In October 2022 both are listed; the symbol LUNA is the new chain's.
    const october = monthOf('2022-10-01');
    const rated = rateMonth(data, october).map((r) => r.identity.id);
    expect(rated).toEqual(expect.arrayContaining(['terra-luna', 'terra-luna-2']));
    // The May 2022 rating of Terra fails on Terra Classic's own price, not the new LUNA's $2.48.
    const event = firstFailure(data, classic, [], points(data, classic.id), monthOf('2022-05-01'), 180);
    expect(event).toMatchObject({ date: '2022-10-01', kind: 'price fall' });
    expect(event!.description).toContain('$0.0003331');
    // The new chain has no rating before its own first snapshot, so no failure of the old one.
    const reborn2022 = points(data, reborn.id).map((p) => months[p.month]!);
    expect(reborn2022[0]! >= '2022-06-01').toBe(true);
  });

  it("sees FTX Token's price fall only 395 days after its last rating before the bankruptcy", () => {
    // The snapshots skip FTT from 2022-12-01 to 2023-12-01: its fall shows on 2023-12-01, past a year.
    const ftt = identity('ftx-token');
    const prices = points(data, 'ftx-token');
    expect(firstFailure(data, ftt, [], prices, monthOf('2022-11-01'), 365)).toBeNull();
    expect(firstFailure(data, ftt, [], prices, monthOf('2022-11-01'), 395)).toMatchObject({
      date: '2023-12-01',
      kind: 'price fall',
    });
  });

  it('lists the named failures with the rating before them, FTX Token at its chapter 11 filing', () => {
    const run = runBacktest(data);
    const { summary, failureOfRating } = summarizeRun(data, run);
    const named = Object.fromEntries(summary.namedCases.map((c) => [c.name, c]));
    expect(named['Terra (LUNA, now LUNC) before May 2022']).toMatchObject({ found: true });
    expect(named['Celsius before June 2022']).toMatchObject({ found: true });
    expect(named['TerraUSD (UST) before its peg broke in May 2022']).toMatchObject({ found: true });
    // The court filing of 2022-11-11 (decision 0293), 10 days after the last rating before it.
    expect(named['FTX Token before November 2022']).toMatchObject({
      found: true,
      failure: {
        event: { date: '2022-11-11', kind: 'knockout incident' },
        before: { asOf: '2022-11-01' },
      },
    });
    expect(named['FTX Token before November 2022']!.failure!.event.url).toContain('608316524');
    // Each rating points at the first failure within a year after it, of its own asset.
    const linked = run.ratings.flatMap((r, i) => (failureOfRating[i]! >= 0 ? [{ r, i }] : []));
    expect(linked.length).toBeGreaterThan(500);
    for (const { r, i } of linked) {
      const failure = summary.failures[failureOfRating[i]!]!;
      const asOf = months[r.month]!;
      expect(failure.assetId).toBe(run.identities[r.asset]!.id);
      expect(failure.event.date > asOf && failure.event.date <= addDays(asOf, 365), asOf).toBe(true);
    }
    const terra = summary.failures.find((f) => f.assetId === 'terra-luna' && f.before.asOf === '2022-05-01')!;
    expect(terra.before.categories.length).toBe(terra.before.categoriesWithEvidence);
    expect(terra.before.categories.flatMap((c) => c.facts).join(' ')).toMatch(/\$/);
    const version = summary.versions[0]!;
    expect(version.ratings).toBe(data.market.cmcMonthly.assets.reduce((n, a) => n + a.points.length, 0));
    expect(version.accuracy.map((a) => a.days)).toEqual([90, 180, 365]);
  }, 60_000);
});

describe('the stored back-test', () => {
  it('is what the current rules give (after a rule change, run npm run research:backtest)', () => {
    const stored = JSON.parse(readFileSync(BACKTEST_FILE, 'utf8')) as {
      methodologyVersion: string;
      assets: { id: string }[];
      ratings: [number, number, number, string, string][];
    };
    expect(stored.methodologyVersion).toBe(METHODOLOGY_VERSION);
    const month = monthOf('2022-05-01');
    const now = rateMonth(data, month).map(({ identity, rating }) => [
      identity.id,
      rating.scores.totalScore,
      rating.band,
      CATEGORIES.map((c) => rating.scores[c.key]).join(''),
    ]);
    const then = stored.ratings
      .filter((r) => r[1] === month)
      .map((r) => [stored.assets[r[0]]!.id, r[2], r[3], r[4]]);
    expect(then).toEqual(now);
    expect(BACKTEST_FIGURES.methodologyVersion).toBe(METHODOLOGY_VERSION);
  });
});

describe("an asset's stored back-test history (report pages)", () => {
  const stored = loadBacktest()!;

  it("gives Terra's monthly ratings under one identity, with the failures that followed and their records", () => {
    const terra = stored.historyOf('terra-luna')!;
    expect(terra.symbols).toEqual(['LUNA', 'LUNC']);
    const asOf = terra.ratings.map((r) => r.asOf);
    expect(asOf).toEqual([...asOf].sort());
    expect(asOf).toContain('2022-05-01');
    const may = terra.ratings.find((r) => r.asOf === '2022-05-01')!;
    const fall = terra.failures[may.failure!]!;
    expect(fall.event).toMatchObject({ date: '2022-10-01', kind: 'price fall' });
    expect(fall.event.url).toMatch(/^https:\/\//);
    // The new LUNA's ratings are its own identity's, not Terra Classic's.
    expect(stored.historyOf('terra-luna-2')!.ratings[0]!.asOf >= '2022-06-01').toBe(true);
    // The newest months cannot have a year observed yet.
    expect(terra.ratings.at(-1)!.yearObserved).toBe(false);
  });

  it('has no history for an asset the snapshots never list', () => {
    expect(stored.historyOf('staked-ether')).toBeNull();
  });
});
