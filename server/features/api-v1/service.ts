import { API_V1_MESSAGES, type ApiPurchase, type Rating } from '../../../contract/api-v1';
import type { AssetCoverage, AssetSuggestion } from '../../../contract/assets';
import { CATEGORIES, RISK_LEVEL_LABELS } from '../../../contract/methodology';
import type { ReportResponse } from '../../../contract/reports';
import type { ReportChangesResponse } from '../../../contract/versions';
import type { WatchlistResponse } from '../../../contract/watchlist';
import type { AppContext } from '../../context';
import { addCredits, creditBalance } from '../../domain/credits';
import { DomainError, notFound } from '../../domain/errors';
import { sellerOf } from '../../domain/invoices';
import { checkPurchaseAsset } from '../../domain/purchase-asset';
import { completePurchase, priceOf } from '../../domain/purchases';
import { seriesOfReport } from '../../domain/report-series';
import {
  findPurchaseByIdempotencyKey,
  findReportAsset,
  insertIdempotentPurchase,
  insertX402Payment,
  type PurchaseRow,
  recordX402Fee,
} from './repository';
import { type VerifiedPayment, verifyPayment, X402Refusal, type X402Settlement } from './x402';

/**
 * What /api/v1 reads through other features' services, passed in by app.ts (features never
 * import each other): the same rules and answers the web app uses.
 */
export interface ApiV1Readers {
  searchAssets(
    text: string,
    log: { warn(fields: { err: unknown }, message: string): void },
  ): Promise<AssetSuggestion[]>;
  /** What a report on the asset would hold, as the New Report tab shows it; 404 for an unknown id. */
  coverage(assetId: string): Promise<AssetCoverage>;
  /** The report as the report page reads it; 404 unless the user may read it. */
  report(userId: number, rawId: string): Promise<ReportResponse>;
  changes(userId: number, rawId: string, since: number | undefined): Promise<ReportChangesResponse>;
  watchlist(userId: number): Promise<WatchlistResponse>;
  watch(userId: number, assetId: string): Promise<void>;
}

const categoryNames = new Map(CATEGORIES.map((c) => [c.key as string, c.name]));

/** The report as a stable rating object (contract/api-v1.ts ratingSchema). */
export async function ratingOf(
  ctx: AppContext,
  readers: ApiV1Readers,
  userId: number,
  rawId: string,
): Promise<Rating> {
  const { report, progressData, sections } = await readers.report(userId, rawId);
  const [asset, series] = await Promise.all([
    findReportAsset(ctx.db, report.id),
    seriesOfReport(ctx.db, report.id),
  ]);
  const version = series.find((v) => v.id === report.id);
  const completed = report.report_status === 'completed';
  const rated = completed && report.rated;
  const kinds = new Map((sections?.coverage ?? []).map((c) => [c.category_key, c.kind] as const));
  const peers = sections?.peers ?? null;
  const percentile =
    rated && peers && peers.below !== null && peers.rated > 0
      ? Math.round((peers.below / peers.rated) * 100)
      : null;
  return {
    reportId: report.id,
    assetId: asset?.assetId ?? null,
    assetName: report.asset_name,
    status: report.report_status,
    version: version?.version ?? null,
    total: rated ? Number(report.composite_score) : null,
    band: rated ? report.risk_level : null,
    bandName: rated && report.risk_level ? RISK_LEVEL_LABELS[report.risk_level] : null,
    percentile,
    categories: progressData.map((entry) => ({
      key: entry.category_key,
      name: categoryNames.get(entry.category_key) ?? entry.category_key,
      score: entry.score === null ? null : Number(entry.score),
      evidenceKind: kinds.get(entry.category_key) ?? null,
      sources: entry.sources,
    })),
    keyRisks: (sections?.keyRisks ?? []).map((risk) => ({
      categoryKey: risk.category_key,
      category: risk.category,
      score: risk.score,
      text: risk.text,
    })),
    dataAsOf: completed
      ? (sections?.dataAsOf?.slice(0, 10) ?? version?.dataAsOf?.toISOString().slice(0, 10) ?? null)
      : null,
    completedAt: report.completed_at,
    methodologyVersion: report.methodology_version,
  };
}

async function toApiPurchase(ctx: AppContext, purchase: PurchaseRow): Promise<ApiPurchase> {
  return {
    purchaseId: purchase.id,
    reportId: purchase.reportId,
    assetId: purchase.assetId,
    assetName: purchase.assetName,
    status: purchase.status,
    paidWith: purchase.paymentMethod === 'x402' ? 'x402' : 'credits',
    createdAt: purchase.createdAt.toISOString(),
    creditsLeft: await creditBalance(ctx.db, purchase.userId),
  };
}

