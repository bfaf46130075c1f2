import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { researchReports } from '../../db/schema';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';

// The public track record: computed from stored reports and the curated incident list, readable
// by a visitor without a session, counts (not percentages) for small groups, cached.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(() => t.close());

const research = (reportId: number) => researchFromCalibration(t.ctx, reportId);

const cell = (html: string, rowHeader: string) => {
  const row = new RegExp(`<tr><th scope="row">${rowHeader}</th>(.*?)</tr>`).exec(html)?.[1] ?? '';
  return [...row.matchAll(/<td>(.*?)<\/td>/g)].map((m) => m[1]);
};

describe('GET /track-record', () => {
  it('shows visitors what happened after each report, by band, with counts below 20, from stored data', async () => {
    const buyer = await signUp(t.app);
    const terra = (await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'terra-luna')).reportId;
    const bitcoin = (await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'bitcoin')).reportId;
    const bitcoinAgain = (await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'bitcoin')).reportId;
    for (const id of [terra, bitcoin, bitcoinAgain]) expect(await research(id)).toBe('completed');
    // A report dated before the incident list was compiled: its asset's later incidents count.
    await t.ctx.db
      .update(researchReports)
      .set({ completedAt: new Date('2022-04-01T00:00:00Z') })
      .where(eq(researchReports.id, terra));
    const [terraRow] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, terra));
    const terraBand = { 'Likely Safe': 'Likely Safe', Potential: 'Potential Risk', 'Not Safe': 'Not Safe' }[
      (terraRow!.scores as { riskLevel: 'Likely Safe' | 'Potential' | 'Not Safe' }).riskLevel
    ];

    const response = await t.app.inject({ url: '/track-record' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const html = response.body;
    expect(html).toContain('<h1>Track record</h1>');
    expect(html).toContain('3 completed public reports');
    expect(html).toMatch(/SunWeb3Sec\/DeFiHackLabs @ [0-9a-f]{7} and the curated incident list/);
    // Terra: reported before the SEC fraud case (a regulator's own filing), which is counted.
    const [reports, observable, withIncident, incidents] = cell(html, terraBand);
    expect(Number(reports)).toBeGreaterThanOrEqual(1);
    expect(observable).toBe('1');
    expect(withIncident).toBe('1 of 1');
    expect(Number(incidents)).toBeGreaterThanOrEqual(1);
    expect(html).not.toMatch(/\d+ of \d+ \(\d+%\)/); // no percentages below 20 reports
    expect(html).toMatch(/Of 1 later version of an asset's report, [01] of 1 gave a different risk level/);

    // Cached: a report completed now shows up only when the cache expires.
    const more = (await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'solana')).reportId;
    await research(more);
    const again = await t.app.inject({ url: '/track-record' });
    expect(again.body).toContain('3 completed public reports');

    const dark = await t.app.inject({ url: '/track-record', cookies: { theme_preference: 'dark' } });
    expect(dark.body).toContain('<html lang="en" class="dark">');
  });
});
