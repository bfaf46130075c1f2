import { describe, expect, it } from 'vitest';
import { accuracyProfile, rankOrderBreaks, wilson } from './statistics';

describe('back-test statistics', () => {
  it('gives the Wilson 95% interval of a failure rate', () => {
    // Wilson's interval for 5 of 10 and 0 of 10, as tabulated (z = 1.96).
    const half = wilson(5, 10)!;
    expect(half.rate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    const none = wilson(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
    expect(wilson(0, 0)).toBeNull();
  });

  it('computes the accuracy ratio of a small case by hand', () => {
    // Four ratings, riskiest first: scores 1 (failed), 2, 3 (failed), 4. The profile runs
    // (0,0) (.25,.5) (.5,.5) (.75,1) (1,1): area .625; a perfect model's .75 (half fail);
    // AR = (.625 - .5) / (.75 - .5) = 0.5, the same as 2 x AUC - 1 = 2 x 3/4 - 1.
    const { cap, ratio } = accuracyProfile([
      { score: 1, failed: true },
      { score: 2, failed: false },
      { score: 3, failed: true },
      { score: 4, failed: false },
    ]);
    expect(cap).toEqual([
      [0, 0],
      [0.25, 0.5],
      [0.5, 0.5],
      [0.75, 1],
      [1, 1],
    ]);
    expect(ratio).toBeCloseTo(0.5, 10);
  });

  it('scores a perfect ranking 1, a reversed one -1, and steps ties together', () => {
    const perfect = accuracyProfile([
      { score: 1, failed: true },
      { score: 2, failed: false },
      { score: 3, failed: false },
    ]);
    expect(perfect.ratio).toBeCloseTo(1, 10);
    const reversed = accuracyProfile([
      { score: 1, failed: false },
      { score: 2, failed: false },
      { score: 3, failed: true },
    ]);
    expect(reversed.ratio).toBeCloseTo(-1, 10);
    // All tied: no information, AR 0 (the profile is the diagonal).
    const tied = accuracyProfile([
      { score: 5, failed: true },
      { score: 5, failed: false },
    ]);
    expect(tied.cap).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(tied.ratio).toBeCloseTo(0, 10);
    expect(accuracyProfile([{ score: 1, failed: false }]).ratio).toBeNull();
  });

  it('says where rank order breaks', () => {
    expect(
      rankOrderBreaks([
        { band: 'Likely Safe', failures: 1, observable: 100 },
        { band: 'Potential', failures: 5, observable: 100 },
        { band: 'Not Safe', failures: 20, observable: 100 },
      ]),
    ).toEqual([]);
    expect(
      rankOrderBreaks([
        { band: 'Likely Safe', failures: 10, observable: 100 },
        { band: 'Potential', failures: 5, observable: 100 },
        { band: 'Not Safe', failures: 0, observable: 0 },
      ]),
    ).toEqual(['Likely Safe failed more often (10 of 100) than Potential Risk (5 of 100)']);
  });
});
