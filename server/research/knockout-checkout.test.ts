import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportResponseSchema } from '../../contract/reports';
import { userPurchases } from '../db/schema';
import {
  type FakeStripe,
  fakeStripeSettings,
  sendStripeWebhook,
  startFakeStripe,
} from '../features/card-payments/fake-stripe';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SignedInUser, signUp } from '../testing/users';
import { createResearchHandler } from './job';

// A buyer who pays for a report on an asset with a documented knockout (a fraud conviction, a
// collapse) reads Not Safe, whatever else the offline data holds: the card checkout, the
// research job's own handler, then the report API, as the product runs them.

let fake: FakeStripe;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ ...fakeStripeSettings(fake), RESEARCH_DATA: 'offline' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

async function buyNewReport(buyer: SignedInUser, assetId: string, assetName: string): Promise<number> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: buyer.cookie },
    payload: { purchaseType: 'new_report', assetName, assetId },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { paymentIntentId } = created.json() as { paymentIntentId: string };
  const intent = fake.setStatus(paymentIntentId, 'succeeded');
  expect((await sendStripeWebhook(t.app, 'payment_intent.succeeded', intent)).statusCode).toBe(200);
  const [purchase] = await t.ctx.db
    .select()
    .from(userPurchases)
    .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));
  const reportId = purchase!.reportId!;
  // The worker's handler, as pg-boss would call it for the job the payment queued.
  await createResearchHandler(t.ctx)([
    { id: `job-${reportId}`, data: { reportId }, retryCount: 0, retryLimit: 3 } as never,
  ]);
  return reportId;
}

describe('knockouts in the report a buyer receives', () => {
  it.each([
    // FTX's first knockout is its chapter 11 filing; Team cites the conviction's release.
    ['ftx-token', 'FTX Token', /chapter 11 bankruptcy/, /justice\.gov/],
    ['celsius-degree-token', 'Celsius Network', /Mashinsky/, /justice\.gov|sec\.gov/],
  ])(
    '%s bought through checkout reads Not Safe, with the knockout and its primary document',
    async (assetId, name, who, document) => {
      const buyer = await signUp(t.app);
      const reportId = await buyNewReport(buyer, assetId, name);
      const response = await t.app.inject({
        url: `/api/reports/${reportId}`,
        headers: { cookie: buyer.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = reportResponseSchema.parse(response.json());
      expect(body.report.report_status).toBe('completed');
      expect(body.report.risk_level).toBe('Not Safe');
      expect(body.report.rated).not.toBe(false);
      expect(body.sections?.summary).toMatch(/^Not Safe: /);
      expect(body.sections?.summary).toMatch(who);
      const team = body.progressData.find((p) => p.category_key === 'team');
      expect(team?.sources.some((s) => document.test(s.url ?? ''))).toBe(true);
    },
  );
});
