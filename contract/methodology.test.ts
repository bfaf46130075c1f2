import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildScores,
  CATEGORIES,
  type CategoryScores,
  compositeOutOfFive,
  ratingBand,
  riskLevel,
  totalScore,
  WEIGHT_SUM,
} from './methodology';

const all = (score: number) => Object.fromEntries(CATEGORIES.map((c) => [c.key, score])) as CategoryScores;

describe('methodology', () => {
  it('has the 12 categories and weights of the spec (sum 15)', () => {
    expect(CATEGORIES).toHaveLength(12);
    expect(WEIGHT_SUM).toBe(15);
    expect(CATEGORIES.filter((c) => c.weight === 2).map((c) => c.name)).toEqual([
      'Volume',
      'Social Metrics',
      'Existence/Growth',
    ]);
  });

  it('maps all-1 to 15.40 and all-5 to 77.00 on the 77-point scale', () => {
    expect(totalScore(all(1))).toBe(15.4);
    expect(totalScore(all(5))).toBe(77);
    expect(compositeOutOfFive(77)).toBe(5);
  });

  it('bands the composite out of 5 and the risk level as documented', () => {
    expect(ratingBand(4)).toBe('Excellent');
    expect(ratingBand(3.99)).toBe('Good');
    expect(ratingBand(3)).toBe('Good');
    expect(ratingBand(2.99)).toBe('Poor');
    expect(riskLevel(51)).toBe('Likely Safe');
    expect(riskLevel(50.99)).toBe('Potential');
    expect(riskLevel(36)).toBe('Potential');
    expect(riskLevel(35.99)).toBe('Not Safe');
  });

  it('keeps every total within 15.40-77 and is monotonic in each category', () => {
    const scoresArb = fc.record(
      Object.fromEntries(
        CATEGORIES.map((c) => [c.key, fc.double({ min: -10, max: 20, noNaN: true })]),
      ) as Record<keyof CategoryScores, fc.Arbitrary<number>>,
    );
    fc.assert(
      fc.property(scoresArb, fc.constantFrom(...CATEGORIES.map((c) => c.key)), (raw, key) => {
        const scores = buildScores(raw);
        expect(scores.totalScore).toBeGreaterThanOrEqual(15.4);
        expect(scores.totalScore).toBeLessThanOrEqual(77);
        const better = buildScores({ ...raw, [key]: Math.min(5, scores[key] + 1) });
        expect(better.totalScore).toBeGreaterThanOrEqual(scores.totalScore);
      }),
    );
  });
});
