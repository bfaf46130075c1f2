import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import BACKTEST_FIGURES from '../../../contract/backtest-figures.json' with { type: 'json' };
import { METHODOLOGY_VERSION } from '../../../contract/methodology';
import { evidenceOn, identitiesOf, loadBacktestData } from './as-of';
import { type StudyEntity, studyEntities } from './entities';
import { rateMonth, runBacktest, summarizeRun } from './run';
import { cohortAccuracyRatio } from './statistics';
import { entityEvents, evaluateSample, type StudyInput } from './study';
import { appendEvaluation } from './variants-log';

// The default study (issue 43): each rule through the back-test's own code path, on the real
// offline data where the rule is about the data, on a small made-up cohort where it is arithmetic.

const data = loadBacktestData();
const months = data.market.cmcMonthly.months;
const identities = identitiesOf(data.market);
const identity = (id: string) => identities.find((i) => i.id === id)!;
const { entities } = studyEntities(data.market, identities);
const entityOf = (id: string) => entities.find((e) => e.ids.includes(id))!;

const run = runBacktest(data);
const { summary } = summarizeRun(data, run);
const failuresOf = (id: string) => summary.failures.filter((f) => f.assetId === entityOf(id).id);

describe('outcomes: one failure per asset, dated at its event', () => {
  it('fails Celsius and Voyager at their July 2022 chapter 11 filings, each from its cited document', () => {
    const [celsius] = failuresOf('celsius-degree-token');
    expect(celsius!.event).toMatchObject({ kind: 'default', date: '2022-07-13' });
    expect(celsius!.event.url).toMatch(/^https:\/\/.*celsius/);
    const [voyager] = failuresOf('cmc:Voyager Token|VGX');
    expect(voyager!.event).toMatchObject({ kind: 'default', date: '2022-07-05' });
    expect(voyager!.event.url).toMatch(/^https:\/\/.*voyager/);
  });

  it('fails TerraUSD once, and lists every asset at most once', () => {
    expect(failuresOf('terrausd')).toHaveLength(1);
    expect(failuresOf('terrausd')[0]!.event).toMatchObject({ kind: 'depeg', date: '2022-06-01' });
    const ids = summary.failures.map((f) => f.assetId);
    expect(new Set(ids).size).toBe(ids.length);
  }, 60_000);

  it('judges a euro coin against no dollar floor, and a dollar coin against its own', () => {
    const coin = (peg: string): StudyEntity => ({
      id: `test-${peg}`,
      name: `Test ${peg}`,
      members: [],
      ids: [`test-${peg}`],
      assetClass: 'stablecoin',
      peg,
      points: [0, 1, 2].map((month) => ({ month, rank: 50, price: 0.9, marketCap: 1e9, volume: 1e7 })),
      firstListed: null,
      tradedUntil: null,
    });
    const total = months.map(() => 1e12);
    expect(entityEvents(data, coin('EUR'), [], total)).toEqual([]);
    expect(entityEvents(data, coin('USD'), [], total)).toMatchObject([{ kind: 'depeg', date: months[0] }]);
    expect(entityOf('euro-coin')).toMatchObject({ assetClass: 'stablecoin', peg: 'EUR' });
  });

  it('counts a fall with the market as no failure, a fall far beyond it as a market-relative collapse', () => {
    const coin = (prices: number[]): StudyEntity => ({
      id: 'test-coin',
      name: 'Test',
      members: [],
      ids: ['test-coin'],
      assetClass: 'coin',
      peg: null,
      points: prices.map((price, month) => ({ month, rank: 50, price, marketCap: 1e9, volume: 1e7 })),
      firstListed: null,
      tradedUntil: null,
    });
    // The whole market falls 75% and the coin with it: beta, not a failure.
    const falling = months.map((_, m) => (m < 3 ? 1e12 : 0.25e12));
    expect(entityEvents(data, coin([10, 10, 10, 2.5, 2.5]), [], falling)).toEqual([]);
    const flat = months.map(() => 1e12);
    expect(entityEvents(data, coin([10, 10, 10, 1.5, 1.5]), [], flat)).toMatchObject([
      { kind: 'market-relative collapse', date: months[3] },
    ]);
  });
});

