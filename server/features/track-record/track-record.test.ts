import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHODOLOGY_VERSION } from '../../../contract/methodology';
import type { TrackRecord } from '../../../contract/track-record';
import { researchReports } from '../../db/schema';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';
import { renderTrackRecordBody } from './page';
import { createTrackRecordService } from './service';

// The public track record: computed from stored reports and the curated incident list, readable
// by a visitor without a session, counts (not percentages) for small groups, cached.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(() => t.close());

const research = (reportId: number) => researchFromCalibration(t.ctx, reportId);

const cell = (html: string, rowHeader: string) => {
  const row = new RegExp(`<th scope="row"[^>]*>${rowHeader}</th>(.*?)</tr>`).exec(html)?.[1] ?? '';
  return [...row.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
};

const emptyRecord: TrackRecord = {
  computedAt: '2026-11-26T00:00:00.000Z',
  publicReports: 0,
  incidentList: { dataset: 'test', compiled: '2026-08-20', incidents: 0 },
  outcomes: [],
  distribution: [],
  laterVersions: { pairs: 0, bandChanged: 0 },
};
const backtestOf = (app: TestApp) => {
  const backtest = createTrackRecordService(app.ctx).backtest;
  if (!backtest) throw new Error('run npm run research:backtest first');
  return backtest;
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

    // The page body the site's layout wears (the App itself renders it in the browser test).
    const html = await createTrackRecordService(t.ctx).pageBody();
    expect(html).toContain('3 completed public reports');
    expect(html).toMatch(/SunWeb3Sec\/DeFiHackLabs @ [0-9a-f]{7} and the curated incident list/);
    // Terra: reported before the SEC fraud case (a regulator's own filing), which is counted.
    const [reports, observable, withIncident, incidents] = cell(html, terraBand);
    expect(Number(reports)).toBeGreaterThanOrEqual(1);
    expect(observable).toBe('1');
    expect(withIncident).toBe('1 of 1');
    expect(Number(incidents)).toBeGreaterThanOrEqual(1);
    const prospective = html.slice(0, html.indexOf('data-testid="backtest"'));
    expect(prospective).not.toMatch(/\d+ of \d+ \(\d+%\)/); // no percentages below 20 reports
    expect(prospective).toMatch(
      /Of 1 later version of an asset's report, [01] of 1 gave a different risk level/,
    );

    // The same record as JSON, cached: a report completed now shows up only when the cache expires.
    const first = await t.app.inject({ url: '/api/track-record' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.json().prospective.publicReports).toBe(3);
    const more = (await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'solana')).reportId;
    await research(more);
    const again = await t.app.inject({ url: '/api/track-record' });
    expect(again.json().prospective.publicReports).toBe(3);
  });
});

