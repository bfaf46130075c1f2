import {
  CATEGORIES,
  type CategoryKey,
  MAX_CATEGORY_SCORE,
  MAX_TOTAL,
  MIN_CATEGORY_SCORE,
  RISK_LEVELS,
} from './methodology';
import { z } from './zod';

// Kept apart from methodology.ts so the documentation page loads the rules without zod.

const categoryScore = z.number().min(MIN_CATEGORY_SCORE).max(MAX_CATEGORY_SCORE);

/** The `scores` JSON of a research report. */
export const scoresSchema = z.object({
  ...(Object.fromEntries(CATEGORIES.map((c) => [c.key, categoryScore])) as Record<
    CategoryKey,
    typeof categoryScore
  >),
  totalScore: z.number().min(12).max(MAX_TOTAL),
  /** Null when the report is not rated (too few categories with evidence). */
  riskLevel: z.enum(RISK_LEVELS).nullable(),
  rated: z.boolean().optional(),
  /** The categories scored on evidence; absent on older reports (all twelve). */
  counted: z.array(z.enum(CATEGORIES.map((c) => c.key) as [CategoryKey, ...CategoryKey[]])).optional(),
  /** The categories not counted entered the total at 1 (from methodology 2026.11-5). */
  gapsAtLowest: z.literal(true).optional(),
});
