import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetCoverageSchema } from '../../../contract/assets';
import { researchReports, userPurchases } from '../../db/schema';
import { runResearch } from '../../research/pipeline';
import { deterministicWriter } from '../../research/writer';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// What a report would hold, told before payment (GET /api/assets/:id/coverage), and the checks
// of the checkout on it: a Not rated report needs the buyer's confirmation, and a report identical
// to one the buyer owns is refused before any charge. On the offline demo's own sources.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(async () => {
  await t.close();
});

const coverage = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/assets/${id}/coverage`, headers });

function createIntent(user: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: { cookie: user.cookie },
    payload: { purchaseType: 'new_report', ...payload },
  });
}

describe('GET /api/assets/:id/coverage', () => {
  it('tells a signed-out visitor how many categories have evidence, whether it is rated and the data date, cached', async () => {
    const response = await coverage('bitcoin');
    expect(response.statusCode, response.body).toBe(200);
    const body = assetCoverageSchema.strict().parse(response.json());
    expect(body).toMatchObject({ assetId: 'bitcoin', rated: true });
    expect(body.categoriesWithEvidence).toBeGreaterThanOrEqual(6);
    expect(body.dataAsOf).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await coverage('bitcoin', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('says when a report would be Not rated', async () => {
    const body = assetCoverageSchema.parse((await coverage('wonderland')).json());
    expect(body.rated).toBe(false);
    expect(body.categoriesWithEvidence).toBeLessThan(4);
  });

  it('answers 404 for an id no source knows and 400 for a malformed one, with a readable message', async () => {
    const unknown = await coverage('no-such-coin-anywhere');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/No asset with the id "no-such-coin-anywhere"/);
    const malformed = await coverage('Bit%20Coin');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/lowercase letters, digits and dashes/);
  });

  it('is listed in the OpenAPI document', async () => {
    const spec = (await t.app.inject({ url: '/api-docs/json' })).json();
    expect(spec.paths['/api/assets/{id}/coverage']?.get).toBeDefined();
  });
});

describe('checkout before payment', () => {
  it('asks the same confirmation for a report that would be Not rated as for an unknown name', async () => {
    const buyer = await signUp(t.app);
    const refused = await createIntent(buyer, { assetName: 'Wonderland', assetId: 'wonderland' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'NOT_RATED_ASSET',
      coverage: { assetId: 'wonderland', rated: false },
    });
    expect(refused.json().message).toMatch(/would be Not rated/);
    const confirmed = await createIntent(buyer, {
      assetName: 'Wonderland',
      assetId: 'wonderland',
      acknowledgeUnknownAsset: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('refuses, before any charge, a new report identical to one the buyer owns, naming it', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Bitcoin');
    expect(
      await runResearch({ ...t.ctx, sources: t.ctx.research.sources, writer: deterministicWriter }, reportId),
    ).toBe('completed');
    const purchasesBefore = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.userId, buyer.user.id));
    const reportsBefore = await t.ctx.db.select({ id: researchReports.id }).from(researchReports);

    const refused = await createIntent(buyer, { assetName: 'Bitcoin', assetId: 'bitcoin' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ALREADY_OWNED', reportId, link: `/reports/${reportId}` });
    expect(refused.json().message).toMatch(
      /You already own a report on Bitcoin with data as of \d{4}-\d{2}-\d{2}/,
    );
    // Nothing was charged: no payment, no purchase, no report.
    const purchasesAfter = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.userId, buyer.user.id));
    expect(purchasesAfter).toHaveLength(purchasesBefore.length);
    expect(await t.ctx.db.select({ id: researchReports.id }).from(researchReports)).toHaveLength(
      reportsBefore.length,
    );
    // The Cardano checkout refuses it the same way.
    const cardano = await t.app.inject({
      method: 'POST',
      url: '/api/cardano/create-payment',
      headers: { cookie: buyer.cookie },
      payload: {
        amount: 4.99,
        currency: 'ADA',
        description: 'Research report: Bitcoin',
        purchaseType: 'new_report',
        researchAsset: 'Bitcoin',
        assetId: 'bitcoin',
      },
    });
    expect(cardano.statusCode, cardano.body).toBe(409);
    expect(cardano.json()).toMatchObject({ code: 'ALREADY_OWNED', reportId });

    // Another buyer, who owns none, may buy it.
    const other = await signUp(t.app);
    expect((await createIntent(other, { assetName: 'Bitcoin', assetId: 'bitcoin' })).statusCode).toBe(200);
  });
});
