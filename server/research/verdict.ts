import {
  buildScores,
  CATEGORIES,
  type CategoryKey,
  type CategoryScores,
  type Scores,
} from '../../contract/methodology';
import type { CategoryCoverage } from '../../contract/reports';
import type { KnockoutFinding } from './scoring';

// The one verdict of a report: the research job, the peers, the offline reports, the claim
// checker and the calibration tests all score through this function, so no path can rate an
// asset differently from the report its buyer receives.

export interface ScoredCategory {
  key: CategoryKey;
  score: number;
  coverage?: CategoryCoverage;
  knockout?: KnockoutFinding;
}

/** A category counts when a source held evidence on it (coverage live or snapshot). */
export const hasEvidence = (category: Pick<ScoredCategory, 'coverage'>) =>
  category.coverage !== undefined && category.coverage.kind !== 'none';

/**
 * The scores of a report from its twelve categories: the total over all twelve, a category
 * without evidence counted at the lowest level (decision 0320), Not rated below four with evidence, and Not Safe whenever any category carries a knockout, whatever
 * the coverage.
 */
export function verdictOf(categories: readonly ScoredCategory[]): Scores {
  const byKey = new Map(categories.map((c) => [c.key, c]));
  return buildScores(
    Object.fromEntries(CATEGORIES.map((c) => [c.key, byKey.get(c.key)?.score ?? 1])) as CategoryScores,
    {
      knockout: categories.some((c) => c.knockout),
      withEvidence: categories.filter(hasEvidence).map((c) => c.key),
    },
  );
}