describe('GET /api/track-record', () => {
  it('serves the stored back-test beside the prospective record, said to be a back-test', async () => {
    const response = await t.app.inject({ url: '/api/track-record' });
    expect(response.statusCode).toBe(200);
    const { backtest } = response.json();
    expect(backtest.kind).toBe('back-test');
    expect(backtest.notice).toMatch(/computed now.*never published|None was published at the time/);
    expect(backtest.firstAsOf).toBe('2020-01-01');
    const [version] = backtest.versions;
    expect(version.methodologyVersion).toBe(METHODOLOGY_VERSION);
    expect(version.accuracy.map((a: { days: number }) => a.days)).toEqual([90, 180, 365]);
    expect(backtest.failures.some((f: { assetId: string }) => f.assetId === 'terra-luna')).toBe(true);
    // In the OpenAPI document.
    const openapi = await t.app.inject({ url: '/api-docs/json' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json().paths['/api/track-record'].get.responses['200']).toBeDefined();
  });

  it('lists each asset once, at its first failure: TerraUSD once, Celsius and Voyager at their July 2022 filings', async () => {
    const { backtest } = (await t.app.inject({ url: '/api/track-record' })).json();
    const ids = backtest.failures.map((f: { assetId: string }) => f.assetId);
    expect(new Set(ids).size).toBe(ids.length);
    const of = (id: string) => backtest.failures.filter((f: { assetId: string }) => f.assetId === id);
    expect(of('terrausd')).toHaveLength(1);
    expect(of('celsius-degree-token')[0].event).toMatchObject({ kind: 'default', date: '2022-07-13' });
    expect(of('cmc:Voyager Token|VGX')[0].event).toMatchObject({ kind: 'default', date: '2022-07-05' });
    expect(backtest.study.holdoutFrom).toBe('2023-01-01');
    expect(backtest.study.samples.map((s: { sample: string }) => s.sample)).toContain('holdout');
  });

  it('gives counts, not percentages, in a back-test group below 20 ratings', () => {
    const backtest = backtestOf(t);
    const html = renderTrackRecordBody(emptyRecord, {
      ...backtest,
      study: {
        ...backtest.study,
        samples: backtest.study.samples.map((s) => ({
          ...s,
          bands: [{ band: 'Likely Safe', observable: 12, failures: 3, rate: 0.25, ci95: [0.09, 0.53] }],
        })),
      },
    });
    const table = html.slice(html.indexOf('data-testid="backtest-bands"'));
    const row = /<th scope="row"[^>]*>Hold-out \(2023 on\), 365 days<\/th>(.*?)<\/tr>/.exec(table)?.[1] ?? '';
    expect(row).toContain('3 of 12');
    expect(row).not.toContain('%');
  });

  it('says what the accuracy ratio means before any figure, and keeps every wide table focusable', () => {
    const html = renderTrackRecordBody(emptyRecord, backtestOf(t));
    const backtest = html.slice(html.indexOf('data-testid="backtest"'));
    expect(backtest.indexOf('runs from −1 to 1')).toBeGreaterThan(0);
    expect(backtest.indexOf('runs from −1 to 1')).toBeLessThan(
      backtest.indexOf('data-testid="study-samples"'),
    );
    expect(backtest).toContain('data-testid="buyer-summary"');
    // Each sideways-scrolling region can take the keyboard focus (axe: scrollable-region-focusable).
    for (const region of html.match(/<div[^>]*overflow-x-auto[^>]*>/g) ?? [])
      expect(region).toContain('tabindex="0"');
  });
});

describe('GET /api/track-record/assets/:assetId', () => {
  it("serves one asset's back-tested ratings and the dated failures after them, to a visitor", async () => {
    const response = await t.app.inject({ url: '/api/track-record/assets/ftx-token' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.backtest.notice).toContain('None was published at the time');
    expect(body.backtest.methodologyVersion).toBe(METHODOLOGY_VERSION);
    const { ratings, failures } = body.history;
    const november = ratings.find((r: { asOf: string }) => r.asOf === '2022-11-01');
    // FTX's chapter 11 filing, with its court document, follows the November 2022 rating.
    expect(failures[november.failure]).toMatchObject({
      event: { date: '2022-11-11', kind: 'default' },
      before: { asOf: '2022-11-01' },
    });
    expect(failures[november.failure].event.url).toMatch(/^https:\/\//);
    expect(ratings.some((r: { asOf: string }) => r.asOf === '2023-01-01')).toBe(false);
    const openapi = await t.app.inject({ url: '/api-docs/json' });
    expect(openapi.json().paths['/api/track-record/assets/{assetId}'].get).toBeDefined();
  });

  it('says plainly when the snapshots never list the asset, and refuses a malformed id in words', async () => {
    const none = await t.app.inject({ url: '/api/track-record/assets/staked-ether' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ assetId: 'staked-ether', history: null });
    const bad = await t.app.inject({ url: `/api/track-record/assets/${encodeURIComponent('<script>')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('An asset id is letters, digits');
    expect(bad.body).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
