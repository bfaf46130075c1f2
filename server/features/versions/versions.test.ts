import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScores, type CategoryScores, METHODOLOGY_VERSION } from '../../../contract/methodology';
import type { Source } from '../../../contract/reports';
import {
  CHANGES_HEADING,
  CHANGES_MESSAGES,
  HISTORY_HEADING,
  reportChangesResponseSchema,
  reportVersionsResponseSchema,
} from '../../../contract/versions';
import { researchProgress, researchReports, userPurchases } from '../../db/schema';
import { SEPARATION_NOTES } from '../../research/changes';
import { runResearch } from '../../research/pipeline';
import { dataAsOfDates } from '../../research/report-text';
import { createSnapshotSources } from '../../research/sources/snapshot';
import { CALIBRATION_DATE, researchFromCalibration } from '../../research/testing/calibration-evidence';
import { deterministicWriter } from '../../research/writer';
import { grantNewReport } from '../../testing/grant';
import { readPdf } from '../../testing/pdf';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type SignedInUser, signUp } from '../../testing/users';

// Report series: a new report on an asset with completed reports is its next version; the
// changes between versions tell the rules' part from the evidence's part.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(() => t.close());

const research = (reportId: number) => researchFromCalibration(t.ctx, reportId);

async function researchedReport(user: SignedInUser, asset: string) {
  const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, asset);
  expect(await research(reportId)).toBe('completed');
  return reportId;
}

const get = (user: SignedInUser, url: string) => t.app.inject({ url, headers: { cookie: user.cookie } });

/** Rewrites a stored report as if an earlier methodology had scored one category differently. */
async function scoredUnderOlderRules(reportId: number, version: string, changed: Partial<CategoryScores>) {
  const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
  const scores = buildScores({ ...(row!.scores as CategoryScores), ...changed });
  await t.ctx.db
    .update(researchReports)
    .set({ methodologyVersion: version, scores, compositeScore: scores.totalScore.toFixed(2) })
    .where(eq(researchReports.id, reportId));
}

describe('GET /api/reports/:id/versions', () => {
  it('numbers the reports on one asset by completion and lists what the caller may see, newest first', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const v1 = await researchedReport(first, 'ethereum');
    const v2 = await researchedReport(second, 'Ethereum');
    const other = await researchedReport(second, 'bitcoin');

    const response = await get(second, `/api/reports/${v2}/versions`);
    expect(response.statusCode).toBe(200);
    const body = reportVersionsResponseSchema.parse(response.json());
    expect(body.assetId).toBe('ethereum');
    const ids = body.versions.map((v) => v.id);
    expect(ids.indexOf(v2)).toBeLessThan(ids.indexOf(v1));
    expect(ids).not.toContain(other);
    const [newest] = body.versions;
    expect(newest).toMatchObject({ id: v2, owned: true, methodologyVersion: METHODOLOGY_VERSION });
    expect(newest!.version).toBe(body.versions.find((v) => v.id === v1)!.version + 1);
    expect(body.versions.find((v) => v.id === v1)!.owned).toBe(false);
    expect(newest!.riskLevel).toMatch(/Likely Safe|Potential|Not Safe/);
    expect(new Date(newest!.dataAsOf!).getTime()).toBeLessThanOrEqual(
      new Date(newest!.completedAt).getTime(),
    );
    // The data's own date (the oldest source), as the report header prints it, not the research time.
    expect(newest!.dataAsOf).toBe(`${CALIBRATION_DATE}T00:00:00.000Z`);

    // Nothing old is rewritten: the first report keeps its own id, date and scores.
    const [firstRow] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, v1));
    expect(firstRow!.assetId).toBe('ethereum');
    const fromFirst = reportVersionsResponseSchema.parse(
      (await get(first, `/api/reports/${v1}/versions`)).json(),
    );
    expect(fromFirst.versions.find((v) => v.id === v1)).toMatchObject({ owned: true, version: 1 });
  });

  it('dates a version by its time-sensitive sources: a chain cited from a 2020 copy as a reference does not date it (decision 0249)', async () => {
    const user = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, user.user.id, 'bitcoin');
    const sources = createSnapshotSources({ nonCommercial: true });
    expect(await runResearch({ ...t.ctx, sources, writer: deterministicWriter }, reportId)).toBe('completed');
    const rows = await t.ctx.db
      .select({ data: researchProgress.researchData })
      .from(researchProgress)
      .where(eq(researchProgress.reportId, reportId));
    const stored = rows.flatMap((row) => (row.data as { sources: Source[] }).sources);
    const chain = stored.find((source) => source.reference);
    expect(chain?.url).toContain('coinmetrics/data');
    const body = reportVersionsResponseSchema.parse(
      (await get(user, `/api/reports/${reportId}/versions`)).json(),
    );
    const dataAsOf = body.versions.find((v) => v.id === reportId)!.dataAsOf!.slice(0, 10);
    // The list's SQL reads the flag as the report does: the same date as the report's own rule.
    expect(dataAsOf).toBe(dataAsOfDates(stored));
    expect(dataAsOf).not.toBe(chain!.retrievedAt.slice(0, 10));
  });

  it('hides a version that is neither bought nor public, and answers 404 for a report that is not', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const shown = await researchedReport(owner, 'solana');
    const hidden = await researchedReport(owner, 'solana');
    await t.ctx.db.update(researchReports).set({ isPublic: false }).where(eq(researchReports.id, hidden));
    const seen = reportVersionsResponseSchema.parse(
      (await get(stranger, `/api/reports/${shown}/versions`)).json(),
    );
    expect(seen.versions.map((v) => v.id)).toEqual([shown]);
    expect((await get(owner, `/api/reports/${shown}/versions`)).json().versions).toHaveLength(2);
    for (const url of [
      `/api/reports/${hidden}/versions`,
      '/api/reports/999999/versions',
      '/api/reports/x/versions',
    ])
      expect((await get(stranger, url)).statusCode, url).toBe(404);
  });
});

