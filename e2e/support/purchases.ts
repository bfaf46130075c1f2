import { eq } from 'drizzle-orm';
import { researchReports, users } from '../../server/db/schema';
import { SANDBOX_SELLER } from '../../server/domain/invoices';
import { completePurchase, createPendingPurchase } from '../../server/domain/purchases';
import { markResearchFailed } from '../../server/research/repository';
import { withE2eDatabase } from './database';
import { grantNewReport } from './grant-report';

// Purchases the one-purchase and failed-research browser tests start from, made through the
// domain services on the e2e server's embedded database.

/** A completed public report in the marketplace, already bought by the user with this email. */
export async function ownedPublicReport(email: string, assetName: string): Promise<number> {
  return withE2eDatabase(async ({ db }, queue) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) throw new Error(`no user with email ${email}`);
    return await db.transaction(async (tx) => {
      const [report] = await tx
        .insert(researchReports)
        .values({
          assetName,
          status: 'completed',
          isPublic: true,
          compositeScore: '52.30',
          completedAt: new Date(),
        })
        .returning({ id: researchReports.id });
      const pending = await createPendingPurchase(tx, {
        userId: user.id,
        purchaseType: 'existing_report',
        assetName,
        reportId: report!.id,
        paymentMethod: 'card',
        stripePaymentIntentId: `pi_e2e_owned_${Date.now()}_${Math.random().toString(36).slice(2)}`,
      });
      await completePurchase(tx, queue, pending.id, SANDBOX_SELLER);
      return report!.id;
    });
  });
}

/** A paid new report whose research failed for good (its first job is held back an hour). */
export async function failedPaidReport(email: string, assetName: string): Promise<number> {
  const reportId = await grantNewReport(email, assetName, 3_600);
  await withE2eDatabase(({ db }) =>
    markResearchFailed(db, reportId, 'Research failed after 4 attempts: market data timed out'),
  );
  return reportId;
}