describe('identities across renames and redenominations', () => {
  it.each([
    ['cmc:Polygon|MATIC', 'polygon-ecosystem-token'],
    ['cmc:Paxos Standard|PAX', 'cmc:Pax Dollar|USDP'],
    ['cmc:Wootrade|WOO', 'cmc:WOO|WOO'],
  ])('joins %s and %s into one asset', (older, newer) => {
    expect(entityOf(older)).toBe(entityOf(newer));
  });

  it('ages Polygon from its first listing as MATIC, not from its rename', () => {
    expect(entityOf('cmc:Polygon|MATIC').firstListed! < '2020-01-01').toBe(true);
  });

  it("does not count BinaryX's redenomination as a fall", () => {
    const binary = entityOf('cmc:BinaryX|BNX');
    const events = entityEvents(
      data,
      binary,
      [],
      months.map(() => 1e12),
    );
    expect(events.filter((e) => e.date === '2023-03-01')).toEqual([]);
  });

  it('keeps stablecoins and wrapped or gold tokens in their own classes', () => {
    expect(entityOf('tether').assetClass).toBe('stablecoin');
    expect(entityOf('cmc:Gemini Dollar|GUSD')).toMatchObject({ assetClass: 'stablecoin', peg: 'USD' });
    expect(entityOf('wrapped-bitcoin').assetClass).toBe('wrapped or gold');
    expect(entityOf('pax-gold').assetClass).toBe('wrapped or gold');
    expect(entityOf('cmc:Bitcoin Gold|BTG').assetClass).toBe('coin');
  });
});

describe('point-in-time inputs', () => {
  const may2022 = months.indexOf('2022-05-01');

  it('gives an asset no incident list covers no Hacks/Scandals evidence, never a clean 5', () => {
    const rated = rateMonth(data, may2022).filter((r) => !r.identity.catalogue);
    expect(rated.length).toBeGreaterThan(50);
    for (const r of rated) expect(r.rating.withEvidence).not.toContain('hacksScandals');
  });

  it('leaves out the undated stablecoin registry and unlock plans', () => {
    const evidence = evidenceOn(data, '2022-05-01');
    expect(evidence(identity('tether')).stablecoin).toBeUndefined();
    for (const i of identities.filter((x) => x.catalogue)) expect(evidence(i).unlocks).toBeUndefined();
  });

  it('reads a curated incident from its publication day, not the day it recounts', () => {
    // FTX's chapter 11 (2022-11-11) is known from its court declaration of 2022-11-17.
    const titles = (day: string) =>
      (evidenceOn(data, day)(identity('ftx-token')).incidents?.value ?? []).map((i) => i.date);
    expect(titles('2022-11-15')).not.toContain('2022-11-11');
    expect(titles('2022-11-17')).toContain('2022-11-11');
  });

  it("ages an asset from CoinMarketCap's first listing, not from the market files' first day", () => {
    const since = rateMonth(data, may2022).find((r) => r.identity.id === 'ethereum')!;
    const facts = since.rating.categories.existenceGrowthX2.facts.join(' ');
    expect(facts).not.toContain('2020-01-01');
    expect(evidenceOn(data, '2022-05-01')(identity('ethereum'), '2015-08-07').pricedSince?.value).toBe(
      '2015-08-07',
    );
  });
});

