import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_LEVEL_LABELS } from '../../contract/methodology';
import { peerLines, type ReportResponse, reportResponseSchema } from '../../contract/reports';
import { grantNewReport } from '../testing/grant';
import { createTestApp, type TestApp } from '../testing/test-app';
import { type SignedInUser, signUp } from '../testing/users';
import { runResearch } from './pipeline';
import { createSnapshotSources } from './sources/snapshot';
import { deterministicWriter } from './writer';

// A peer line shows the peer's own latest published report (total, band, version, day, link),
// or "not yet researched": the offline demo's first buyer, on a fresh database, sees the named
// peers as not yet researched and no invented score (decisions 0253, 0265).

let t: TestApp;
let buyer: SignedInUser;
beforeAll(async () => {
  t = await createTestApp({ RESEARCH_DATA: 'offline' });
  buyer = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

async function research(assetName: string): Promise<ReportResponse> {
  const { reportId } = await grantNewReport(t.ctx.db, t.ctx.queue, buyer.user.id, assetName);
  const outcome = await runResearch(
    {
      db: t.ctx.db,
      queue: t.ctx.queue,
      sources: createSnapshotSources({ nonCommercial: true }),
      writer: deterministicWriter,
      log: t.ctx.log,
    },
    reportId,
  );
  expect(outcome).toBe('completed');
  const response = await t.app.inject({ url: `/api/reports/${reportId}`, headers: { cookie: buyer.cookie } });
  return reportResponseSchema.parse(response.json());
}

const peerNamed = (report: ReportResponse, id: string) =>
  report.sections!.peers!.named.find((p) => p.id === id)!;
const ownVerdict = (report: ReportResponse) =>
  report.report.composite_score === null
    ? 'Not rated'
    : `${Number(report.report.composite_score).toFixed(2)} of 77, ${RISK_LEVEL_LABELS[report.report.risk_level!]}`;

describe('peers from their own stored reports', () => {
  it('shows no peer score before any peer is researched, then each peer as its latest report says, with version, day and link', async () => {
    // A fresh store: the first report's peers are all not yet researched, and nothing ranks it.
    const first = await research('bitcoin');
    const group = first.sections!.peers!;
    expect(group.compared).toBeGreaterThan(0);
    expect(group.researched).toBe(0);
    expect(group.rated).toBe(0);
    expect(group.named.length).toBeGreaterThan(0);
    for (const peer of group.named)
      expect(peer).toMatchObject({ researched: false, total: null, riskLevel: null });
    const lines = peerLines(group).join('\n');
    // None researched: the named peers are one clause of the peer group line.
    expect(lines).toMatch(/^Peer group: .*, none with a published report; named peers: Ethereum \(ETH\), /m);
    expect(lines).not.toMatch(/not yet researched/);
    expect(lines).not.toMatch(/\d+\.\d\d of 77/);
    expect(first.reportContent).not.toMatch(/researched so far/);

    // Ethereum, written next, cites Bitcoin's report: its total, band, version 1, day and page.
    const ethereum = await research('ethereum');
    const bitcoinLine = peerNamed(ethereum, 'bitcoin');
    expect(bitcoinLine).toMatchObject({
      researched: true,
      report: { id: first.report.id, version: 1, date: first.report.completed_at!.slice(0, 10) },
    });
    const ethereumText = peerLines(ethereum.sections!.peers!).join('\n');
    expect(ethereumText).toContain(
      `Bitcoin (BTC): ${ownVerdict(first)} (its report version 1 of ${first.report.completed_at!.slice(0, 10)}, /report/${first.report.id})`,
    );
    expect(ethereum.sections!.peers!.researched).toBe(1);
    // The category comparisons count only the researched peer, with its report's scores.
    expect(ethereum.reportContent).toMatch(/the one other layer-1 coin researched so far/i);

    // A newer Bitcoin report is the one a later peer line cites.
    const again = await research('bitcoin');
    expect(peerNamed(again, 'ethereum').report).toMatchObject({ id: ethereum.report.id, version: 1 });
    const ethereumAgain = await research('ethereum');
    expect(peerNamed(ethereumAgain, 'bitcoin').report).toMatchObject({ id: again.report.id, version: 2 });
    expect(peerLines(ethereumAgain.sections!.peers!).join('\n')).toContain(
      `Bitcoin (BTC): ${ownVerdict(again)} (its report version 2 of`,
    );
  });
});
