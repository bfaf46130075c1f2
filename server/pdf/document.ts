import type { DatedChart } from '../../contract/charts';
import {
  CATEGORIES,
  type CategoryKey,
  compositeOutOfFive,
  METHODOLOGY_VERSION,
  type RatingBand,
  RISK_LEVEL_LABELS,
  type RiskLevel,
  ratingBand,
  riskLevel,
} from '../../contract/methodology';
import {
  agentResearchDataSchema,
  type ReportSections,
  type ReportStatus,
  type ScoreArithmetic,
  type Source,
  scoreArithmetic,
  sourceKey,
} from '../../contract/reports';
import { scoresSchema } from '../../contract/scores';
import type { DbExecutor } from '../db/client';
import { reportSections } from '../domain/report-sections';
import { type BacktestForPdf, backtestForPdf } from './backtest';
import { findReportForPdf, listCategoryProgressForPdf } from './repository';
import { loadSeriesForPdf, type SeriesForPdf } from './series';

// Everything the PDF shows, read once from the database into plain values, so the renderer is
// a pure function of this model (and can be benchmarked and tested without a database).

export interface NumberedSource extends Source {
  /** 1-based position in the report's numbered sources list. */
  number: number;
}

export interface CategorySection {
  key: CategoryKey;
  name: string;
  agentName: string;
  weight: number;
  /** 1-5, or null when the agent produced no score. */
  score: number | null;
  /** weight x score: this category's part of the weighted sum (out of weight x 5). */
  contribution: number;
  status: ReportStatus;
  completedAt: Date | null;
  findings: string;
  analysis: string;
  scoreNote: string | null;
  sources: NumberedSource[];
  /** A dated line drawn with the category (the unlock schedule of Circulating Supply). */
  chart: DatedChart | null;
}

export interface ReportDocument {
  reportId: number;
  assetName: string;
  status: ReportStatus;
  /** Total on the 77-point scale (composite_score); null when Not rated. */
  total: number | null;
  compositeOutOf5: number;
  band: RatingBand;
  /** False for a "Not rated" report: too little evidence for a composite or a risk level. */
  rated: boolean;
  /** Null when Not rated. */
  risk: RiskLevel | null;
  methodologyVersion: string;
  createdAt: Date;
  completedAt: Date | null;
  categories: CategorySection[];
  /** How the total was computed (the categories counted, S, M, T), as the page and text print it. */
  arithmetic: ScoreArithmetic;
  /** Paragraphs of report_content (separated by blank lines); the first is the executive summary. */
  paragraphs: string[];
  sources: NumberedSource[];
  /** Key risks, score changes, coverage, peers; null for reports researched before them. */
  sections: ReportSections | null;
  /** Score history and changes since the previous version of the asset's report, when loaded. */
  series?: SeriesForPdf | null;
  /** The asset's back-tested ratings (decision 0293), when the back-test lists the asset. */
  backtest?: BacktestForPdf | null;
}

