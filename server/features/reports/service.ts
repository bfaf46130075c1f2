import {
  type AssetCoverage,
  type AssetSuggestion,
  RECENT_REPORT_MAX_AGE_DAYS,
} from '../../../contract/assets';
import { idSchema } from '../../../contract/http';
import { CATEGORIES, isRated, RISK_LEVELS, type RiskLevel } from '../../../contract/methodology';
import { agentResearchDataSchema, type ProgressEntry, type ReportResponse } from '../../../contract/reports';
import { RESEARCH_MESSAGES, type ResearchStartResponse } from '../../../contract/research';
import type { Database, DbExecutor } from '../../db/client';
import { assetSuggestion } from '../../domain/asset-suggestion';
import { conflict, notFound } from '../../domain/errors';
import { coverageBeforePayment } from '../../domain/purchase-asset';
import { userHasReportAccess } from '../../domain/report-access';
import { reportSections } from '../../domain/report-sections';
import { createReportAndEnqueueResearch } from '../../domain/research-start';
import type { JobQueue } from '../../jobs/queue';
import { asciiLookAlike } from '../../research/name-skeleton';
import { resolveAsset } from '../../research/resolve-asset';
import { withSnapshotFallback } from '../../research/sources/fallback';
import { closeSnapshotMatches } from '../../research/sources/snapshot';
import type { ResearchSources } from '../../research/sources/types';
import {
  attachReport,
  type CategoryProgressRow,
  findNewReportPurchases,
  findRecentPublicReports,
  findReport,
  listProgress,
  lockPurchaseWithoutReport,
  type ResearchReportRow,
} from './repository';

export const REPORT_NOT_FOUND = "The report you're looking for doesn't exist or you don't have access to it.";

