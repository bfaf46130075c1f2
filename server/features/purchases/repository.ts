import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { CATEGORIES, type RiskLevel, riskLevel } from '../../../contract/methodology';
import { RESEARCH_FAILED_TEXT, refundSentence } from '../../../contract/purchases';
import type { MyReportItem, PublicReportItem } from '../../../contract/reports';
import type { DbExecutor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { refunds, researchReports, userPurchases } from '../../db/schema';
import { dataAsOfOfSources, reportSourceDates } from '../../domain/report-series';
import { skeletonKey } from '../../research/name-skeleton';

function buildMyReportsQuery(db: DbExecutor) {
  return db
    .select({
      id: userPurchases.id,
      reportId: userPurchases.reportId,
      purchaseAssetName: userPurchases.assetName,
      reportAssetName: researchReports.assetName,
      purchaseAssetId: userPurchases.assetId,
      reportAssetId: researchReports.assetId,
      reportStatus: researchReports.status,
      status: userPurchases.status,
      createdAt: userPurchases.createdAt,
      compositeScore: researchReports.compositeScore,
      rated: sql<boolean>`coalesce((${researchReports.scores}->>'rated')::boolean, true)`,
      riskLevel: sql<RiskLevel | null>`${researchReports.scores}->>'riskLevel'`,
      purchaseType: userPurchases.purchaseType,
      amount: userPurchases.amount,
      paymentMethod: userPurchases.paymentMethod,
      refundReason: refunds.reason,
      refundStatus: refunds.status,
    })
    .from(userPurchases)
    .leftJoin(researchReports, eq(researchReports.id, userPurchases.reportId))
    .leftJoin(refunds, eq(refunds.purchaseId, userPurchases.id))
    .where(
      and(
        eq(userPurchases.userId, sql.placeholder('userId')),
        inArray(userPurchases.status, ['completed', 'refunded']),
        // Credit packs buy no report: the account page shows the balance instead.
        ne(userPurchases.purchaseType, 'credit_pack'),
      ),
    )
    .orderBy(desc(userPurchases.createdAt), desc(userPurchases.id))
    .prepare('my_reports');
}

// Runs whenever a dashboard poll finds no remembered version.
const myReportsQuery = preparedQuery(buildMyReportsQuery);

type MyReportRow = Awaited<ReturnType<ReturnType<typeof buildMyReportsQuery>['execute']>>[number];

/** What happens next, in one sentence, when it is not simply "read your report". */
function noteOf(row: MyReportRow): string | null {
  if (row.status === 'refunded' && row.refundReason && row.refundStatus) {
    return refundSentence({
      reason: row.refundReason,
      status: row.refundStatus,
      paymentMethod: row.paymentMethod,
      amount: row.amount,
    });
  }
  if (row.status === 'completed' && row.reportStatus === 'failed') return RESEARCH_FAILED_TEXT;
  return null;
}

/** The stored risk level (a knockout's Not Safe included), or the band of the total for reports scored before it was stored. */
const storedOrScoredLevel = (stored: RiskLevel | null, total: string | null): RiskLevel | null =>
  stored ?? (total !== null && Number(total) > 0 ? riskLevel(Number(total)) : null);

/** The user's completed and refunded purchases, newest first, with their report's state. */
export async function listMyReports(db: DbExecutor, userId: number): Promise<MyReportItem[]> {
  const rows = await myReportsQuery(db).execute({ userId });
  return rows.map((row) => ({
    id: row.id,
    reportId: row.reportId,
    asset_name: row.reportAssetName ?? row.purchaseAssetName,
    name_verified: (row.reportId ? row.reportAssetId : row.purchaseAssetId) !== null,
    report_status: row.reportStatus,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    // A score exists only once the report is scored, and never for a Not rated one (the stored
    // 0.00 is not a score).
    composite_score: row.reportStatus === 'completed' && row.rated ? row.compositeScore : null,
    risk_level:
      row.reportStatus === 'completed' && row.rated
        ? storedOrScoredLevel(row.riskLevel, row.compositeScore)
        : null,
    purchaseType: row.purchaseType,
    amount: row.amount,
    paymentMethod: row.paymentMethod,
    note: noteOf(row),
  }));
}

export type PublicListing = Omit<PublicReportItem, 'owned'>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Completed public reports, newest first; `search` matches the asset name anywhere, or one of `assetIds`. */
export async function listPublicReports(
  db: DbExecutor,
  options: { search?: string | undefined; assetIds?: readonly string[]; limit: number },
): Promise<PublicListing[]> {
  const conditions = [eq(researchReports.isPublic, true), eq(researchReports.status, 'completed')];
  if (options.search) {
    const byName = ilike(researchReports.assetName, `%${escapeLike(options.search)}%`);
    // The assets the New Report box resolves the text to ("btc": Bitcoin) match too.
    const ids = [...(options.assetIds ?? [])];
    conditions.push(ids.length > 0 ? or(byName, inArray(researchReports.assetId, ids))! : byName);
  }
  const rows = await db
    .select({
      id: researchReports.id,
      asset_name: researchReports.assetName,
      asset_id: researchReports.assetId,
      composite_score: researchReports.compositeScore,
      status: researchReports.status,
      name_verified: sql<boolean>`${researchReports.assetId} is not null`,
      completed_at: sql<
        string | null
      >`to_char(${researchReports.completedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
      rated: sql<boolean>`coalesce((${researchReports.scores}->>'rated')::boolean, true)`,
      risk_level: sql<RiskLevel | null>`${researchReports.scores}->>'riskLevel'`,
      // The categories the total counts are those with evidence; older reports counted all 12.
      categories_with_evidence: sql<number>`coalesce(jsonb_array_length(case when jsonb_typeof(${researchReports.scores}->'counted') = 'array' then ${researchReports.scores}->'counted' end), ${CATEGORIES.length})::int`,
      sourceDates: reportSourceDates,
    })
    .from(researchReports)
    .where(and(...conditions))
    .orderBy(sql`${researchReports.completedAt} desc nulls last`, desc(researchReports.id))
    .limit(options.limit);
  return unverifiedAfterTheirLookAlikes(
    rows.map(({ sourceDates, ...row }) => ({
      ...row,
      composite_score: row.rated ? row.composite_score : null,
      risk_level: row.rated ? storedOrScoredLevel(row.risk_level, row.composite_score) : null,
      data_as_of: dataAsOfOfSources(sourceDates),
    })),
  );
}

/**
 * Newest first, except that a report on a name no source knows never stands above a report on
 * a known asset that looks the same (equal confusable skeletons): it moves just below it.
 */
export function unverifiedAfterTheirLookAlikes<T extends { asset_name: string; name_verified: boolean }>(
  items: readonly T[],
): T[] {
  const keys = items.map((item) => skeletonKey(item.asset_name));
  const lastVerifiedAt = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.name_verified) lastVerifiedAt.set(keys[index]!, index);
  });
  const heldBack = new Map<number, T[]>();
  const ordered: T[] = [];
  items.forEach((item, index) => {
    const verifiedBelow = lastVerifiedAt.get(keys[index]!);
    if (!item.name_verified && verifiedBelow !== undefined && verifiedBelow > index) {
      heldBack.set(verifiedBelow, [...(heldBack.get(verifiedBelow) ?? []), item]);
      return;
    }
    ordered.push(item, ...(heldBack.get(index) ?? []));
  });
  return ordered;
}