/** The fields of a research report the PDF is built from. */
export interface ReportForPdf {
  id: number;
  assetName: string;
  status: ReportStatus;
  compositeScore: string;
  scores: unknown;
  reportContent: string | null;
  methodologyVersion: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

/** The fields of one category's research progress the PDF is built from. */
export interface CategoryProgressForPdf {
  categoryKey: string;
  agentName: string;
  status: ReportStatus;
  score: string | null;
  researchData: unknown;
  completedAt: Date | null;
}

export function splitParagraphs(content: string | null): string[] {
  return (content ?? '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** Builds the document model from stored rows; sources are numbered once, in category order. */
export function buildReportDocument(
  report: ReportForPdf,
  progress: CategoryProgressForPdf[],
  sections: ReportSections | null = null,
): ReportDocument {
  const parsedScores = scoresSchema.partial().safeParse(report.scores);
  const storedScores = parsedScores.success ? parsedScores.data : {};
  const byKey = new Map(progress.map((row) => [row.categoryKey, row]));
  const numbered = new Map<string, NumberedSource>();

  const categories = CATEGORIES.map((category): CategorySection => {
    const row = byKey.get(category.key);
    const data = agentResearchDataSchema.safeParse(row?.researchData);
    const rowScore = row?.score == null ? null : Number(row.score);
    const score = storedScores[category.key] ?? rowScore;
    const sources = (data.success ? data.data.sources : []).map((source) => {
      const key = sourceKey(source);
      let entry = numbered.get(key);
      if (!entry) {
        entry = { ...source, number: numbered.size + 1 };
        numbered.set(key, entry);
      }
      return entry;
    });
    return {
      key: category.key,
      name: category.name,
      agentName: row?.agentName ?? category.agentName,
      weight: category.weight,
      score,
      contribution: score == null ? 0 : category.weight * score,
      status: row?.status ?? 'pending',
      completedAt: row?.completedAt ?? null,
      findings: data.success ? data.data.findings : '',
      analysis: data.success ? data.data.analysis : '',
      scoreNote: data.success ? (data.data.scoreNote ?? null) : null,
      sources,
      chart: data.success ? (data.data.chart ?? null) : null,
    };
  });

  const fullScores = scoresSchema.safeParse(report.scores);
  const arithmetic = fullScores.success
    ? scoreArithmetic(
        fullScores.data,
        categories.map((c) => {
          const data = agentResearchDataSchema.safeParse(byKey.get(c.key)?.researchData);
          return { key: c.key, hasEvidence: !data.success || data.data.coverage?.kind !== 'none' };
        }),
        categories.flatMap((c) => {
          const data = agentResearchDataSchema.safeParse(byKey.get(c.key)?.researchData);
          return data.success && data.data.knockout ? [c.key] : [];
        }),
      )
    : legacyArithmetic(categories, Number(report.compositeScore));
  const rated = storedScores.rated !== false && arithmetic.rated;
  const total = rated ? Number(report.compositeScore) : null;
  const composite = compositeOutOfFive(total ?? 0);
  return {
    reportId: report.id,
    assetName: report.assetName,
    status: report.status,
    total,
    compositeOutOf5: composite,
    band: ratingBand(composite),
    rated,
    risk: rated ? (storedScores.riskLevel ?? riskLevel(total ?? 0)) : null,
    methodologyVersion: report.methodologyVersion ?? METHODOLOGY_VERSION,
    createdAt: report.createdAt,
    completedAt: report.completedAt,
    categories,
    arithmetic,
    paragraphs: splitParagraphs(report.reportContent),
    sources: [...numbered.values()],
    sections,
  };
}

/** Reports stored without parseable scores: the twelve categories as stored, the stored total. */
function legacyArithmetic(categories: CategorySection[], total: number): ScoreArithmetic {
  const counted = categories.filter((c) => c.score != null);
  return {
    rated: total > 0,
    counted: counted.map((c) => ({
      category_key: c.key,
      category: c.name,
      weight: c.weight,
      score: c.score!,
      contribution: c.contribution,
    })),
    notCounted: categories.filter((c) => c.score == null).map((c) => c.name),
    weightedSum: counted.reduce((sum, c) => sum + c.contribution, 0),
    maxWeightedSum: counted.reduce((sum, c) => sum + c.weight, 0) * 5,
    total: total > 0 ? total : null,
    riskLevel: total > 0 ? RISK_LEVEL_LABELS[riskLevel(total)] : null,
    knockouts: [],
  };
}

/** Reads a report and its 12 agent rows; null when the report does not exist. */
export async function loadReportDocument(db: DbExecutor, reportId: number): Promise<ReportDocument | null> {
  const report = await findReportForPdf(db, reportId);
  if (!report) return null;
  const progress = await listCategoryProgressForPdf(db, reportId);
  const document = buildReportDocument(report, progress, reportSections(report, progress));
  return {
    ...document,
    series: await loadSeriesForPdf(db, reportId),
    backtest: report.assetId ? backtestForPdf(report.assetId) : null,
  };
}
