import { describe, expect, it } from 'vitest';
import { CATEGORIES, type CategoryKey, MIN_RATED_CATEGORIES, type Scores } from '../../contract/methodology';
import { type Assessment, assess } from './assessment';
import { offlineDemoEvidence } from './offline-report';
import { assessEvidence, verdictInput } from './peers';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';
import { verdictOf } from './verdict';

// Issue 44: missing evidence never raises a score. For every catalogue asset of the offline
// snapshot and every category it has evidence for, the same report without that category's
// evidence has no higher total and no better risk level (decision 0320).

const NOW = new Date('2026-11-29T00:00:00Z');

/** Risk levels from worst to best; Not rated is no level at all. */
const LEVEL_RANK = { 'Not Safe': 0, Potential: 1, 'Likely Safe': 2 } as const;

const withoutEvidence: Assessment = assess({
  score: 1,
  facts: ['No evidence found: removed for this test.'],
  rationale: '',
  sources: [],
  evidenceFound: false,
});

const verdictWith = (categories: Record<CategoryKey, Assessment>): Scores =>
  verdictOf(CATEGORIES.map((c) => verdictInput(c.key, categories[c.key])));

describe('a category without evidence', () => {
  it('never raises the total or improves the risk level of any catalogue asset', () => {
    expect(SNAPSHOT_ASSETS).toHaveLength(168);
    let removals = 0;
    for (const asset of SNAPSHOT_ASSETS) {
      const { categories, scores } = assessEvidence(offlineDemoEvidence(asset), NOW);
      const scoredKeys = CATEGORIES.filter((c) => categories[c.key].status === 'scored').map((c) => c.key);
      for (const key of scoredKeys) {
        const fewer = verdictWith({ ...categories, [key]: withoutEvidence });
        const what = `${asset.id} without ${key}`;
        removals += 1;
        expect(fewer.totalScore, what).toBeLessThanOrEqual(scores.totalScore);
        if (fewer.riskLevel === null) {
          // Withdrawing the verdict is allowed only below the documented floor, never as a better level.
          expect(scoredKeys.length - 1, what).toBeLessThan(MIN_RATED_CATEGORIES);
          continue;
        }
        expect(scores.riskLevel, what).not.toBeNull();
        expect(LEVEL_RANK[fewer.riskLevel], what).toBeLessThanOrEqual(LEVEL_RANK[scores.riskLevel!]);
      }
    }
    expect(removals).toBeGreaterThan(168);
  });

  it('enters the total at the lowest level, over the full weight of 75', () => {
    const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;
    const { categories, scores } = assessEvidence(offlineDemoEvidence(bitcoin), NOW);
    const weighted = CATEGORIES.reduce(
      (sum, c) => sum + c.weight * (categories[c.key].status === 'scored' ? scores[c.key] : 1),
      0,
    );
    expect(scores.totalScore).toBeCloseTo((weighted * 77) / 75, 1);
    expect(CATEGORIES.filter((c) => categories[c.key].status !== 'scored').length).toBeGreaterThan(0);
    // A report on part of the categories does not reach the top of the scale.
    expect(scores.totalScore).toBeLessThan(77);
  });
});