/** The purchase an earlier request with this key made, or a refusal when it was for another asset. */
async function replayed(ctx: AppContext, purchase: PurchaseRow, assetId: string) {
  if (purchase.assetId !== assetId)
    throw new DomainError('IDEMPOTENCY_KEY_REUSED', API_V1_MESSAGES.idempotencyKeyReused);
  return { purchase: await toApiPurchase(ctx, purchase), replayed: true };
}

/**
 * POST /api/v1/reports: a new report on the asset, paid with one prepaid credit or per call
 * (x402). The caller's
 * Idempotency-Key makes it safe to retry: the unique index on (user, key) admits one purchase,
 * and a retry (also one racing the first) answers with that purchase and spends nothing.
 */
/** How POST /api/v1/reports is paid: a prepaid credit, or an x402 payment sent with the request. */
export type ReportPayment =
  | { kind: 'credits' }
  | { kind: 'x402'; settlement: X402Settlement; header: string };

export async function buyReport(
  ctx: AppContext,
  userId: number,
  requestedAssetId: string,
  idempotencyKey: string,
  payment: ReportPayment,
): Promise<{
  purchase: ApiPurchase;
  replayed: boolean;
  settled?: VerifiedPayment & { status: 'confirmed' | 'mempool' };
}> {
  const earlier = await findPurchaseByIdempotencyKey(ctx.db, userId, idempotencyKey);
  if (earlier) return replayed(ctx, earlier, requestedAssetId);
  const asset = await checkPurchaseAsset(ctx.research.sources, {
    assetName: requestedAssetId,
    assetId: requestedAssetId,
  });
  const assetId = asset.assetId ?? requestedAssetId;
  const verified =
    payment.kind === 'x402'
      ? verifyPayment(payment.header, payment.settlement, await payment.settlement.prices())
      : undefined;
  let settlement: 'confirmed' | 'mempool' = 'confirmed';
  const bought = await ctx.db.transaction(async (tx) => {
    const pending = await insertIdempotentPurchase(tx, {
      userId,
      assetId,
      assetName: asset.assetName,
      amount: priceOf('new_report'),
      idempotencyKey,
      paymentMethod: payment.kind,
    });
    if (!pending) return null;
    if (payment.kind === 'x402' && verified) {
      const first = await insertX402Payment(tx, {
        txHash: verified.txHash,
        purchaseId: pending.id,
        network: verified.network,
        payTo: verified.payTo,
        lovelace: verified.lovelaceToPayTo.toString(),
        unit: verified.asset,
        quantity: verified.quantity.toString(),
        usdRate: verified.usdRate,
        rateAt: verified.rateAt,
      });
      // Throwing rolls the purchase back: the same signed transaction never pays twice.
      if (!first) throw new X402Refusal('transaction_already_used', API_V1_MESSAGES.transactionUsed);
      // Submitted inside the purchase's transaction: a refusal by the chain rolls the purchase
      // and the claim on the transaction back, so nothing was bought and nothing was paid.
      const outcome = await payment.settlement.submit(verified);
      if ('refused' in outcome)
        throw new X402Refusal(
          'transaction_refused',
          `${API_V1_MESSAGES.transactionRefused} ${outcome.refused}`,
        );
      settlement = outcome.status;
      if (outcome.status === 'confirmed' && outcome.feeLovelace !== null)
        await recordX402Fee(tx, verified.txHash, outcome.feeLovelace);
    } else {
      const spent = await addCredits(tx, {
        userId,
        purchaseId: pending.id,
        delta: -1,
        reason: 'report_bought',
      });
      // Throwing rolls the purchase back with the transaction: nothing was bought, nothing spent.
      if (!spent) throw new DomainError('PAYMENT_REQUIRED', API_V1_MESSAGES.noCredits);
    }
    return (await completePurchase(tx, ctx.queue, pending.id, sellerOf(ctx.config))).purchase;
  });
  if (bought) {
    const purchase = await toApiPurchase(ctx, bought);
    return {
      purchase,
      replayed: false,
      ...(verified ? { settled: { ...verified, status: settlement } } : {}),
    };
  }
  // A concurrent request with the same key committed first.
  const winner = await findPurchaseByIdempotencyKey(ctx.db, userId, idempotencyKey);
  if (!winner) throw notFound();
  return replayed(ctx, winner, assetId);
}
