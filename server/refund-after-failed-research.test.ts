import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEARCH_FAILED_TEXT } from '../contract/purchases';
import { cardanoIncomingTransactions, refunds, researchReports, userPurchases } from './db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { executeCardRefund } from './features/card-payments/jobs';
import { markResearchFailed } from './research/repository';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from './testing/users';

// Paid research that fails for good (decision 0081): the buyer reads what happens next, the
// admin sees buyer, amount and method and can retry the research or refund the payment.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
  admin = await signInAdmin(t.app, t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const post = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });
const get = (user: SignedInUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

/** A card purchase of a new report whose research then failed for good. */
async function failedCardReport(buyer: SignedInUser, assetName: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie },
    payload: { purchaseType: 'new_report', assetName, acknowledgeUnknownAsset: true },
  });
  const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
  await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent);
  const [purchase] = await t.ctx.db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, intent.id));
  await markResearchFailed(t.ctx.db, purchase!.reportId!, 'Market data source timed out');
  return { purchase: purchase!, reportId: purchase!.reportId!, intentId: intent.id };
}

async function researchJobs(reportId: number) {
  const result = await t.ctx.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'research' and data->>'reportId' = ${String(reportId)}`,
  );
  return (result.rows[0] as { n: number }).n;
}

describe('paid research that failed for good', () => {
  it('the buyer reads what happens next; the admin sees buyer, amount and method', async () => {
    const buyer = await signUp(t.app);
    const { reportId, purchase } = await failedCardReport(buyer, 'Brokencoin');
    const mine = (await get(buyer, '/api/my-reports')).json();
    expect(mine[0]).toMatchObject({ reportId, report_status: 'failed', note: RESEARCH_FAILED_TEXT });

    const listed = (await get(admin, '/api/admin/failed-reports')).json();
    expect(listed).toContainEqual(
      expect.objectContaining({
        id: reportId,
        assetName: 'Brokencoin',
        failureReason: 'Market data source timed out',
        purchase: {
          id: purchase.id,
          status: 'completed',
          amount: '4.99',
          paymentMethod: 'card',
          buyer: { username: buyer.user.username, email: buyer.user.email },
          refundStatus: null,
        },
      }),
    );
  });

  it('only the admin may retry or refund', async () => {
    const buyer = await signUp(t.app);
    const { reportId, purchase } = await failedCardReport(buyer, 'Guardedcoin');
    const retry = await post(buyer, `/api/admin/reports/${reportId}/retry-research`);
    expect(retry.statusCode).toBe(403);
    const refund = await post(buyer, `/api/admin/purchases/${purchase.id}/refund`);
    expect(refund.statusCode).toBe(403);
    expect(await researchJobs(reportId)).toBe(1);
    expect(await t.ctx.db.select().from(refunds).where(eq(refunds.purchaseId, purchase.id))).toEqual([]);
  });

  it('"Retry research" puts the report back to pending and enqueues research once', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await failedCardReport(buyer, 'Retrycoin');
    const first = await post(admin, `/api/admin/reports/${reportId}/retry-research`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reportId, status: 'pending', enqueued: true });
    const again = await post(admin, `/api/admin/reports/${reportId}/retry-research`);
    expect(again.json()).toEqual({ reportId, status: 'pending', enqueued: false });
    expect(await researchJobs(reportId)).toBe(2); // the original job and one retry
    const [report] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
    expect(report).toMatchObject({ status: 'pending', failureReason: null });
    const missing = await post(admin, '/api/admin/reports/999999/retry-research');
    expect(missing.statusCode).toBe(404);
  });

  it('refund and retry clicked at once: one wins, every click of the other answers 409', async () => {
    for (const round of [1, 2, 3]) {
      const buyer = await signUp(t.app);
      const { purchase, reportId } = await failedCardReport(buyer, `Racecoin${round}`);
      const clicks = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 2 === 0
            ? post(admin, `/api/admin/purchases/${purchase.id}/refund`).then(
                (r) => ['refund', r.statusCode] as const,
              )
            : post(admin, `/api/admin/reports/${reportId}/retry-research`).then(
                (r) => ['retry', r.statusCode] as const,
              ),
        ),
      );
      const [report] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
      const [after] = await t.ctx.db.select().from(userPurchases).where(eq(userPurchases.id, purchase.id));
      const codes = (kind: string) => clicks.filter(([k]) => k === kind).map(([, code]) => code);
      if (after!.status === 'refunded') {
        expect(report!.status, `round ${round}`).toBe('failed');
        expect(codes('refund')).toEqual(Array(6).fill(200));
        expect(codes('retry')).toEqual(Array(6).fill(409));
      } else {
        // Retried: pending again (or already picked up by the research worker), never refunded.
        expect(['pending', 'processing', 'completed'], `round ${round}`).toContain(report!.status);
        expect(codes('retry')).toEqual(Array(6).fill(200));
        expect(codes('refund')).toEqual(Array(6).fill(409));
      }
    }
  });

  it('"Refund" on a card purchase refunds through Stripe once and tells the buyer', async () => {
    const buyer = await signUp(t.app);
    const { purchase, intentId, reportId } = await failedCardReport(buyer, 'Refundcoin');
    const first = await post(admin, `/api/admin/purchases/${purchase.id}/refund`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ purchaseId: purchase.id, status: 'pending', paymentMethod: 'card' });
    const again = await post(admin, `/api/admin/purchases/${purchase.id}/refund`);
    expect(again.json().refundId).toBe(first.json().refundId);

    await executeCardRefund(t.ctx, t.ctx.payments.card.provider!, first.json().refundId);
    const sent = fake.refunds.filter((r) => r.payment_intent === intentId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ amount: 499, reason: 'requested_by_customer' });

    const mine = (await get(buyer, '/api/my-reports')).json();
    expect(mine[0]).toMatchObject({
      status: 'refunded',
      note: 'Research could not be completed, so your payment of $4.99 has been refunded to your card.',
    });
    const listed = (await get(admin, '/api/admin/failed-reports')).json();
    expect(listed.find((row: { id: number }) => row.id === reportId).purchase.refundStatus).toBe('succeeded');
    // Refunded means refunded: research is not retried for nobody.
    const retry = await post(admin, `/api/admin/reports/${reportId}/retry-research`);
    expect(retry.statusCode).toBe(409);
  });

  it('"Refund" on a Cardano purchase records a refund due with amount, currency, payment and the sender address', async () => {
    const buyer = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/cardano/create-payment',
      headers: { cookie: buyer.cookie },
      payload: {
        amount: 4.99,
        currency: 'ADA',
        description: 'Research Report Purchase - Chaincoin',
        purchaseType: 'new_report',
        researchAsset: 'Chaincoin',
        acknowledgeUnknownAsset: true,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const paymentId = created.json().payment.id as number;
    const paid = await post(buyer, `/api/cardano/sandbox/simulate-payment/${paymentId}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.cardanoPaymentId, paymentId));
    await markResearchFailed(t.ctx.db, purchase!.reportId!, 'Research stopped');

    const [incoming] = await t.ctx.db
      .select()
      .from(cardanoIncomingTransactions)
      .where(eq(cardanoIncomingTransactions.paymentId, paymentId));
    expect(incoming?.senderAddress).toMatch(/^addr_test1/);

    const refund = await post(admin, `/api/admin/purchases/${purchase!.id}/refund`);
    expect(refund.json()).toMatchObject({ status: 'due', paymentMethod: 'cardano' });
    const open = (await get(admin, '/api/admin/refunds')).json();
    expect(open).toContainEqual(
      expect.objectContaining({
        purchaseId: purchase!.id,
        status: 'due',
        reason: 'research_failed',
        currency: 'ADA',
        quantity: String(Number(created.json().payment.amount) * 1_000_000),
        usdAmount: '4.99',
        cardanoPaymentId: paymentId,
        // Back to the wallet the money came from.
        destinationAddress: incoming!.senderAddress,
        user: { username: buyer.user.username, email: buyer.user.email },
      }),
    );
    const mine = (await get(buyer, '/api/my-reports')).json();
    expect(mine[0].note).toBe(
      'Research could not be completed, so your payment of $4.99 will be returned to the wallet it came from; we will send it shortly.',
    );
  });

  it('refuses to refund a purchase whose research did not fail', async () => {
    const buyer = await signUp(t.app);
    const { purchase, reportId } = await failedCardReport(buyer, 'Finecoin');
    await t.ctx.db
      .update(researchReports)
      .set({ status: 'completed' })
      .where(eq(researchReports.id, reportId));
    const response = await post(admin, `/api/admin/purchases/${purchase.id}/refund`);
    expect(response.statusCode).toBe(409);
    expect((await post(admin, '/api/admin/purchases/999999/refund')).statusCode).toBe(404);
  });
});
