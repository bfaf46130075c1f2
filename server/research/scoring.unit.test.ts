import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildScores, CATEGORIES, type CategoryScores, MAX_TOTAL } from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import { assess } from './assessment';
import {
  ASSET_KINDS,
  type AssetEvidence,
  type Fact,
  type HolderEntry,
  INCIDENT_KINDS,
  type IncidentRecord,
} from './evidence';
import {
  SCORERS,
  scoreDexHolders,
  scoreExistence,
  scoreHacks,
  scoreMarketCap,
  scoreSocial,
  scoreTeam,
  scoreTotalSupply,
  scoreUseCase,
  scoreVolume,
} from './scoring';
import { CURATED_INCIDENTS } from './sources/incidents';
import {
  findSnapshotAsset,
  searchSnapshot,
  snapshotMarketEvidence,
  snapshotSecurityEvidence,
} from './sources/snapshot';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

const source: Source = { title: 'test', url: 'https://example.test/x', retrievedAt: '2026-01-01T00:00:00Z' };
const fact = <T>(value: T): Fact<T> => ({ value, source });
/** An incident source that covers the asset (the asset is mapped into it). */
const COVERED = [{ source, covers: true, reason: 'its mapping links 2 records to this asset' }];
const NOW = new Date('2026-11-22T00:00:00Z');

const positive = fc.double({ min: 0, max: 1e13, noNaN: true });
const ratio = fc.double({ min: 0, max: 1, noNaN: true });
const date = fc
  .date({ min: new Date('2005-01-01'), max: NOW, noInvalidDate: true })
  .map((d) => d.toISOString());

const evidenceArbitrary: fc.Arbitrary<AssetEvidence> = fc.record(
  {
    marketCapUsd: positive.map(fact),
    volume24hUsd: positive.map(fact),
    supply: fc
      .record({
        circulating: fc.option(positive, { nil: null }),
        total: fc.option(positive, { nil: null }),
        max: fc.option(positive, { nil: null }),
      })
      .map(fact),
    watchlistUsers: fc.nat({ max: 10_000_000 }).map(fact),
    genesisDate: date.map(fact),
    athChangeRatio: fc.double({ min: -1, max: 0, noNaN: true }).map(fact),
    team: fc.record({ identified: fc.boolean(), publicCode: fc.boolean(), note: fc.string() }).map(fact),
    useCase: fc
      .record({
        description: fc.string(),
        categories: fc.array(
          fc.constantFrom('Meme', 'DeFi', 'Layer 1 (L1)', 'Gaming', 'Stablecoins', 'Other'),
        ),
        marketCapRank: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: undefined }),
      })
      .map((u) =>
        fact(u.marketCapRank === undefined ? { description: u.description, categories: u.categories } : u),
      ),
    chain: fc.constantFrom('layer1' as const, 'layer2' as const, 'token' as const).map(fact),
    topHoldersShare: ratio.map(fact),
    audits: fc
      .record({ count: fc.nat({ max: 20 }), latestYear: fc.integer({ min: 2015, max: 2026 }) })
      .map(fact),
    hacks: fc
      .array(
        fc.record({
          name: fc.string(),
          date,
          amountUsd: fc.double({ min: 0, max: 2e9, noNaN: true }),
          returnedUsd: fc.double({ min: 0, max: 2e9, noNaN: true }),
        }),
        { maxLength: 4 },
      )
      .map(fact),
    tvlUsd: positive.map(fact),
    profile: fc.record({ kind: fc.constantFrom(...ASSET_KINDS) }).map(fact),
    liquidity: fc
      .record(
        {
          exchangeCount: fc.nat({ max: 2_000 }),
          medianSpread: fc.double({ min: 0, max: 0.2, noNaN: true }),
          depthPlus2Usd: fc.double({ min: 0, max: 1e9, noNaN: true }),
          depthMinus2Usd: fc.double({ min: 0, max: 1e9, noNaN: true }),
        },
        { requiredKeys: ['exchangeCount'] },
      )
      .map(fact),
    social: fc
      .record({ twitterFollowers: fc.nat({ max: 10_000_000 }), links: fc.constant<string[]>([]) })
      .map(fact),
    developer: fc
      .record({ commits4Weeks: fc.nat({ max: 1_000 }), contributors: fc.nat({ max: 2_000 }) })
      .map(fact),
    priceHistory: fc
      .record({
        maxDrawdown: ratio,
        annualisedVolatility: fc.double({ min: 0, max: 4, noNaN: true }),
        days: fc.constant(365),
      })
      .map(fact),
    holders: fc
      .record({ top10Share: ratio, largest: fc.constant<HolderEntry[]>([]) })
      .map((h) => fact({ ...h, top10ShareExcludingLabelled: h.top10Share / 2 })),
    incidents: fc
      .array(
        fc.record(
          {
            kind: fc.constantFrom(...INCIDENT_KINDS),
            date: date.map((d) => d.slice(0, 10)),
            title: fc.constant('incident'),
            summary: fc.constant('summary'),
            amountUsd: fc.double({ min: 0, max: 1e10, noNaN: true }),
            link: fc.constant('https://example.test/incident'),
            collapse: fc.boolean(),
            teamAtFault: fc.boolean(),
          },
          { requiredKeys: ['kind', 'date', 'title', 'summary', 'link'] },
        ),
        { maxLength: 3 },
      )
      .map(fact),
  },
  { requiredKeys: [] },
);