describe('GET /api/reports/:id/changes', () => {
  it('compares with the previous version: scores, facts and verdict, all from the evidence when the rules are the same', async () => {
    const owner = await signUp(t.app);
    const v1 = await researchedReport(owner, 'cardano');
    const v2 = await researchedReport(owner, 'cardano');
    // The earlier version read a smaller market: one category and one of its facts differ.
    await t.ctx.db.execute(sql`
      update research_progress
         set research_data = jsonb_set(research_data, '{facts}', '["Market capitalisation: $1.00 billion."]'::jsonb)
       where report_id = ${v1} and category_key = 'marketCap'`);
    await scoredUnderOlderRules(v1, METHODOLOGY_VERSION, { marketCap: 2 });

    const response = await get(owner, `/api/reports/${v2}/changes`);
    expect(response.statusCode).toBe(200);
    const body = reportChangesResponseSchema.parse(response.json());
    expect(body).toMatchObject({ reportId: v2, sinceReportId: v1, access: 'full' });
    expect(body.methodology).toEqual({
      before: METHODOLOGY_VERSION,
      after: METHODOLOGY_VERSION,
      changed: false,
      separated: false,
      note: null,
    });
    const marketCap = body.categories.find((c) => c.key === 'marketCap')!;
    expect(marketCap.before).toBe(2);
    expect(marketCap.evidenceChange).toBe(marketCap.after - 2);
    expect(marketCap.ruleChange).toBeNull();
    expect(marketCap.facts!.changed[0]!.before).toBe('Market capitalisation: $1.00 billion.');
    expect(marketCap.facts!.changed[0]!.after).toMatch(/^Market capitalisation: \$/);
    const unchanged = body.categories.filter((c) => c.key !== 'marketCap');
    expect(unchanged.every((c) => c.evidenceChange === 0 && c.factCounts.appeared === 0)).toBe(true);
    expect(body.verdict).toMatch(/^The verdict (stays|changed from)/);
    expect(body.total.after).toBeGreaterThan(body.total.before);
  });

  it('tells a change of the rules from a change of the evidence by scoring the older evidence again', async () => {
    const owner = await signUp(t.app);
    const v1 = await researchedReport(owner, 'chainlink');
    const v2 = await researchedReport(owner, 'chainlink');
    await scoredUnderOlderRules(v1, '2026.10-1', { marketCap: 1, volumeX2: 1, team: 1 });

    const body = reportChangesResponseSchema.parse(
      (await get(owner, `/api/reports/${v2}/changes?since=${v1}`)).json(),
    );
    expect(body.methodology).toMatchObject({
      before: '2026.10-1',
      after: METHODOLOGY_VERSION,
      changed: true,
      separated: true,
    });
    for (const key of ['marketCap', 'volumeX2', 'team']) {
      const category = body.categories.find((c) => c.key === key)!;
      expect(category.before, key).toBe(1);
      // Same asset, same data: everything that moved was moved by the rules.
      expect(category.rescored, key).toBe(category.after);
      expect(category.ruleChange, key).toBe(category.after - 1);
      expect(category.evidenceChange, key).toBe(0);
    }
    expect(body.total.rescored).toBe(body.total.after);

    // A report researched before evidence was kept cannot be split, and says so.
    await t.ctx.db.execute(
      sql`update research_reports set research_data = research_data - 'evidence' where id = ${v1}`,
    );
    const old = reportChangesResponseSchema.parse((await get(owner, `/api/reports/${v2}/changes`)).json());
    expect(old.methodology).toMatchObject({
      changed: true,
      separated: false,
      note: SEPARATION_NOTES.noEvidence,
    });
    expect(old.categories.every((c) => c.rescored === null && c.evidenceChange === null)).toBe(true);
  });

  it('gives the owner of an older version the summary for free, without the facts; others get 404', async () => {
    const early = await signUp(t.app);
    const late = await signUp(t.app);
    const stranger = await signUp(t.app);
    const v1 = await researchedReport(early, 'polkadot');
    const v2 = await researchedReport(late, 'polkadot');

    const summary = await get(early, `/api/reports/${v2}/changes`);
    expect(summary.statusCode).toBe(200);
    const body = reportChangesResponseSchema.parse(summary.json());
    expect(body.access).toBe('summary');
    expect(body.categories).toHaveLength(12);
    expect(body.categories.every((c) => c.facts === null)).toBe(true);
    // The full newer report itself stays for sale at the existing-report price.
    expect((await get(early, `/api/reports/${v2}`)).statusCode).toBe(404);
    const check = await get(early, `/api/purchase-check?reportId=${v2}`);
    expect(check.json()).toMatchObject({ kind: 'available' });

    // Every newer version, not only the next one: a third is summarised against the version owned,
    // and is for sale at the existing-report price too.
    const v3 = await researchedReport(late, 'polkadot');
    const third = reportChangesResponseSchema.parse(
      (await get(early, `/api/reports/${v3}/changes?since=${v1}`)).json(),
    );
    expect(third).toMatchObject({ access: 'summary', version: 3, sinceVersion: 1 });
    expect(third.categories.every((c) => c.facts === null)).toBe(true);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: early.cookie },
      payload: { purchaseType: 'existing_report', reportId: v3 },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ reportId: v3, amount: '2.99' });

    expect((await get(stranger, `/api/reports/${v2}/changes`)).statusCode).toBe(404);
    const first = await get(late, `/api/reports/${v1}/changes`);
    expect(first.statusCode).toBe(404);
    const none = await get(early, `/api/reports/${v1}/changes`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(CHANGES_MESSAGES.noEarlierVersion);
    const wrong = await get(late, `/api/reports/${v2}/changes?since=${v2}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(CHANGES_MESSAGES.sinceNotInSeries);
  });

  it('a refresh is a new-report purchase on the same asset id through the checkout, shown as the next version', async () => {
    const owner = await signUp(t.app);
    const v1 = await researchedReport(owner, 'avalanche-2');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: owner.cookie },
      payload: { purchaseType: 'new_report', assetName: 'Avalanche', assetId: 'avalanche-2' },
    });
    expect(created.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/card-payment',
      headers: { cookie: owner.cookie },
      payload: { paymentIntentId: created.json().paymentIntentId, cardNumber: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode).toBe(200);
    const [purchase] = await t.ctx.db
      .select()
      .from(userPurchases)
      .where(eq(userPurchases.stripePaymentIntentId, created.json().paymentIntentId));
    expect(purchase).toMatchObject({ status: 'completed', purchaseType: 'new_report', amount: '4.99' });
    expect(await research(purchase!.reportId!)).toBe('completed');

    const versions = reportVersionsResponseSchema.parse(
      (await get(owner, `/api/reports/${v1}/versions`)).json(),
    );
    expect(versions.versions.map((v) => [v.id, v.version, v.owned])).toEqual([
      [purchase!.reportId, 2, true],
      [v1, 1, true],
    ]);
    const changes = reportChangesResponseSchema.parse(
      (await get(owner, `/api/reports/${purchase!.reportId}/changes`)).json(),
    );
    expect(changes).toMatchObject({ sinceReportId: v1, version: 2, sinceVersion: 1, access: 'full' });
  });
});

describe('the PDF of a later version', () => {
  it('shows the score history up to this version and the changes since the previous one', async () => {
    const owner = await signUp(t.app);
    const v1 = await researchedReport(owner, 'tron');
    await scoredUnderOlderRules(v1, METHODOLOGY_VERSION, { marketCap: 1 });
    const v2 = await researchedReport(owner, 'tron');
    const response = await get(owner, `/api/reports/${v2}/pdf`);
    expect(response.statusCode).toBe(200);
    const text = (await readPdf(response.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain(HISTORY_HEADING);
    expect(text).toContain('This report is version 2 of the reports on tron.');
    expect(text).toContain(CHANGES_HEADING);
    expect(text).toContain('Compared with version 1.');
    expect(text).toMatch(/Market Cap: 1\/5 → \d\/5/i);
  });
});
