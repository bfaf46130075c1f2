import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildScores, CATEGORIES, type CategoryScores, MAX_TOTAL } from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import type { AssetEvidence, Fact } from './evidence';
import { SCORERS, scoreHacks, scoreMarketCap, scoreUseCase, scoreVolume } from './scoring';
import { findSnapshotAsset, snapshotMarketEvidence, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

const source: Source = { title: 'test', url: 'https://example.test/x', retrievedAt: '2026-01-01T00:00:00Z' };
const fact = <T>(value: T): Fact<T> => ({ value, source });
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
  },
  { requiredKeys: [] },
);

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
  });

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
    expect(scoreHacks({ hacks: fact([]) }, NOW).score).toBe(5);
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
  it('covers at least 25 dated assets including a stablecoin, a meme coin and a known hack', () => {
    expect(SNAPSHOT_ASSETS.length).toBeGreaterThanOrEqual(25);
    expect(SNAPSHOT_ASSETS.some((a) => a.categories.includes('Stablecoins'))).toBe(true);
    expect(SNAPSHOT_ASSETS.some((a) => a.categories.includes('Meme'))).toBe(true);
    expect(SNAPSHOT_ASSETS.some((a) => a.hacks.some((h) => h.amountUsd >= 100e6))).toBe(true);
    const evidence = snapshotMarketEvidence(SNAPSHOT_ASSETS[0]!);
    expect(evidence.marketCapUsd?.source.title).toMatch(/offline snapshot .* as of 2025-06-30/);
    expect(snapshotSecurityEvidence(SNAPSHOT_ASSETS[0]!).hacks?.source.retrievedAt).toMatch(/^2025-06-30/);
  });

  it('resolves names, symbols and aliases in any case, and nothing else', () => {
    expect(findSnapshotAsset('  BITCOIN ')?.id).toBe('bitcoin');
    expect(findSnapshotAsset('btc')?.id).toBe('bitcoin');
    expect(findSnapshotAsset('Binance Coin')?.id).toBe('binancecoin');
    expect(findSnapshotAsset('usdt')?.id).toBe('tether');
    expect(findSnapshotAsset('not a coin')).toBeUndefined();
  });
});
