import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import BACKTEST_FIGURES from '../../../contract/backtest-figures.json' with { type: 'json' };
import { CATEGORIES, METHODOLOGY_VERSION } from '../../../contract/methodology';
import { scoreOf } from '../assessment';
import { BACKTEST_FILE, loadBacktest } from './artefact';
import { type BacktestData, identitiesOf, loadBacktestData } from './as-of';
import { studyEntities } from './entities';
import { addDays } from './outcomes';
import { rateMonth, runBacktest, summarizeRun } from './run';
import { entityEvents } from './study';

// The back-test on the real offline data (server/research/datasets): no look-ahead, outcomes of
// real records, identity over a reused symbol.

const data = loadBacktestData();
const months = data.market.cmcMonthly.months;
const monthOf = (day: string) => months.indexOf(day);
const identity = (id: string) => identitiesOf(data.market).find((i) => i.id === id)!;
const { entities } = studyEntities(data.market, identitiesOf(data.market));
const entityOf = (id: string) => entities.find((e) => e.ids.includes(id))!;
const marketTotal = months.map(() => 0);
for (const asset of data.market.cmcMonthly.assets) for (const p of asset.points) marketTotal[p[0]]! += p[3];

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
    incidents: full.incidents.filter((i) => i.date <= day),
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
      scoreOf(rating.categories[c.key]),
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

  it('finds a material exploit: Axie Infinity and the Ronin bridge', () => {
    const events = entityEvents(data, entityOf('axie-infinity'), [], marketTotal);
    const ronin = events.find((e) => e.kind === 'exploit')!;
    expect(ronin).toMatchObject({ date: '2022-03-29' });
    expect(ronin.description).toContain('Ronin');
    expect(ronin.url).toMatch(/^https:\/\//);
  });

  it('counts no failure for a depeg that recovered: USDC and Dai in March 2023', () => {
    for (const id of ['usd-coin', 'dai']) {
      const march2023 = data.incidents.find((i) => i.assets.includes(id) && i.date === '2023-03-11');
      expect(march2023).toMatchObject({ kind: 'depeg' });
      expect(entityEvents(data, entityOf(id), [], marketTotal).map((e) => e.date)).not.toContain(
        '2023-03-01',
      );
    }
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
    // Terra fails on Terra Classic's own price, not the new LUNA's $2.48.
    const [event] = entityEvents(data, entityOf('terra-luna'), [], marketTotal);
    expect(event).toMatchObject({ date: '2022-10-01', kind: 'terminal death' });
    expect(event!.description).toContain('$0.0003331');
    expect(entityOf('terra-luna')).not.toBe(entityOf('terra-luna-2'));
  });

  it('lists the named failures with the rating before them, FTX Token at its chapter 11 filing', () => {
    const run = runBacktest(data);
    const { summary, failureOfRating } = summarizeRun(data, run);
    const named = Object.fromEntries(summary.namedCases.map((c) => [c.name, c]));
    expect(named['Terra (LUNA, now LUNC) before May 2022']).toMatchObject({ found: true });
    expect(named['Celsius before July 2022']).toMatchObject({ found: true });
    expect(named['Voyager Token before July 2022']).toMatchObject({ found: true });
    expect(named['TerraUSD (UST) before its peg broke in May 2022']).toMatchObject({ found: true });
    // The court filing of 2022-11-11 (decision 0293), 10 days after the last rating before it.
    expect(named['FTX Token before November 2022']).toMatchObject({
      found: true,
      failure: {
        event: { date: '2022-11-11', kind: 'default' },
        before: { asOf: '2022-11-01' },
      },
    });
    expect(named['FTX Token before November 2022']!.failure!.event.url).toContain('608316524');
    // Each rating points at the first failure within a year after it, of its own asset.
    const linked = run.ratings.flatMap((r, i) => (failureOfRating[i]! >= 0 ? [{ r, i }] : []));
    expect(linked.length).toBeGreaterThan(300);
    for (const { r, i } of linked) {
      const failure = summary.failures[failureOfRating[i]!]!;
      const asOf = months[r.month]!;
      expect(entityOf(failure.assetId)).toBe(entityOf(run.identities[r.asset]!.id));
      expect(failure.event.date > asOf && failure.event.date <= addDays(asOf, 365), asOf).toBe(true);
    }
    const terra = summary.failures.find((f) => f.assetId === 'terra-luna')!;
    expect(terra.before.asOf).toBe('2022-05-01');
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
    expect(fall.event).toMatchObject({ date: '2022-10-01', kind: 'terminal death' });
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
