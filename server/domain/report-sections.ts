import { CATEGORIES } from '../../contract/methodology';
import { agentResearchDataSchema, type ReportSections } from '../../contract/reports';
import type { DbExecutor } from '../db/client';
import { sectionsFromStored } from '../research/report-text';
import { peerComparison } from './peer-comparison';

// The buyer-first sections of a stored report, for the report page and the PDF alike; null for
// reports researched before the sections existed (they render as they always did).

export interface StoredReport {
  id: number;
  status: string;
  compositeScore: string;
  assetKind: string | null;
  researchData: unknown;
}

export interface StoredProgress {
  categoryKey: string;
  score: string | null;
  researchData: unknown;
}

export async function reportSections(
  db: DbExecutor,
  report: StoredReport,
  progress: StoredProgress[],
): Promise<ReportSections | null> {
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
  // Old reports skip the peer query: they have no sections to put it in.
  const probe = sectionsFromStored(report.researchData, categories, EMPTY_PEERS);
  if (!probe) return null;
  const peers = await peerComparison(db, {
    reportId: report.id,
    total: Number(report.compositeScore),
    kind: report.assetKind,
  });
  return { ...probe, peers };
}

const EMPTY_PEERS: ReportSections['peers'] = {
  kindLabel: null,
  percentileAll: null,
  comparedAll: 0,
  percentileKind: null,
  comparedKind: 0,
};
