import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, reportAccessLog, researchReports, userPurchases } from './db/schema';
import { ownedReportIds } from './domain/report-series';
import { findPayingBuyers } from './email/repository';
import { buyersOfReport } from './features/api-v1/webhook-repository';
import {
  FAKE_STRIPE_WEBHOOK_SECRET,
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from './features/card-payments/fake-stripe';
import { runResearch } from './research/pipeline';
import { createSnapshotSources } from './research/sources/snapshot';
import { deterministicWriter } from './research/writer';
import { readPdf } from './testing/pdf';
import { createTestApp, type TestApp } from './testing/test-app';
import { type SignedInUser, signInAdmin, signUp } from './testing/users';

// Card disputes (decision 0304): Stripe's charge.dispute.* webhooks, signed as Stripe signs them,
// fill the admin's list; a lost dispute ends the buyer's access, a won one changes nothing.

let fake: FakeStripe;
let t: TestApp;
let admin: SignedInUser;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), ENABLE_SANDBOX: 'true' });
  admin = await signInAdmin(t.app, t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function sendDisputeEvent(type: string, dispute: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object: dispute },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: FAKE_STRIPE_WEBHOOK_SECRET,
      }),
    },
    payload,
  });
}

async function boughtReport(asset: string) {
  const buyer = await signUp(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie },
    payload: { purchaseType: 'new_report', assetName: asset, acknowledgeUnknownAsset: true },
  });
  const intent = fake.setStatus(created.json().paymentIntentId, 'succeeded');
  await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent);
  const [purchase] = await t.ctx.db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, intent.id));
  return { buyer, purchase: purchase!, intentId: intent.id };
}

const dispute = (id: string, intentId: string, status: string) => ({
  id,
  object: 'dispute',
  amount: 499,
  currency: 'usd',
  charge: `ch_${id}`,
  payment_intent: intentId,
  reason: 'fraudulent',
  status,
  evidence_details: { due_by: Math.floor(Date.parse('2026-12-10T23:59:59Z') / 1000) },
});

const reportStatus = (buyer: SignedInUser, reportId: number) =>
  t.app
    .inject({ method: 'GET', url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })
    .then((r) => r.statusCode);

