import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { E2E_ADMIN } from '../playwright.config';
import { type FakeStripe, startFakeStripe } from '../server/features/card-payments/fake-stripe';
import { expect, expectNoAxeViolations, newUser, PASSWORD, signInAs, test } from './fixtures';
import { type SecondServer, startSecondServer } from './support/second-server';

// The admin's card disputes (decision 0304): a dispute Stripe reports by webhook (signed as
// Stripe signs, sent to a server keyed for a fake Stripe) is listed with reason, amount, status
// and the evidence due date; "Submit evidence" sends it once, with the invoice PDF uploaded.

const WEBHOOK_SECRET = 'whsec_e2e';
const signer = new Stripe('sk_test_signer');

let fake: FakeStripe;
let server: SecondServer;

test.beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startSecondServer({
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
test.afterAll(async () => {
  server?.process.kill('SIGTERM');
  await fake?.close();
});

async function sendWebhook(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    data: { object },
  });
  const response = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(response.status, await response.text()).toBe(200);
}

test('the admin sees a card dispute and submits its evidence once', async ({ browser }) => {
  // A buyer pays by card through the fake Stripe, and the payment completes by webhook.
  const buyerContext = await browser.newContext({ baseURL: server.url });
  const buyer = buyerContext.request;
  const user = newUser();
  expect(
    (await buyer.post('/api/auth/register', { data: { ...user, confirmPassword: PASSWORD } })).status(),
  ).toBe(201);
  const created = await buyer.post('/api/create-payment-intent', {
    data: {
      purchaseType: 'new_report',
      assetName: `Dispute coin ${Date.now()}`,
      acknowledgeUnknownAsset: true,
      country: 'IE',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const intent = fake.setStatus((await created.json()).paymentIntentId, 'succeeded');
  await sendWebhook('payment_intent.succeeded', intent);
  await buyerContext.close();

  // The cardholder's bank disputes it.
  const disputeId = `dp_e2e_${randomBytes(6).toString('hex')}`;
  await sendWebhook('charge.dispute.created', {
    id: disputeId,
    object: 'dispute',
    amount: 499,
    currency: 'usd',
    charge: `ch_${intent.id.slice(3)}`,
    payment_intent: intent.id,
    reason: 'product_not_received',
    status: 'needs_response',
    evidence_details: { due_by: Math.floor(Date.parse('2026-12-24T23:59:59Z') / 1000) },
  });

  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  await signInAs(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  const disputes = page.getByRole('region', { name: 'Card Disputes' });
  const row = disputes.getByRole('row', { name: new RegExp(disputeId) });
  await expect(row).toContainText('Product not received');
  await expect(row).toContainText('4.99 USD');
  await expect(row).toContainText('Needs response');
  await expect(row).toContainText('Dec 24, 2026');
  await expectNoAxeViolations(page, 'admin with a card dispute');

  await row.getByRole('button', { name: `Submit evidence for dispute ${disputeId}` }).click();
  await expect(row).toContainText(/Submitted/);
  await expect(row.getByRole('button', { name: /Submit evidence/ })).toHaveCount(0);
  await page.reload();
  await expect(disputes.getByRole('row', { name: new RegExp(disputeId) })).toContainText(/Submitted/);

  const sent = fake.disputeUpdates.filter((update) => update.disputeId === disputeId);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.params.get('submit')).toBe('true');
  expect(sent[0]!.params.get('evidence[customer_email_address]')).toBe(user.email);
  const receipt = sent[0]!.params.get('evidence[receipt]');
  const upload = fake.fileUploads.find((file) => file.id === receipt);
  expect(upload?.purpose).toBe('dispute_evidence');
  expect(upload?.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await context.close();
});
