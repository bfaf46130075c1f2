import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PurchaseCheckKind } from '../../contract/purchases';
import type { DbExecutor } from '../db/client';
import { researchReports, userPurchases } from '../db/schema';

// The one rule deciding whether a user may buy an existing report (decision 0080). Card and
// Cardano checkouts both ask it, and the checkout pages show its answer before any payment.
// The partial unique index user_purchases_one_per_report_key enforces the same rule in the
// database, so two checkouts racing past this check still cannot both hold an open purchase.

type PurchaseRow = typeof userPurchases.$inferSelect;

export type ReportPurchaseCheck =
  | { kind: 'available'; report: { id: number; assetName: string } }
  | { kind: 'not_found' }
  | { kind: 'not_for_sale' }
  | { kind: 'owned' }
  /** The user's own pending purchase of this report (card: its intent can be resumed). */
  | { kind: 'payment_open'; purchase: PurchaseRow };

export type PurchaseRefusalKind = Exclude<PurchaseCheckKind, 'available'>;

export async function checkReportPurchase(
  db: DbExecutor,
  userId: number,
  reportId: number,
): Promise<ReportPurchaseCheck> {
  const [report] = await db
    .select({
      id: researchReports.id,
      assetName: researchReports.assetName,
      status: researchReports.status,
      isPublic: researchReports.isPublic,
    })
    .from(researchReports)
    .where(eq(researchReports.id, reportId))
    .limit(1);
  if (!report) return { kind: 'not_found' };
  const open = await db
    .select()
    .from(userPurchases)
    .where(
      and(
        eq(userPurchases.userId, userId),
        eq(userPurchases.reportId, reportId),
        inArray(userPurchases.status, ['pending', 'completed']),
      ),
    );
  if (open.some((purchase) => purchase.status === 'completed')) return { kind: 'owned' };
  if (!report.isPublic || report.status !== 'completed') return { kind: 'not_for_sale' };
  const pending = open[0];
  if (pending) return { kind: 'payment_open', purchase: pending };
  return { kind: 'available', report: { id: report.id, assetName: report.assetName } };
}

/** True when a database error is the one-purchase-per-report key refusing a second open purchase. */
export function isOnePurchaseViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps the driver's error; the constraint name is on the cause.
  for (let depth = 0; current && depth < 3; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505' && candidate.constraint === 'user_purchases_one_per_report_key')
      return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * Serializes every completion of one user's purchases of one report (taken before any row lock,
 * so two completions never wait on each other's rows).
 */
export async function lockBuyerReport(tx: DbExecutor, userId: number, reportId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`purchase-report:${userId}:${reportId}`}, 0))`,
  );
}
