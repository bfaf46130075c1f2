import { CATEGORIES } from '../../contract/methodology';
import { agentResearchDataSchema, type ReportSections } from '../../contract/reports';
import { scoresSchema } from '../../contract/scores';
import { sectionsFromStored } from '../research/report-text';

// The buyer-first sections of a stored report, for the report page and the PDF alike; null for
// reports researched before the sections existed (they render as they always did).

export interface StoredReport {
  status: string;
  researchData: unknown;
  /** The stored scores: they print how the total was computed. */
  scores?: unknown;
}

export interface StoredProgress {
  categoryKey: string;
  score: string | null;
  researchData: unknown;
}

export function reportSections(report: StoredReport, progress: StoredProgress[]): ReportSections | null {
  if (report.status !== 'completed') return null;
  const byKey = new Map(progress.map((row) => [row.categoryKey, row]));
  const categories = CATEGORIES.map((category) => {
    const row = byKey.get(category.key);
    const data = agentResearchDataSchema.safeParse(row?.researchData);
    return {
      key: category.key,
      score: row?.score == null ? null : Number(row.score),
      data: data.success ? data.data : null,
    };
  });
  // The peers come from the report's own stored value, so the page and the PDF say the same.
  const scores = scoresSchema.safeParse(report.scores);
  return sectionsFromStored(report.researchData, categories, scores.success ? scores.data : undefined);
}
