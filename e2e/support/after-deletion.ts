import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { researchReports, users, watchAlerts } from '../../server/db/schema';
import { SANDBOX_SELLER } from '../../server/domain/invoices';
import { completePurchase, createPendingPurchase } from '../../server/domain/purchases';
import { watchAsset } from '../../server/domain/watchlist';
import { SandboxChain } from '../../server/features/cardano/chain';
import { JOBS } from '../../server/jobs/definitions';
import { type E2eDatabase, withE2eDatabase } from './database';

// Set-ups for the account-deletion and alert-notice browser tests, on the e2e server's embedded
// database: money put on the sandbox chain (the real worker's watcher then sees it), and a watched
// asset whose new version raised a notice.

const withDatabase = <T>(work: (db: E2eDatabase['db'], queue: PgBoss) => Promise<T>) =>
  withE2eDatabase((handle, queue) => work(handle.db, queue));

/** Sends lovelace to a payment address on the sandbox ledger and asks the worker to look now. */
export async function sendToSandboxAddress(address: string, lovelace: bigint): Promise<void> {
  await withDatabase(async (db, queue) => {
    await new SandboxChain(db).credit(address, 'lovelace', lovelace);
    await queue.send(JOBS.cardanoWatch.name, {});
  });
}

/**
 * Two completed versions on a new asset, the user watching it and a notice for version 2. With
 * `ownsFirst`, the user bought version 1.
 */
export async function noticeOfNewVersion(
  email: string,
  assetName: string,
  ownsFirst: boolean,
): Promise<{ v1: number; v2: number }> {
  return withDatabase(async (db, queue) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) throw new Error(`no user with email ${email}`);
    const assetId = `e2e-${assetName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
    const version = async (score: string, completedAt: Date) =>
      (
        await db
          .insert(researchReports)
          .values({
            assetName,
            assetId,
            status: 'completed',
            isPublic: true,
            compositeScore: score,
            completedAt,
          })
          .returning({ id: researchReports.id })
      )[0]!.id;
    const v1 = await version('40.00', new Date(Date.now() - 60_000));
    if (ownsFirst) {
      await db.transaction(async (tx) => {
        const pending = await createPendingPurchase(tx, {
          userId: user.id,
          purchaseType: 'existing_report',
          assetName,
          reportId: v1,
          paymentMethod: 'card',
          stripePaymentIntentId: `pi_e2e_notice_${Date.now()}_${Math.random().toString(36).slice(2)}`,
        });
        await completePurchase(tx, queue, pending.id, SANDBOX_SELLER);
      });
    }
    const v2 = await version('46.00', new Date());
    await watchAsset(db, { userId: user.id, assetId, assetName });
    await db.insert(watchAlerts).values({
      userId: user.id,
      reportId: v2,
      previousReportId: v1,
      assetId,
      summary: 'The risk level stays Medium. The total moved from 40.00 to 46.00 of 77 (+6.00).',
    });
    return { v1, v2 };
  });
}
