import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportResponseSchema } from '../../../contract/reports';
import type { ReportEvent } from '../../../contract/research';
import { researchProgress, researchReports } from '../../db/schema';
import { createPendingPurchase } from '../../domain/purchases';
import { runResearch } from '../../research/pipeline';
import { sourcesFromConfig } from '../../research/sources/live';
import type { ResearchSources } from '../../research/sources/types';
import { researchFromCalibration } from '../../research/testing/calibration-evidence';
import { deterministicWriter } from '../../research/writer';
import { grantNewReport } from '../../testing/grant';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUp } from '../../testing/users';
import { suggestAssets } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
});
afterAll(() => t.close());

const research = (reportId: number) => researchFromCalibration(t.ctx, reportId);

describe('GET /api/reports/:id', () => {
  it('shows a pending report to its buyer, then the completed report in the spec shapes', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'ethereum');
    const pending = await t.app.inject({
      url: `/api/reports/${reportId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().report.report_status).toBe('pending');
    expect(pending.json().progressData).toEqual([]);

    expect(await research(reportId)).toBe('completed');
    const done = await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } });
    if (done.statusCode !== 200) throw new Error(done.body);
    const body = reportResponseSchema.parse(done.json());
    expect(body.report.report_status).toBe('completed');
    expect(body.report.asset_name).toBe('ethereum');
    expect(Number(body.report.composite_score)).toBeGreaterThan(0);
    expect(body.progressData).toHaveLength(12);
    expect(body.progressData.every((p) => p.status === 'completed')).toBe(true);
    // Every category names the sources its finding came from.
    expect(body.progressData.filter((p) => p.sources.length === 0).map((p) => p.category_key)).toEqual([]);
    const paragraphs = body.reportContent.split('\n\n');
    expect(paragraphs[0]).toMatch(/^Executive summary: Ethereum \(ETH\) scores [\d.]+ of 77/);
    expect(paragraphs[0]).toMatch(/risk level (Likely Safe|Potential Risk|Not Safe)[,.;]/);
    expect(paragraphs[0]).toMatch(
      /Data coverage: (of Ethereum's twelve categories, \w+ rest|all twelve of Ethereum's categories rest|only [^;]+ of Ethereum's twelve categories rests?) on dated public datasets/,
    );
    // Where the data came from, in a few words: the credits are under Data coverage and Sources.
    expect(paragraphs[0]).toMatch(
      /the evidence is the offline snapshot's public datasets of [\d-]+( to [\d-]+)?, each credited under Data coverage and Sources\.$/,
    );
    expect(body.reportContent).toContain('Sources:\n[1]');
    for (const heading of ['Key risks', 'What would change this score', 'Data coverage', 'Peer comparison'])
      expect(
        paragraphs.some((p) => p.startsWith(`${heading}\n`)),
        heading,
      ).toBe(true);
    const sections = body.sections!;
    expect(sections.summary).toBe(paragraphs[0]!.replace(/^Executive summary: /, ''));
    expect(sections.writer).toBe('rules');
    expect(sections.changes).toHaveLength(12);
    // The calibration fixture states no incident coverage: Hacks/Scandals is not assessed (0321).
    expect(
      sections.coverage.filter((c) => !(c.kind === 'snapshot' && c.retrievedAt)).map((c) => c.category_key),
    ).toEqual(['hacksScandals']);
    expect(sections.coverage.some((c) => c.kind === 'live')).toBe(false);
    expect(sections.dataAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sections.peers?.kindLabel).toBe('Layer 1');

    const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
    expect(row!.isPublic).toBe(true);
    expect(row!.methodologyVersion).toBeTruthy();
    expect(row!.completedAt).not.toBeNull();
  });

  it('answers 404 for another user, a missing id and a malformed id alike', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, owner.user.id, 'bitcoin');
    for (const url of [
      `/api/reports/${reportId}`,
      '/api/reports/999999',
      '/api/reports/abc',
      '/api/reports/1.5',
      '/api/reports/-1',
      '/api/reports/99999999999999999999',
      `/api/reports/${reportId}/events`,
    ]) {
      const response = await t.app.inject({ url, headers: { cookie: stranger.cookie } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toMatch(/doesn't exist or you don't have access/);
    }
  });

  it('an unknown asset still completes, Not rated (no composite, no risk level), with "No evidence found"', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Zzyzx Imaginary Coin');
    await research(reportId);
    const body = (
      await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })
    ).json();
    expect(body.report.report_status).toBe('completed');
    expect(body.report.risk_level).toBeNull();
    expect(body.report.rated).toBe(false);
    // Not rated is one state: no total in the API either.
    expect(body.report.composite_score).toBeNull();
    // No category has evidence, so none has a score (the page prints each as not counted).
    expect(body.progressData.every((p: { score: string | null }) => p.score === null)).toBe(true);
    expect(body.progressData[0].research_findings).toMatch(/^No evidence found/);
  });

  it('states the offline demo’s Coin Metrics figures with their date, dataset and license', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Litecoin');
    // The product's own offline sources, as the demo worker builds them from its configuration.
    const sources = sourcesFromConfig(t.ctx.config);
    expect(await runResearch({ ...t.ctx, sources, writer: deterministicWriter }, reportId)).toBe('completed');
    const body = reportResponseSchema.parse(
      (await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })).json(),
    );
    const file =
      'https://github.com/coinmetrics/data/blob/786e46b0c7a73793501c6b6eb840048b07a370fa/csv/ltc.csv';
    const marketCap = body.progressData.find((p) => p.category_key === 'marketCap')!;
    expect(marketCap.research_findings).toContain(
      'Market capitalisation: $6.06 billion on 2025-12-16 (coinmetrics/data, CC BY-NC 4.0).',
    );
    // The fully diluted value is the market data file's own record, of its own date, with the
    // parts of that record that give it; the file is cited for it (decision 0258).
    expect(marketCap.research_findings).toMatch(
      /Fully diluted value: \$[\d.,]+ \w+ on 2025-11-03 \(total supply [\d,]+ × \$/,
    );
    expect(marketCap.sources.map((s) => s.url)).toEqual([
      file,
      expect.stringMatching(/coingecko_market_data_20251103\.csv$/),
    ]);
    // A year of market capitalisation drawn beside it: monthly closes, then the last days.
    expect(marketCap.chart).toMatchObject({ title: 'Market capitalisation', unit: 'usd' });
    expect(marketCap.chart?.points).toHaveLength(22);
    // Coin Metrics' estimated (free-float) market cap, never its current-supply one (decision 0171).
    expect(marketCap.chart?.points.at(-1)).toEqual({ date: '2025-12-16', value: 6057457170.033266 });
    const existence = body.progressData.find((p) => p.category_key === 'existenceGrowthX2')!;
    expect(existence.research_findings).toMatch(
      /Chain recorded since: 2011-10-07 .*Age, lower bound: 1[45]\.\d years/,
    );
    // The report is as old as its oldest source (the monthly snapshots' newest month, 2025-10-01,
    // behind its fall from the highest snapshot price); Coin Metrics and the market copies are
    // credited under Data coverage and Sources, not in the summary (issue 32).
    expect(body.sections?.dataAsOf).toBe('2025-10-01');
    expect(body.sections?.summary).not.toContain('coinmetrics');
    expect(body.reportContent).toContain(`Market Cap: Dated dataset, as of `);
    expect(body.reportContent).toMatch(
      /Market Cap: Dated dataset, as of [\d-]+ \(coinmetrics\/data @ \w+, license: CC BY-NC 4\.0; smoothbrainquant\/trading-for-new-dads @ \w+/,
    );
    const coverage = body.sections!.coverage.find((c) => c.category_key === 'marketCap')!;
    expect(coverage.kind).toBe('snapshot');
    expect(coverage.datasets).toEqual([
      expect.objectContaining({ name: 'coinmetrics/data', license: 'CC BY-NC 4.0' }),
      // The market record behind the fully diluted value.
      expect.objectContaining({ name: 'smoothbrainquant/trading-for-new-dads' }),
    ]);
    // Rated on the categories with evidence; those without count as 1 (decision 0320).
    const withEvidence = body.sections!.coverage.filter((c) => c.kind !== 'none').length;
    expect(withEvidence).toBeLessThan(12);
    expect(body.report.risk_level).toBe('Potential');
    expect(body.sections!.summary).toContain(`rated on ${withEvidence} of 12 categories`);
  });

  it('takes no figure from a Coin Metrics copy too old to describe today’s market: the market files give them', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Monero');
    const sources = sourcesFromConfig(t.ctx.config);
    expect(await runResearch({ ...t.ctx, sources, writer: deterministicWriter }, reportId)).toBe('completed');
    const body = reportResponseSchema.parse(
      (await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })).json(),
    );
    const marketCap = body.progressData.find((p) => p.category_key === 'marketCap')!;
    expect(marketCap.research_findings).toContain(
      'Market capitalisation: $5.80 billion on 2025-10-01 (smoothbrainquant/trading-for-new-dads, none declared, facts only).',
    );
    expect(marketCap.sources.map((s) => s.url)).toEqual([
      'https://github.com/smoothbrainquant/trading-for-new-dads/blob/ca5c8252b300529d173259b29764cf6e926d77a5/data/raw/coinmarketcap_monthly_20251001.csv',
    ]);
    const existence = body.progressData.find((p) => p.category_key === 'existenceGrowthX2')!;
    expect(existence.research_findings).toMatch(
      // CoinMarketCap's first day of price data (decision 0340), not the first monthly file.
      /Priced since: 2014-05-21 \(sstoeckl\/crypto2, MIT\)\. Age, lower bound: 11\.3 years to 2025-10-01/,
    );
    // Monero's Coin Metrics copy ends in 2022: the report cites no file of it.
    expect(body.progressData.flatMap((p) => p.sources).some((s) => s.url?.includes('coinmetrics'))).toBe(
      false,
    );
  });

  it('streams status and progress as server-sent events until completed', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'solana');
    await research(reportId);
    const response = await t.app.inject({
      url: `/api/reports/${reportId}/events`,
      headers: { cookie: buyer.cookie },
    });
    expect(response.headers['content-type']).toMatch(/text\/event-stream/);
    const events = response.body
      .split('\n\n')
      .filter((block) => block.startsWith('event: report'))
      .map((block) => JSON.parse(block.split('data: ')[1]!));
    const last = reportResponseSchema.parse(events.at(-1));
    expect(last.report.report_status).toBe('completed');
    expect(last.progressData).toHaveLength(12);
    expect(last.reportContent).toMatch(/^Executive summary/);
  });

  it('streams the change live while the report is researched', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'tron');
    const stream = t.app.inject({
      url: `/api/reports/${reportId}/events`,
      headers: { cookie: buyer.cookie },
    });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await research(reportId);
    const statuses = (await stream).body
      .split('\n\n')
      .filter((block) => block.startsWith('event: report'))
      .map((block) => JSON.parse(block.split('data: ')[1]!).report.report_status);
    expect(statuses[0]).toBe('pending');
    expect(statuses.at(-1)).toBe('completed');
  });
});

describe('report event streams (pushed on change, no polling)', () => {
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  /** Opens a stream over real HTTP and collects its events until closed. */
  async function openStream(reportId: number, cookie: string) {
    const controller = new AbortController();
    const response = await fetch(`${origin}/api/reports/${reportId}/events`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const events: ReportEvent[] = [];
    let ended = false;
    if (response.ok && response.body) {
      void (async () => {
        let buffer = '';
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            let split = buffer.indexOf('\n\n');
            while (split >= 0) {
              const block = buffer.slice(0, split);
              buffer = buffer.slice(split + 2);
              if (block.startsWith('event: report')) events.push(JSON.parse(block.split('data: ')[1]!));
              split = buffer.indexOf('\n\n');
            }
          }
        } catch {
          // aborted
        }
        ended = true;
      })();
    }
    return { response, events, ended: () => ended, close: () => controller.abort() };
  }

  it('pushes each change as the whole report state, and queries nothing while nothing changes', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'litecoin');
    const stream = await openStream(reportId, buyer.cookie);
    await vi.waitFor(() => expect(stream.events).toHaveLength(1));
    expect(stream.events[0]!.report.report_status).toBe('pending');

    const spy = vi.spyOn(t.ctx.db.$client, 'query');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const idleQueries = spy.mock.calls.length;
    spy.mockRestore();
    expect(idleQueries).toBe(0);

    await research(reportId);
    await vi.waitFor(() => expect(stream.ended()).toBe(true), { timeout: 10_000 });
    const last = stream.events.at(-1)!;
    expect(last.report.report_status).toBe('completed');
    expect(last.progressData).toHaveLength(12);
    expect(last.progressData.every((entry) => entry.research_findings)).toBe(true);
  });

  it('allows three open streams per user and answers the fourth with a readable 429', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'dogecoin');
    const open = [];
    for (let i = 0; i < 3; i += 1) {
      const stream = await openStream(reportId, buyer.cookie);
      expect(stream.response.status).toBe(200);
      open.push(stream);
    }
    const refused = await openStream(reportId, buyer.cookie);
    expect(refused.response.status).toBe(429);
    expect((await refused.response.json()).message).toMatch(/already have 3 live report views open/);

    // Another user is not affected; a closed stream frees its slot.
    const other = await signUp(t.app);
    const otherReport = await grantNewReport(t.ctx.db, t.ctx.queue, other.user.id, 'monero');
    const theirs = await openStream(otherReport.reportId, other.cookie);
    expect(theirs.response.status).toBe(200);
    theirs.close();
    open[0]!.close();
    await vi.waitFor(async () => {
      const again = await openStream(reportId, buyer.cookie);
      expect(again.response.status).toBe(200);
      again.close();
    });
    for (const stream of open) stream.close();
  });

  it('reloads open streams when the listener connection is lost (a missed change is not missed)', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'stellar');
    const stream = await openStream(reportId, buyer.cookie);
    await vi.waitFor(() => expect(stream.events).toHaveLength(1));
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    // Stop listening first, so the change below is never heard as a notification.
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'crow_change_listener' and datname = current_database()",
    );
    await other.query("update research_reports set status = 'processing' where id = $1", [reportId]);
    await other.end();
    await vi.waitFor(() => expect(stream.events.at(-1)?.report.report_status).toBe('processing'), {
      timeout: 10_000,
    });
    stream.close();
  });
});

describe('POST /api/research', () => {
  it('answers with the report already started for a paid purchase, idempotently', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'Cardano');
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/research',
        headers: { cookie: buyer.cookie },
        payload: { asset_name: 'cardano' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ reportId, state: 'already_started' });
    }
  });

  it('refuses without a paid purchase (404), with a pending payment (409), and another user’s purchase', async () => {
    const buyer = await signUp(t.app);
    const other = await signUp(t.app);
    await grantNewReport(t.ctx.db, t.ctx.queue, other.user.id, 'dogecoin');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/research',
      headers: { cookie: buyer.cookie },
      payload: { asset_name: 'dogecoin' },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/Buy the report first/);

    await createPendingPurchase(t.ctx.db, {
      userId: buyer.user.id,
      purchaseType: 'new_report',
      assetName: 'Polkadot',
      reportId: null,
      paymentMethod: 'card',
      stripePaymentIntentId: `pi_pending_${buyer.user.id}`,
    });
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/research',
      headers: { cookie: buyer.cookie },
      payload: { asset_name: 'polkadot' },
    });
    expect(pending.statusCode).toBe(409);

    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/research',
      headers: { cookie: buyer.cookie },
      payload: { asset_name: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Asset name is required');
  });
});

describe('GET /api/assets/search', () => {
  it('suggests canonical assets to anyone, exact symbol first', async () => {
    const response = await t.app.inject({ url: '/api/assets/search?q=eth' });
    expect(response.statusCode).toBe(200);
    expect(response.json().assets[0]).toMatchObject({
      id: 'ethereum',
      name: 'Ethereum',
      symbol: 'ETH',
      kind: 'layer1',
    });
    // Offline, no dataset states a market-cap rank, so none is shown.
    expect(response.json().assets[0].rank).toBeUndefined();
    const empty = await t.app.inject({ url: '/api/assets/search?q=' });
    expect(empty.statusCode).toBe(400);
  });

  it('suggests the asset a look-alike spelling is drawn like, as checkout resolves it', async () => {
    // Cyrillic "В" and "і": checkout buys Bitcoin for this name, so the New Report tab offers it too.
    for (const typed of ['\u0412\u0456tcoin', '\u0412\u0456t', 'B\u0456tc\u043e\u0456n']) {
      const response = await t.app.inject({ url: `/api/assets/search?q=${encodeURIComponent(typed)}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().assets[0]?.id, typed).toBe('bitcoin');
    }
  });
});