/** A report id from the path; anything else is treated as a report that does not exist. */
export function parseReportId(raw: string): number | null {
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The report, if the caller may read it; 404 for missing, malformed and other users' reports alike. */
export async function accessibleReport(
  db: DbExecutor,
  userId: number,
  rawId: string,
): Promise<ResearchReportRow> {
  const id = parseReportId(rawId);
  if (id === null) throw notFound(REPORT_NOT_FOUND);
  const report = await findReport(db, id);
  if (!report || !(await userHasReportAccess(db, userId, id))) throw notFound(REPORT_NOT_FOUND);
  return report;
}

const categoryOrder = new Map(CATEGORIES.map((c, i) => [c.key as string, i]));

function toProgressEntry(row: CategoryProgressRow): ProgressEntry {
  const data = agentResearchDataSchema.safeParse(row.researchData);
  // A category without evidence has no score: the stored 1 only stands in for the verdict rule,
  // and the page and the PDF print it as not counted (the same test as the report's coverage).
  const noEvidence =
    data.success &&
    (data.data.coverage ? data.data.coverage.kind === 'none' : data.data.sources.length === 0);
  return {
    id: row.id,
    agent_name: row.agentName,
    category_key: row.categoryKey,
    score: noEvidence ? null : row.score,
    status: row.status,
    research_findings: data.success ? data.data.findings : null,
    detailed_analysis: data.success
      ? [data.data.analysis, data.data.scoreNote].filter(Boolean).join(' ')
      : null,
    sources: data.success ? data.data.sources : [],
    ...(data.success && data.data.chart ? { chart: data.data.chart } : {}),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

function riskOf(report: ResearchReportRow): RiskLevel | null {
  const level = (report.scores as { riskLevel?: unknown } | null)?.riskLevel;
  return RISK_LEVELS.includes(level as RiskLevel) ? (level as RiskLevel) : null;
}

export async function reportResponse(db: DbExecutor, report: ResearchReportRow): Promise<ReportResponse> {
  const progress = (await listProgress(db, report.id)).sort(
    (a, b) => (categoryOrder.get(a.categoryKey) ?? 99) - (categoryOrder.get(b.categoryKey) ?? 99),
  );
  return {
    report: {
      id: report.id,
      asset_name: report.assetName,
      report_status: report.status,
      // Not rated is one state: no total, no risk level (the stored 0.00 is not a score).
      composite_score: isRated(report.scores as { rated?: unknown } | null) ? report.compositeScore : null,
      risk_level: riskOf(report),
      rated: isRated(report.scores as { rated?: unknown } | null),
      methodology_version: report.methodologyVersion,
      created_at: report.createdAt.toISOString(),
      completed_at: report.completedAt?.toISOString() ?? null,
    },
    progressData: progress.map(toProgressEntry),
    reportContent: report.reportContent ?? '',
    sections: reportSections(report, progress),
  };
}

/**
 * POST /api/research: only for the caller's own paid new-report purchase of the
 * asset. The server starts research when payment completes, so this normally answers with the
 * existing report; a paid purchase that somehow has none gets one now (once, under a row lock).
 */
export async function startResearchForPurchase(
  db: Database,
  queue: JobQueue,
  userId: number,
  assetName: string,
): Promise<ResearchStartResponse> {
  const purchases = await findNewReportPurchases(db, userId, assetName);
  const paid = purchases.filter((p) => p.status === 'completed');
  const withReport = paid.find((p) => p.reportId !== null);
  if (withReport) {
    const report = await findReport(db, withReport.reportId!);
    if (report) {
      return { reportId: report.id, state: 'already_started', report_status: report.status };
    }
  }
  const withoutReport = paid.find((p) => p.reportId === null);
  if (withoutReport) {
    const result = await db.transaction(async (tx) => {
      const locked = await lockPurchaseWithoutReport(tx, withoutReport.id);
      if (!locked) return null;
      const reportId = await createReportAndEnqueueResearch(tx, queue, {
        assetName: locked.assetName,
        userId,
      });
      await attachReport(tx, locked.id, reportId);
      return reportId;
    });
    if (result !== null) {
      return { reportId: result, state: 'started', report_status: 'pending' };
    }
    // Another request attached the report first: answer with it.
    return startResearchForPurchase(db, queue, userId, assetName);
  }
  if (purchases.some((p) => p.status === 'pending')) throw conflict(RESEARCH_MESSAGES.paymentPending);
  throw notFound(RESEARCH_MESSAGES.noPurchase);
}

/** Where GET /api/assets/search looks assets up, and where it says a market source failed. */
export interface AssetSearchDeps {
  db: DbExecutor;
  sources: ResearchSources;
  log: { warn(fields: { err: unknown }, message: string): void };
}

/**
 * Suggestions for the New Report input: what the market sources find (the snapshot's answer
 * when they fail in any way, so a slow or broken source never breaks the input), else the
 * known assets a typo or two away, each with its completed public report under
 * RECENT_REPORT_MAX_AGE_DAYS old, if any.
 */
export async function suggestAssets(deps: AssetSearchDeps, text: string): Promise<AssetSuggestion[]> {
  const sources = withSnapshotFallback(deps.sources, {
    failures: 'any',
    onFallback: (error) =>
      deps.log.warn({ err: error }, 'asset search source failed; answering from the snapshot'),
  });
  let assets = await sources.search(text, 8);
  // A name drawn like a known one ("Віtcoin" in Cyrillic) is looked up by its ASCII look-alike
  // too, as checkout resolves it (resolve-asset.ts): the tab offers the asset checkout will buy.
  const lookAlike = asciiLookAlike(text);
  if (lookAlike !== text) {
    const seen = new Set(assets.map((asset) => asset.id));
    const alike = (await sources.search(lookAlike, 8)).filter((asset) => !seen.has(asset.id));
    assets = [...assets, ...alike].slice(0, 8);
  }
  // Nothing by that spelling: offer the known assets it is one or two typos away from.
  if (assets.length === 0) assets = closeSnapshotMatches(lookAlike, 5);
  const recent = await findRecentPublicReports(
    deps.db,
    assets.map((a) => a.id),
    RECENT_REPORT_MAX_AGE_DAYS,
  );
  return assets.map((asset): AssetSuggestion => {
    const report = recent.get(asset.id);
    return {
      ...assetSuggestion(asset),
      ...(report
        ? {
            recentReport: {
              id: report.id,
              composite_score: report.compositeScore,
              completed_at: report.completedAt.toISOString(),
            },
          }
        : {}),
    };
  });
}

/** One asset's coverage, kept for a day: it changes only with the data and the date. */
const coverageCache = new Map<string, { day: string; coverage: AssetCoverage }>();
const COVERAGE_CACHE_LIMIT = 2_000;

/**
 * What a report on the asset would hold, for the New Report tab and the checkout: the same
 * evidence and scorers as the research, the snapshot standing in as at checkout. Unknown id: 404.
 */
export async function coverageOfAsset(
  sources: ResearchSources,
  assetId: string,
  now: Date = new Date(),
): Promise<AssetCoverage> {
  const day = now.toISOString().slice(0, 10);
  const cached = coverageCache.get(assetId);
  if (cached?.day === day) return cached.coverage;
  const asset = await resolveAsset(withSnapshotFallback(sources, { failures: 'any' }), {
    assetId,
    assetName: assetId,
  });
  if (asset?.id !== assetId) throw notFound(`No asset with the id "${assetId}" is in our data sources.`);
  const found = await coverageBeforePayment(sources, asset, now);
  const coverage: AssetCoverage = {
    assetId: found.assetId,
    categoriesWithEvidence: found.categoriesWithEvidence,
    rated: found.rated,
    dataAsOf: found.dataAsOf,
  };
  if (coverageCache.size >= COVERAGE_CACHE_LIMIT) coverageCache.clear();
  coverageCache.set(assetId, { day, coverage });
  return coverage;
}