describe('card disputes', () => {
  it('a dispute appears in the admin list with reason, amount and evidence due date', async () => {
    const { purchase, intentId } = await boughtReport('Disputecoin');
    expect(
      (await sendDisputeEvent('charge.dispute.created', dispute('dp_1', intentId, 'needs_response')))
        .statusCode,
    ).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/disputes',
      headers: { cookie: admin.cookie },
    });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({
        stripeDisputeId: 'dp_1',
        purchaseId: purchase.id,
        amount: '4.99',
        currency: 'USD',
        reason: 'fraudulent',
        status: 'needs_response',
        evidenceDueBy: '2026-12-10T23:59:59.000Z',
      }),
    );
    const buyer = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { cookie: buyer.cookie } }))
        .statusCode,
    ).toBe(403);
  });

  it("a lost dispute ends the buyer's access to the report; a won one changes nothing", async () => {
    const lost = await boughtReport('Lostcoin');
    const won = await boughtReport('Woncoin');
    expect(await reportStatus(lost.buyer, lost.purchase.reportId!)).toBe(200);
    await sendDisputeEvent('charge.dispute.created', dispute('dp_lost', lost.intentId, 'needs_response'));
    await sendDisputeEvent('charge.dispute.created', dispute('dp_won', won.intentId, 'needs_response'));
    expect(await reportStatus(lost.buyer, lost.purchase.reportId!)).toBe(200); // open: access stays
    await sendDisputeEvent('charge.dispute.closed', dispute('dp_lost', lost.intentId, 'lost'));
    await sendDisputeEvent('charge.dispute.closed', dispute('dp_won', won.intentId, 'won'));
    expect(await reportStatus(lost.buyer, lost.purchase.reportId!)).toBe(404);
    expect(await reportStatus(won.buyer, won.purchase.reportId!)).toBe(200);
    // Every "does this buyer own it" asks the same: the versions list, and the report's
    // buyers whom its emails and webhooks reach.
    expect([...(await ownedReportIds(t.ctx.db, lost.buyer.user.id, [lost.purchase.reportId!]))]).toEqual([]);
    expect([...(await ownedReportIds(t.ctx.db, won.buyer.user.id, [won.purchase.reportId!]))]).toEqual([
      won.purchase.reportId,
    ]);
    expect(await buyersOfReport(t.ctx.db, lost.purchase.reportId!)).not.toContain(lost.buyer.user.id);
    expect(await findPayingBuyers(t.ctx.db, lost.purchase.reportId!)).toEqual([]);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { cookie: admin.cookie } })
    ).json();
    expect(listed.find((d: { stripeDisputeId: string }) => d.stripeDisputeId === 'dp_lost')).toMatchObject({
      status: 'lost',
      accessRevokedAt: expect.any(String),
    });
    expect(
      listed.find((d: { stripeDisputeId: string }) => d.stripeDisputeId === 'dp_won').accessRevokedAt,
    ).toBeNull();
  });

  it('"Submit evidence" sends what the store knows to Stripe once', async () => {
    const { buyer, purchase, intentId } = await boughtReport('Evidencecoin');
    await t.ctx.db
      .update(researchReports)
      .set({ status: 'completed' })
      .where(eq(researchReports.id, purchase.reportId!));
    expect(await reportStatus(buyer, purchase.reportId!)).toBe(200); // a view, in the access log
    await sendDisputeEvent('charge.dispute.created', dispute('dp_evidence', intentId, 'needs_response'));
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { cookie: admin.cookie } })
    ).json();
    const id = listed.find((d: { stripeDisputeId: string }) => d.stripeDisputeId === 'dp_evidence').id;
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/disputes/${id}/submit-evidence`,
        headers: { cookie: admin.cookie },
      });
    const clicks = await Promise.all([submit(), submit()]);
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const sent = fake.disputeUpdates.filter((update) => update.disputeId === 'dp_evidence');
    expect(sent).toHaveLength(1);
    const params = sent[0]!.params;
    expect(params.get('submit')).toBe('true');
    expect(params.get('evidence[customer_email_address]')).toBe(buyer.user.email);
    expect(params.get('evidence[customer_purchase_ip]')).toBe('127.0.0.1');
    expect(params.get('evidence[access_activity_log]')).toMatch(/viewed the report/);
    expect(params.get('evidence[product_description]')).toContain('Evidencecoin');
    expect(params.get('evidence[refund_policy_disclosure]')).toContain('not refundable');
    expect(params.get('evidence[service_date]')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(params.get('evidence[uncategorized_text]')).toMatch(/Invoice INV-\d{6}/);
  });

  it('"Submit evidence" uploads the invoice PDF through Stripe\'s Files API and names it as the receipt', async () => {
    const { buyer, purchase, intentId } = await boughtReport('Receiptcoin');
    await sendDisputeEvent('charge.dispute.created', dispute('dp_receipt', intentId, 'needs_response'));
    const id = await disputeRowId('dp_receipt');
    const submitted = await submitEvidence(id);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const [invoice] = await t.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, purchase.id));
    const number = `INV-${String(invoice!.number).padStart(6, '0')}`;
    const uploads = fake.fileUploads.filter((upload) => upload.fileName === `${number}.pdf`);
    expect(uploads).toHaveLength(1);
    const upload = uploads[0]!;
    expect(upload.purpose).toBe('dispute_evidence');
    expect(upload.contentType).toBe('application/pdf');
    expect(upload.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await readPdf(upload.bytes)).text;
    expect(text).toContain(number);
    expect(text).toContain('Receiptcoin');
    // The same bytes the buyer downloads from the account page.
    const buyerPdf = await t.app.inject({
      method: 'GET',
      url: `/api/account/invoices/${invoice!.id}/pdf`,
      headers: { cookie: buyer.cookie },
    });
    expect((await readPdf(buyerPdf.rawPayload)).text).toBe(text);

    const [sent] = fake.disputeUpdates.filter((update) => update.disputeId === 'dp_receipt');
    expect(sent!.params.get('evidence[receipt]')).toBe(upload.id);
    expect(submitted.json().evidence.receipt).toBe(upload.id);
  });

  it("the access log the evidence reads holds the buyer's report view and PDF download with their times", async () => {
    const { buyer, purchase, intentId } = await boughtReport('Accesslogcoin');
    const outcome = await runResearch(
      {
        db: t.ctx.db,
        queue: t.ctx.queue,
        sources: createSnapshotSources(),
        writer: deterministicWriter,
        log: t.ctx.log,
      },
      purchase.reportId!,
    );
    expect(outcome).toBe('completed');
    expect(await reportStatus(buyer, purchase.reportId!)).toBe(200);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/reports/${purchase.reportId}/pdf`,
      headers: { cookie: buyer.cookie },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);

    const logged = await t.ctx.db
      .select()
      .from(reportAccessLog)
      .where(eq(reportAccessLog.reportId, purchase.reportId!));
    expect(logged.map((entry) => entry.kind).sort()).toEqual(['pdf_download', 'view']);
    expect(logged.every((entry) => entry.userId === buyer.user.id && entry.ipAddress === '127.0.0.1')).toBe(
      true,
    );

    await sendDisputeEvent('charge.dispute.created', dispute('dp_access', intentId, 'needs_response'));
    expect((await submitEvidence(await disputeRowId('dp_access'))).statusCode).toBe(200);
    const [sent] = fake.disputeUpdates.filter((update) => update.disputeId === 'dp_access');
    const log = sent!.params.get('evidence[access_activity_log]')!.split('\n');
    const view = logged.find((entry) => entry.kind === 'view')!;
    const download = logged.find((entry) => entry.kind === 'pdf_download')!;
    expect(log).toEqual(
      expect.arrayContaining([
        `${view.at.toISOString()} viewed the report from 127.0.0.1`,
        `${download.at.toISOString()} downloaded the report PDF from 127.0.0.1`,
      ]),
    );
  });
});

async function disputeRowId(stripeDisputeId: string): Promise<number> {
  const listed = (
    await t.app.inject({ method: 'GET', url: '/api/admin/disputes', headers: { cookie: admin.cookie } })
  ).json();
  return listed.find((d: { stripeDisputeId: string }) => d.stripeDisputeId === stripeDisputeId).id;
}

const submitEvidence = (id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/disputes/${id}/submit-evidence`,
    headers: { cookie: admin.cookie },
  });