// The property tests generate rich evidence; the machine is shared, so they get room to run.
describe('scoring rules', () => {
  it('give every category a whole score between 1 and 5 for any evidence', () => {
    fc.assert(
      fc.property(evidenceArbitrary, (evidence) => {
        for (const category of CATEGORIES) {
          const { score, facts } = SCORERS[category.key](evidence, NOW);
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(1);
          expect(score).toBeLessThanOrEqual(5);
          expect(facts.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('say what would move every score up or down, and name the risk of every low score', () => {
    fc.assert(
      fc.property(evidenceArbitrary, (evidence) => {
        for (const category of CATEGORIES) {
          const result = SCORERS[category.key](evidence, NOW);
          const where = `${category.key} at ${result.score}`;
          expect(Boolean(result.nextUp), where).toBe(result.score < 5);
          expect(Boolean(result.nextDown), where).toBe(result.score > 1);
          if (result.score <= 2) expect(result.keyRisk, where).toBeTruthy();
        }
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('keep the total within 15.40-77 and the risk level consistent with it', () => {
    fc.assert(
      fc.property(evidenceArbitrary, (evidence) => {
        const scores = buildScores(
          Object.fromEntries(
            CATEGORIES.map((c) => [c.key, SCORERS[c.key](evidence, NOW).score]),
          ) as CategoryScores,
        );
        expect(scores.totalScore).toBeGreaterThanOrEqual(15.4);
        expect(scores.totalScore).toBeLessThanOrEqual(MAX_TOTAL);
        expect(scores.riskLevel).toBe(
          scores.totalScore >= 51 ? 'Likely Safe' : scores.totalScore >= 36 ? 'Potential' : 'Not Safe',
        );
      }),
    );
  });

  it('score 1 with "No evidence found" for every category of an unknown asset', () => {
    for (const category of CATEGORIES) {
      const result = SCORERS[category.key]({}, NOW);
      expect(result.score).toBe(1);
      expect(result.facts[0]).toMatch(/^No evidence found/);
      expect(result.evidenceFound).toBe(false);
    }
  });

  it('are monotonic: a larger market cap never scores lower', () => {
    fc.assert(
      fc.property(positive, positive, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(scoreMarketCap({ marketCapUsd: fact(high) }).score).toBeGreaterThanOrEqual(
          scoreMarketCap({ marketCapUsd: fact(low) }).score,
        );
      }),
    );
  });

  it('are monotonic: more volume for the same market cap never scores lower', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e12, noNaN: true }), positive, positive, (cap, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const score = (v: number) => scoreVolume({ marketCapUsd: fact(cap), volume24hUsd: fact(v) }).score;
        expect(score(high)).toBeGreaterThanOrEqual(score(low));
      }),
    );
  });

  it('are monotonic: a larger hack loss never scores higher', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2e9, noNaN: true }),
        fc.double({ min: 0, max: 2e9, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const score = (amount: number) =>
            scoreHacks(
              { hacks: fact([{ name: 'x', date: '2020-01-01', amountUsd: amount, returnedUsd: 0 }]) },
              NOW,
            ).score;
          expect(score(high)).toBeLessThanOrEqual(score(low));
          expect(score(low)).toBeLessThanOrEqual(4);
        },
      ),
    );
  });

  it('follow the documented thresholds at their edges', () => {
    expect(scoreMarketCap({ marketCapUsd: fact(10e9) }).score).toBe(5);
    expect(scoreMarketCap({ marketCapUsd: fact(9.99e9) }).score).toBe(4);
    expect(scoreMarketCap({ marketCapUsd: fact(9e6) }).score).toBe(1);
    expect(scoreHacks({ hacks: fact([]), incidentCoverage: COVERED }, NOW).score).toBe(5);
    expect(
      scoreHacks(
        { hacks: fact([{ name: 'Ronin', date: '2022-03-23', amountUsd: 625e6, returnedUsd: 30e6 }]) },
        NOW,
      ).score,
    ).toBe(1);
    const meme = scoreUseCase({
      useCase: fact({ description: 'A meme', categories: ['Meme', 'DeFi'], marketCapRank: 10 }),
    });
    expect(meme.score).toBe(2);
  });
});

describe('offline snapshot', () => {
  it('covers at least 150 dated assets including stablecoins, memes, layer 2s, DeFi and failed assets', () => {
    expect(SNAPSHOT_ASSETS.length).toBeGreaterThanOrEqual(150);
    for (const kind of ['stablecoin', 'meme', 'layer2', 'defi', 'layer1'] as const)
      expect(SNAPSHOT_ASSETS.filter((a) => a.kind === kind).length, kind).toBeGreaterThanOrEqual(8);
    for (const failed of ['LUNC', 'USTC', 'FTT', 'CEL', 'SFM', 'SQUID', 'BCC', 'TITAN'])
      expect(findSnapshotAsset(failed), failed).toBeDefined();
    // Offline facts come only from public datasets, each source naming its dataset and commit.
    const tether = snapshotMarketEvidence(findSnapshotAsset('USDT')!);
    expect(tether.stablecoin?.value.pegMechanism).toBe('fiat-backed');
    expect(tether.stablecoin?.source.dataset?.version).toMatch(/^[0-9a-f]{40}$/);
    expect(tether.marketCapUsd).toBeUndefined();
    const curve = snapshotSecurityEvidence(findSnapshotAsset('CRV')!).incidents;
    expect(curve?.value.some((i) => i.origin?.kind === 'dataset' && (i.amountUsd ?? 0) >= 40e6)).toBe(true);
    expect(curve?.source.dataset?.name).toBe('SunWeb3Sec/DeFiHackLabs');
  });

  it('resolves names, symbols and aliases in any case, and nothing else', () => {
    expect(findSnapshotAsset('  BITCOIN ')?.id).toBe('bitcoin');
    expect(findSnapshotAsset('btc')?.id).toBe('bitcoin');
    expect(findSnapshotAsset('Binance Coin')?.id).toBe('binancecoin');
    expect(findSnapshotAsset('usdt')?.id).toBe('tether');
    expect(findSnapshotAsset('not a coin')).toBeUndefined();
    expect(findSnapshotAsset('Terra Classic')?.symbol).toBe('LUNC');
  });

  it('answers searches with kind, and states only what the public datasets hold', () => {
    const [first] = searchSnapshot('usd', 5);
    expect(first).toMatchObject({ kind: 'stablecoin' });
    expect(searchSnapshot('shib', 3)[0]).toMatchObject({
      id: 'shiba-inu',
      kind: 'meme',
      platform: 'Ethereum',
    });
    // No public dataset offline holds order books, holders or market figures: none are invented.
    const eth = snapshotMarketEvidence(findSnapshotAsset('ETH')!);
    expect(eth.liquidity).toBeUndefined();
    expect(eth.holders).toBeUndefined();
    expect(eth.marketCapUsd).toBeUndefined();
    expect(snapshotMarketEvidence(findSnapshotAsset('USDC')!).stablecoin?.value.pegType).toBe('peggedUSD');
  });
});

const NO_INCIDENTS = fact<IncidentRecord[]>([]);
const incident = (overrides: Partial<IncidentRecord>): IncidentRecord => ({
  kind: 'fraud',
  date: '2022-05-09',
  title: 'An incident',
  summary: 'What happened.',
  link: 'https://example.test/write-up',
  ...overrides,
});

describe('methodology 2026.11-2 rules', () => {
  it('score liquidity on absolute volume: the largest asset is not punished for its size', () => {
    // Bitcoin-like: $30 billion a day is only 1.4% of a $2.14 trillion market cap (v1 gave 2/5).
    const bitcoin = scoreVolume({
      marketCapUsd: fact(2.14e12),
      volume24hUsd: fact(30e9),
      liquidity: fact({
        exchangeCount: 1_200,
        medianSpread: 0.0001,
        depthPlus2Usd: 450e6,
        depthMinus2Usd: 450e6,
      }),
    });
    expect(bitcoin.score).toBe(5);
    expect(bitcoin.facts.join(' ')).toMatch(
      /\$30\.00 billion.*Exchanges listing it: 1,?200.*±2% \(both sides\): \$900\.00 million/,
    );
    expect(scoreVolume({ volume24hUsd: fact(5e6) }).score).toBe(2);
  });

  it('take one point (never more) for thin books, a wide spread or very low turnover', () => {
    const base = { marketCapUsd: fact(1e9), volume24hUsd: fact(200e6) }; // 4 on volume alone
    expect(scoreVolume(base).score).toBe(4);
    const thin = { exchangeCount: 10, depthPlus2Usd: 50e3, depthMinus2Usd: 50e3 };
    expect(scoreVolume({ ...base, liquidity: fact(thin) }).score).toBe(3);
    expect(scoreVolume({ ...base, liquidity: fact({ exchangeCount: 10, medianSpread: 0.02 }) }).score).toBe(
      3,
    );
    expect(scoreVolume({ ...base, marketCapUsd: fact(300e9) }).score).toBe(3); // turnover 0.07%
    expect(
      scoreVolume({ ...base, marketCapUsd: fact(300e9), liquidity: fact({ ...thin, medianSpread: 0.05 }) })
        .score,
    ).toBe(3);
    expect(scoreVolume(base).facts.join(' ')).toMatch(/Missing: order-book depth or bid-ask spread\./);
  });

  it('combine reach with development activity in Social Metrics', () => {
    const reach = { watchlistUsers: fact(1_500_000) };
    expect(scoreSocial({ ...reach, developer: fact({ commits4Weeks: 250, contributors: 400 }) }).score).toBe(
      5,
    );
    expect(scoreSocial({ ...reach, developer: fact({ commits4Weeks: 0, contributors: 3 }) }).score).toBe(3);
    const noRepo = scoreSocial(reach);
    expect(noRepo.score).toBe(3);
    expect(noRepo.facts.join(' ')).toMatch(/Missing: .*public development activity/);
    expect(scoreSocial({ social: fact({ twitterFollowers: 2_500_000, links: [] }) }).score).toBe(3);
  });

  it('read the price history in Existence/Growth', () => {
    const old = { genesisDate: fact('2015-01-01') }; // 5 on age alone
    expect(scoreExistence(old, NOW).score).toBe(5);
    expect(scoreExistence({ ...old, athChangeRatio: fact(-0.95) }, NOW).score).toBe(4);
    expect(scoreExistence({ ...old, athChangeRatio: fact(-0.999) }, NOW).score).toBe(3);
    const swings = { maxDrawdown: 0.5, annualisedVolatility: 1.4, days: 365 };
    expect(scoreExistence({ ...old, priceHistory: fact(swings) }, NOW).score).toBe(4);
    expect(scoreExistence({ ...old, priceHistory: fact({ ...swings, maxDrawdown: 0.85 }) }, NOW).score).toBe(
      4,
    );
  });

  it('state a dataset figure with its date and dataset, and score it with the same ladders', () => {
    const dated: Source = {
      title: 'Coin Metrics community data, csv/wbtc.csv',
      url: 'https://github.com/coinmetrics/data/blob/0019689871f3c18752d33855f70df873878b6936/csv/wbtc.csv',
      publishedAt: '2023-12-14',
      dataset: {
        name: 'coinmetrics/data',
        version: '0019689871f3c18752d33855f70df873878b6936',
        license: 'CC BY-NC 4.0',
        url: '',
      },
      retrievedAt: '2023-12-14T00:00:00.000Z',
      live: false,
    };
    const cap = scoreMarketCap({ marketCapUsd: { value: 6659131304.233533, source: dated } });
    expect(cap.score).toBe(4);
    expect(cap.facts[0]).toBe(
      'Market capitalisation: $6.66 billion on 2023-12-14 (coinmetrics/data, CC BY-NC 4.0).',
    );
    // The analysis states the figure with its date and dataset too.
    expect(cap.rationale).toMatch(
      /: \$6\.66 billion on 2023-12-14 \(coinmetrics\/data, CC BY-NC 4\.0\) scores 4\.$/,
    );
    // Issued units without a cap: no claim that there is no hard cap, and no evidence.
    const supply = {
      value: { circulating: 154744.26789025, total: null, max: null, maxUnknown: true },
      source: dated,
    };
    const total = scoreTotalSupply({ supply });
    expect(total.evidenceFound).toBe(false);
    expect(total.facts.join(' ')).not.toMatch(/no hard cap/);
    expect(total.facts[0]).toMatch(
      /^The source counts a supply of 154,744 units on 2023-12-14 .*no maximum supply/,
    );
  });

  it('count age from the first priced date when the launch date is unknown, as a lower bound', () => {
    const priced = scoreExistence({ pricedSince: fact('2022-12-14') }, NOW);
    // 3.9 years at least: level 3; the launch date is said to be missing.
    expect(priced.score).toBe(3);
    expect(priced.evidenceFound).toBe(true);
    expect(priced.facts.join(' ')).toMatch(/Priced since: 2022-12-14.*Age, lower bound: 3\.9 years/);
    expect(priced.rationale).toMatch(/at least 3\.9 years/);
    // A dated dataset proves the age up to its own date, not to the clock: the asset may have
    // stopped trading since. A lower bound alone is never "a short track record": its risk is the
    // short history there is to judge the asset by, with the day and the years it proves.
    const datedSource = { ...source, publishedAt: '2024-06-14' };
    const toFigure = scoreExistence({ pricedSince: { value: '2022-12-14', source: datedSource } }, NOW);
    expect(toFigure.facts[1]).toBe('Age, lower bound: 1.5 years to 2024-06-14.');
    expect(toFigure.score).toBe(2);
    expect(toFigure.keyRisk).toBe(
      'A short history to judge this asset by: priced only since 2022-12-14, 1.5 years to 2024-06-14 (its launch date is not in the sources).',
    );
    expect(scoreExistence({ genesisDate: fact('2025-06-01') }, NOW).keyRisk).toMatch(/short track record/);
    // A known launch date wins over the lower bound.
    expect(
      scoreExistence({ genesisDate: fact('2015-01-01'), pricedSince: fact('2022-12-14') }, NOW).score,
    ).toBe(5);
    // The dataset's 180-day volatility above 100% a year costs a point; a sampled fall says how it was sampled.
    const volatile = { annualisedVolatility: 1.2, days: 180, oneYearReturn: -0.4 };
    const swings = scoreExistence({ pricedSince: fact('2022-12-14'), priceHistory: fact(volatile) }, NOW);
    expect(swings.score).toBe(2);
    expect(swings.facts.join(' ')).toMatch(/over the 180 days was 120\.0% a year .*price fell by 40\.0%/);
    expect(swings.facts.join(' ')).toMatch(
      /Missing: .*price history long enough to measure its largest fall/,
    );
    const sampled = {
      ...volatile,
      annualisedVolatility: 0.5,
      maxDrawdown: 0.85,
      drawdownSampling: '13 closes',
    };
    const fall = scoreExistence({ pricedSince: fact('2022-12-14'), priceHistory: fact(sampled) }, NOW);
    expect(fall.score).toBe(2);
    expect(fall.facts.join(' ')).toMatch(/largest fall between 13 closes was 85\.0%/);
  });

  it('leave labelled exchange and contract wallets out of holder concentration', () => {
    const holders = {
      top10Share: 0.62,
      top10ShareExcludingLabelled: 0.3,
      largest: [{ address: '0xdead', share: 0.41, label: 'Contract: burn address' }],
    };
    const result = scoreDexHolders({ holders: fact(holders) });
    expect(result.score).toBe(4);
    expect(result.facts.join(' ')).toMatch(/Contract: burn address \(41\.0%\)/);
    expect(scoreDexHolders({ holders: fact({ top10Share: 0.62, largest: [] }) }).score).toBe(2);
  });

  it('do not score Hacks/Scandals 5 when no searched source covers the asset: it is not assessed and names what was searched', () => {
    const searched = [
      { source, covers: false, reason: 'none of its 857 exploit records is mapped to this asset' },
    ];
    const silent = scoreHacks({ hacks: fact([]), incidents: NO_INCIDENTS, incidentCoverage: searched }, NOW);
    expect(silent.evidenceFound).toBe(false);
    expect(silent.gap?.reason).toBe('notCovered');
    expect(silent.facts.join(' ')).toContain('none of its 857 exploit records is mapped to this asset');
    expect(silent.sources).toEqual([source]);
    const assessed = assess(silent);
    expect(assessed.status).toBe('notAssessed');
    // Nothing searched at all is no clean record either.
    expect(assess(scoreHacks({ incidents: NO_INCIDENTS }, NOW)).status).toBe('notAssessed');
    // A covering source with no record is the clean record that scores 5, citing that source.
    const clean = assess(scoreHacks({ incidents: NO_INCIDENTS, incidentCoverage: COVERED }, NOW));
    expect(clean.status === 'scored' && clean.score).toBe(5);
    expect(clean.status === 'scored' && clean.sources[0]).toEqual(source);
  });

  it('score curated incidents in Hacks/Scandals: collapse, regulator action, recency, one count per event', () => {
    expect(
      scoreHacks({ hacks: fact([]), incidents: NO_INCIDENTS, incidentCoverage: COVERED }, NOW).score,
    ).toBe(5);
    const collapse = incident({ kind: 'depeg', collapse: true, amountUsd: 40e9 });
    expect(scoreHacks({ hacks: fact([]), incidents: fact([collapse]) }, NOW).score).toBe(1);
    const regulator = incident({ kind: 'regulatory action', date: '2020-12-22' });
    expect(scoreHacks({ hacks: fact([]), incidents: fact([regulator]) }, NOW).score).toBe(4);
    expect(
      scoreHacks({ hacks: fact([]), incidents: fact([{ ...regulator, date: '2026-01-10' }]) }, NOW).score,
    ).toBe(3);
    const hack = { name: 'Bridge', date: '2022-10-06', amountUsd: 5e6, returnedUsd: 0 };
    const sameHack = incident({ kind: 'hack', date: '2022-10-07', amountUsd: 500e6 });
    expect(scoreHacks({ hacks: fact([hack]), incidents: fact([sameHack]) }, NOW).score).toBe(3);
    const result = scoreHacks({ hacks: fact([]), incidents: fact([collapse]) }, NOW);
    expect(result.sources.map((s) => s.url)).toContain('https://example.test/write-up');
  });

  it('score Team 1 after fraud by the people behind the asset, and 2 points less after a regulator finding', () => {
    const team = {
      team: fact({ identified: true, publicCode: true, note: 'A foundation.' }),
      genesisDate: fact('2015-01-01'),
    };
    expect(scoreTeam(team, NOW).score).toBe(5);
    expect(scoreTeam({ ...team, incidents: fact([incident({ teamAtFault: true })]) }, NOW).score).toBe(1);
    const plea = incident({ kind: 'regulatory action', teamAtFault: true });
    expect(scoreTeam({ ...team, incidents: fact([plea]) }, NOW).score).toBe(3);
    expect(scoreTeam({ ...team, incidents: fact([incident({ teamAtFault: false })]) }, NOW).score).toBe(5);
  });

  it("cap size and attention at 2 after the asset's own recorded collapse", () => {
    const collapsed = fact([incident({ kind: 'exchange collapse', collapse: true })]);
    const big = { marketCapUsd: fact(50e9), volume24hUsd: fact(5e9), watchlistUsers: fact(2e6) };
    expect(scoreMarketCap({ ...big, incidents: collapsed }).score).toBe(2);
    expect(scoreVolume({ ...big, incidents: collapsed }).score).toBe(2);
    expect(scoreSocial({ ...big, incidents: collapsed }).score).toBe(2);
    expect(scoreExistence({ genesisDate: fact('2012-01-01'), incidents: collapsed }, NOW).score).toBe(2);
    const capped = scoreMarketCap({ ...big, incidents: collapsed });
    expect(capped.keyRisk).toMatch(/already collapsed/);
    expect(scoreMarketCap(big).score).toBe(5);
  });

  it('treat a meme kind as a meme even without a meme category', () => {
    const use = fact({ description: 'A token.', categories: ['Solana Ecosystem'], marketCapRank: 30 });
    expect(scoreUseCase({ useCase: use, profile: fact({ kind: 'meme' as const }) }).score).toBe(2);
    expect(scoreUseCase({ useCase: use, profile: fact({ kind: 'layer1' as const }) }).score).toBe(5);
  });
});

describe('curated incident list', () => {
  it('cites a public write-up for every incident and names only assets the snapshot knows', () => {
    expect(CURATED_INCIDENTS.length).toBeGreaterThanOrEqual(5);
    const kinds = new Set(CURATED_INCIDENTS.map((i) => i.kind));
    for (const kind of ['regulatory action', 'fraud', 'hack'] as const)
      expect(kinds.has(kind), kind).toBe(true);
    for (const entry of CURATED_INCIDENTS) {
      expect(entry.document.url).toMatch(/^https:\/\/[^/]+\/./);
      expect(entry.document.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const id of entry.assets)
        expect(
          SNAPSHOT_ASSETS.some((a) => a.id === id),
          id,
        ).toBe(true);
    }
  });

  it('reaches the evidence of the assets it names, and nothing of the others', () => {
    const ftx = snapshotSecurityEvidence(findSnapshotAsset('FTT')!).incidents;
    // FTX's own entries of Web3 is Going Just Great are there too (decision 0312), none a knockout.
    const curated = ftx?.value.filter((i) => i.origin?.kind === 'curated');
    expect(curated?.map((i) => [i.kind, i.knockout])).toEqual([
      ['exchange collapse', 'issuer-bankruptcy'],
      ['fraud', 'fraud-conviction'],
    ]);
    expect(ftx?.value.filter((i) => i.origin?.kind !== 'curated' && i.knockout)).toEqual([]);
    expect(ftx?.source.title).toMatch(/DeFiHackLabs/);
    expect(snapshotSecurityEvidence(findSnapshotAsset('BTC')!).incidents?.value).toEqual([]);
  });
});
