import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { SANDBOX_SELLER } from '../domain/invoices';
import { completePurchase, createPendingPurchase } from '../domain/purchases';
import type { JobQueue } from '../jobs/queue';

/** A paid new-report purchase for a user, through the real purchase state machine. */
export async function grantNewReport(
  db: Database,
  queue: JobQueue,
  userId: number,
  assetName: string,
): Promise<{ purchaseId: number; reportId: number }> {
  const pending = await createPendingPurchase(db, {
    userId,
    purchaseType: 'new_report',
    assetName,
    reportId: null,
    paymentMethod: 'card',
    stripePaymentIntentId: `pi_test_${randomUUID().replaceAll('-', '')}`,
  });
  const { purchase } = await db.transaction((tx) => completePurchase(tx, queue, pending.id, SANDBOX_SELLER));
  return { purchaseId: purchase.id, reportId: purchase.reportId! };
}