describe('cohorts, censoring and inference', () => {
  it('compares ratings only within their rating month', () => {
    // Month 0: everyone riskier and more failures; month 1: safer and fewer. Pooled, the low scores
    // of month 0 "catch" its failures; within each month the score orders nothing.
    const rows = [
      { stratum: 0, score: 1, failed: true },
      { stratum: 0, score: 1, failed: false },
      { stratum: 1, score: 9, failed: true },
      { stratum: 1, score: 9, failed: false },
      { stratum: 1, score: 9, failed: false },
      { stratum: 1, score: 9, failed: false },
    ];
    expect(cohortAccuracyRatio(rows)()).toBe(0);
    const ordered = [
      { stratum: 0, score: 1, failed: true },
      { stratum: 0, score: 2, failed: false },
    ];
    expect(cohortAccuracyRatio(ordered)()).toBe(1);
  });

  const cohort = (overrides: Partial<StudyEntity>): StudyInput => {
    const entity: StudyEntity = {
      id: 'a',
      name: 'A',
      members: [],
      ids: ['a'],
      assetClass: 'coin',
      peg: null,
      points: [0, 1, 2].map((month) => ({ month, rank: 150, price: 1, marketCap: 1e8, volume: 1e6 })),
      firstListed: null,
      tradedUntil: null,
      ...overrides,
    };
    const survivor: StudyEntity = {
      ...entity,
      id: 'b',
      ids: ['b'],
      points: months.map((_, month) => ({ month, rank: 10, price: 1, marketCap: 1e10, volume: 1e8 })),
    };
    return {
      months,
      entities: [entity, survivor],
      failures: [undefined, undefined],
      rows: [0, 1, 2].flatMap((month) => [
        { entity: 0, month, band: 'Potential' as const, score: 1500 },
        { entity: 1, month, band: 'Likely Safe' as const, score: 2500 },
      ]),
    };
  };

  it('censors an asset that leaves the files with no record of its fate, instead of calling it a survivor', () => {
    const dropped = evaluateSample(cohort({}), 'development', 365, { replicates: 0 });
    expect(dropped.censored).toBe(3);
    expect(dropped.ratings).toBe(3);
    // CoinMarketCap's full list priced it after the horizon: a survivor, not censored.
    const seen = evaluateSample(cohort({ tradedUntil: '2024-06-11' }), 'development', 365, { replicates: 0 });
    expect(seen.censored).toBe(0);
    expect(seen.ratings).toBe(6);
  });

  it('takes an asset out of the cohort after its failure', () => {
    const input = cohort({ tradedUntil: '2024-06-11' });
    const failed: StudyInput = {
      ...input,
      failures: [
        { kind: 'default', date: months[1]!, description: 'test', url: 'https://example.org' },
        undefined,
      ],
    };
    const sample = evaluateSample(failed, 'development', 365, { replicates: 0 });
    // Month 0's rating fails; months 1 and 2 of the failed asset are gone; the survivor's three stay.
    expect(sample.failures).toBe(1);
    expect(sample.ratings).toBe(4);
    expect(sample.distinctAssets).toBe(1);
  });
});

describe('where the study shows', () => {
  it('carries the study in contract/backtest-figures.json: hold-out, samples, baselines, outcome types', () => {
    const study = BACKTEST_FIGURES.study;
    expect(study.holdoutFrom).toBe('2023-01-01');
    expect(study.samples.map((s) => `${s.sample} ${s.days}`)).toEqual([
      'development 90',
      'development 365',
      'holdout 90',
      'holdout 365',
    ]);
    for (const s of study.samples) {
      expect(s.baselines.map((b) => b.name)).toEqual([
        'Months since first listing',
        'Market cap',
        'Drawdown from the running high',
        'Turnover (volume / market cap)',
      ]);
      expect(s.distinctAssets).toBeLessThanOrEqual(s.distinctEvents + s.failures);
    }
    expect(study.outcomeTypes.map((t) => t.type)).toEqual([
      'default',
      'depeg',
      'exploit',
      'terminal death',
      'market-relative collapse',
    ]);
    // The figures are today's run of the study (after a rule change: npm run research:backtest).
    expect(study.samples).toEqual(JSON.parse(JSON.stringify(summary.study.samples)));
  }, 60_000);

  it("logs the current methodology's evaluation in the dated variants log", () => {
    const log = readFileSync(
      new URL(`../../../${BACKTEST_FIGURES.study.variantsLog}`, import.meta.url),
      'utf8',
    );
    expect(existsSync(new URL(`../../../${BACKTEST_FIGURES.study.variantsLog}`, import.meta.url))).toBe(true);
    expect(log).toMatch(new RegExp(`^## \\d{4}-\\d{2}-\\d{2}: methodology ${METHODOLOGY_VERSION}$`, 'm'));
  });

  it('appends an evaluation once, and marks a second one of the same version as a re-evaluation', () => {
    const study = summary.study;
    const once = appendEvaluation('# log\n', study, 'v1', '2026-11-29');
    expect(appendEvaluation(once, study, 'v1', '2026-11-30')).toBe(once);
    const changed = { ...study, samples: study.samples.map((s) => ({ ...s, failures: s.failures + 1 })) };
    const twice = appendEvaluation(once, changed, 'v1', '2026-11-30');
    expect(twice).toContain('## 2026-11-30: methodology v1');
    expect(twice).toContain('Re-evaluation of v1');
  });
});
