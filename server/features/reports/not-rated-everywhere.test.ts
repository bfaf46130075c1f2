import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchReports } from '../../db/schema';
import { runResearch } from '../../research/pipeline';
import { sourcesFromConfig } from '../../research/sources/live';
import { deterministicWriter } from '../../research/writer';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';

// Not rated is one state everywhere: a report with too few categories of evidence has no total in
// any answer, not the 0.00 the database column holds (issue 32).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(() => t.close());

describe('a Not rated report (Wonderland, offline data; Lido Staked Ether now has five categories)', () => {
  it('has composite_score null in the report, my reports, the marketplace and the asset search', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Wonderland');
    const sources = sourcesFromConfig(t.ctx.config);
    expect(await runResearch({ ...t.ctx, sources, writer: deterministicWriter }, reportId)).toBe('completed');
    await t.ctx.db.update(researchReports).set({ isPublic: true }).where(eq(researchReports.id, reportId));
    const get = async (url: string) => {
      const response = await t.app.inject({ url, headers: { cookie: buyer.cookie } });
      expect(response.statusCode, url).toBe(200);
      return response.json();
    };

    const report = (await get(`/api/reports/${reportId}`)).report;
    expect(report.rated).toBe(false);
    expect(report.composite_score).toBeNull();

    const mine = (await get('/api/my-reports')).find(
      (item: { reportId: number }) => item.reportId === reportId,
    );
    expect(mine.report_status).toBe('completed');
    expect(mine.composite_score).toBeNull();

    const listed = (await get('/api/public-reports?q=Wonderland')).find(
      (item: { id: number }) => item.id === reportId,
    );
    expect(listed.rated).toBe(false);
    expect(listed.composite_score).toBeNull();
    const marketplace = (await get('/api/public-reports')).find(
      (item: { id: number }) => item.id === reportId,
    );
    expect(marketplace.composite_score).toBeNull();

    const suggestion = (await get('/api/assets/search?q=Wonderland')).assets.find(
      (asset: { recentReport?: { id: number } }) => asset.recentReport?.id === reportId,
    );
    expect(suggestion.recentReport.composite_score).toBeNull();
  });
});