describe('buyer-first sections', () => {
  it('researches the asset the buyer picked, by id, whatever name was typed', async () => {
    const buyer = await signUp(t.app);
    const [report] = await t.ctx.db
      .insert(researchReports)
      .values({ assetName: 'Bitcoin', assetId: 'uniswap', createdByUserId: buyer.user.id })
      .returning();
    await research(report!.id);
    const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, report!.id));
    expect(row).toMatchObject({ assetId: 'uniswap', status: 'completed' });
    expect((row!.researchData as { asset: { id: string } }).asset.id).toBe('uniswap');
    expect(row!.reportContent).toMatch(/^Executive summary: Uniswap \(UNI\)/);
  });

  it('names peers of the same kind from the dataset with their scores, stored once in the report', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'dogecoin');
    await research(reportId);
    const read = async () =>
      reportResponseSchema.parse(
        (await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } })).json(),
      );
    const first = await read();
    const peers = first.sections!.peers!;
    expect(peers).toMatchObject({ assetName: 'Dogecoin', kind: 'meme', kindLabel: 'Meme' });
    // Peers are other meme coins of the dataset, named, each with its score or Not rated.
    expect(peers.compared).toBeGreaterThan(5);
    expect(peers.named.length).toBe(5);
    expect(peers.named.map((p) => p.id)).not.toContain('dogecoin');
    for (const peer of peers.named) expect(peer.rated ? peer.total : 'Not rated').not.toBeNull();
    // Reports bought by other customers do not change them: the stored value is what is shown.
    const other = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'shiba-inu');
    await research(other.reportId);
    expect((await read()).sections!.peers).toEqual(peers);
    const [row] = await t.ctx.db.select().from(researchReports).where(eq(researchReports.id, reportId));
    expect((row!.researchData as { peers: unknown }).peers).toEqual(peers);
  });

  it('still renders a report stored before the sections existed', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'bitcoin');
    await t.ctx.db
      .update(researchReports)
      .set({
        status: 'completed',
        compositeScore: '50.00',
        researchData: { asset: null, sources: [] },
        reportContent: 'Executive summary: an old report.\n\nSources: none.',
      })
      .where(eq(researchReports.id, reportId));
    await t.ctx.db.insert(researchProgress).values({
      reportId,
      categoryKey: 'marketCap',
      agentName: 'Market Cap Agent',
      status: 'completed',
      score: '4.00',
      researchData: { findings: 'Old findings.', analysis: 'Old analysis.', sources: [] },
    });
    const response = await t.app.inject({
      url: `/api/reports/${reportId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(response.statusCode).toBe(200);
    const body = reportResponseSchema.parse(response.json());
    expect(body.sections).toBeNull();
    expect(body.progressData[0]!.research_findings).toBe('Old findings.');
  });

  it('offers a completed public report under a week old on the search answer', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'cardano');
    await research(reportId);
    const fresh = await t.app.inject({ url: '/api/assets/search?q=ada' });
    expect(fresh.json().assets[0]).toMatchObject({ id: 'cardano', recentReport: { id: reportId } });
    await t.ctx.db
      .update(researchReports)
      .set({ completedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(researchReports.id, reportId));
    const stale = await t.app.inject({ url: '/api/assets/search?q=ada' });
    expect(stale.json().assets[0].id).toBe('cardano');
    expect(stale.json().assets[0].recentReport).toBeUndefined();
  });
});

describe('progress rows', () => {
  it('stay at 12 when research runs again after an interruption', async () => {
    const buyer = await signUp(t.app);
    const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, 'uniswap');
    await research(reportId);
    await t.ctx.db
      .update(researchReports)
      .set({ status: 'processing' })
      .where(eq(researchReports.id, reportId));
    await research(reportId);
    const rows = await t.ctx.db
      .select()
      .from(researchProgress)
      .where(eq(researchProgress.reportId, reportId));
    expect(rows).toHaveLength(12);
  });
});

describe('suggestAssets', () => {
  const down: ResearchSources = {
    mode: 'live',
    resolve: async () => null,
    search: async () => {
      throw new TypeError('the market source answered nonsense');
    },
    market: async () => {
      throw new Error('not asked');
    },
    security: async () => {
      throw new Error('not asked');
    },
  };

  it('answers from the snapshot when the market source fails, and logs the failure', async () => {
    const warn = vi.fn();
    const assets = await suggestAssets({ db: t.ctx.db, sources: down, log: { warn } }, 'eth');
    expect(assets[0]).toMatchObject({ id: 'ethereum', name: 'Ethereum', symbol: 'ETH', kind: 'layer1' });
    expect(warn).toHaveBeenCalledWith(
      { err: expect.any(TypeError) },
      'asset search source failed; answering from the snapshot',
    );
  });

  it('offers the known assets a typo away when nothing matches the spelling', async () => {
    const warn = vi.fn();
    const assets = await suggestAssets({ db: t.ctx.db, sources: down, log: { warn } }, 'Etherium');
    expect(assets.map((a) => a.id)).toContain('ethereum');
  });
});
