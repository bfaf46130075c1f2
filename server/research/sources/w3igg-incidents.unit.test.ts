import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkReportText, verifyOfflineReports } from '../claims/claim-check';
import { offlineReportInput } from '../offline-report';
import { buildReportText } from '../report-text';
import { formatUsd } from '../scoring';
import { createSnapshotSources } from './snapshot';
import { SNAPSHOT_ASSETS } from './snapshot-data';

// Molly White's "Web3 is Going Just Great" in the reports (issue 42, decision 0312): its entries
// reach the reports of the assets whose own protocol, issuer, exchange or chain they are about,
// dated by the entry's day, with the loss before and after recovery and the entry's page; an event
// on a chain is not the chain's; the source says whom it covers; the claim checker re-reads it.

const REPORT_DATE = new Date('2026-11-26T12:00:00Z');
const assetOf = (id: string) => SNAPSHOT_ASSETS.find((a) => a.id === id)!;
const reportOf = async (id: string) => {
  const input = await offlineReportInput(assetOf(id), REPORT_DATE);
  return { input, text: buildReportText(input) };
};
const hacksSectionOf = async (id: string) => {
  const { text } = await reportOf(id);
  const at = text.indexOf('Hacks/Scandals —');
  return text.slice(at, text.indexOf('\n', at));
};
const entries = (
  JSON.parse(readFileSync(new URL('../datasets/public/web3isgoinggreat.json', import.meta.url), 'utf8')) as {
    records: {
      id: string;
      readableId: string;
      date: string;
      title: string;
      lossUsd?: number;
      lossBeforeRecoveryUsd?: number;
    }[];
  }
).records;
const entry = (id: string) => entries.find((e) => e.id === id)!;
const page = (id: string) => `https://www.web3isgoinggreat.com/single/${entry(id).readableId}`;

describe("Web3 is Going Just Great's entries in the reports", () => {
  it("put WazirX's 2024-07-18 hack in its report with the entry's day, its loss and its page", async () => {
    const hack = entry('2024-07-18-0');
    expect(hack).toMatchObject({ title: 'WazirX exchange hacked for $235 million', lossUsd: 235_000_000 });
    const hacks = await hacksSectionOf('wazirx');
    expect(hacks).toContain('2024-07-18: WazirX exchange hacked for $235 million (hack, $235.00 million)');
    expect(hacks).toContain('loss as it states it: $235,000,000, no recovery stated');
    expect(hacks).toContain(page('2024-07-18-0'));
    expect(hacks).not.toMatch(/^Hacks\/Scandals — 5\/5/);
  });

  it("state a loss before and after recovery as the entry does (Curve's frontend, 2022-08-09)", async () => {
    expect(entry('2022-08-09-0')).toMatchObject({ lossUsd: 0, lossBeforeRecoveryUsd: 620_000 });
    const hacks = await hacksSectionOf('curve-dao-token');
    expect(hacks).toContain(`2022-08-09: ${entry('2022-08-09-0').title} (hack)`);
    expect(hacks).toContain('loss as it states it: $620,000 before recovery, $0 after');
  });

  it('put one entry in the report of every asset it touches (Ethena and Ethena USDe, 2024-09-18)', async () => {
    for (const id of ['ethena', 'ethena-usde']) {
      const hacks = await hacksSectionOf(id);
      expect(hacks, id).toContain(`2024-09-18: ${entry('2024-09-18-0').title}`);
      expect(hacks, id).toContain(page('2024-09-18-0'));
    }
  });

  it("list the chain's own exploit in BNB's report, not a token's rug pull on the chain", async () => {
    const hacks = await hacksSectionOf('binancecoin');
    expect(hacks).toContain(`2022-10-06: ${entry('2022-10-06-0').title}`);
    // "WeGro token plunges in value as its developer apparently drains 1,000 BNB": a token on BNB Chain.
    expect(hacks).not.toContain(entry('2022-01-26-0').title);
    expect(hacks).not.toContain(page('2022-01-26-0'));
  });

  it('list an event once when DeFiHackLabs or the curated list already has it (Multichain)', async () => {
    const hacks = await hacksSectionOf('multichain');
    // New: the July 2023 drain; already told: DeFiHackLabs' 2022-01-18 exploit, and the curated
    // record of Multichain's own 2023-07-14 announcement.
    expect(hacks).toContain(`2023-07-06: ${entry('2023-07-06-1').title}`);
    expect(hacks).toContain(`2023-07-10: ${entry('2023-07-10-2').title} (rug pull`);
    expect(hacks).not.toContain(entry('2022-01-19-0').title);
    expect(hacks).not.toContain(entry('2023-07-14-0').title);
  });
});

describe("Web3 is Going Just Great's coverage", () => {
  const coverageOf = async (id: string) => {
    const asset = assetOf(id);
    const evidence = await createSnapshotSources().security({
      id,
      name: asset.name,
      symbol: asset.symbol,
      kind: asset.kind,
    });
    return evidence.incidentCoverage?.find((c) => c.source.title.includes('Web3 is Going Just Great'));
  };

  it('covers an asset the reviewed map places in it, over 2021-01 to 2026-09', async () => {
    const wazirx = await coverageOf('wazirx');
    expect(wazirx?.covers).toBe(true);
    expect(wazirx?.reason).toContain('2021-01-19 to 2026-09-25');
    expect(wazirx?.source.url).toContain(
      'mycodedoesnotcompile2/web3isgoinggreat-csv/blob/0fd62b9e0545c8caa802553dcbba215f3a29f76f',
    );
  });

  it('does not cover an asset only named in titles of entries that are not its incidents (Hyperliquid)', async () => {
    const hyperliquid = await coverageOf('hyperliquid');
    expect(hyperliquid?.covers).toBe(false);
    expect(hyperliquid?.reason).toContain('no reviewed name maps this asset');
  });
});

describe('the claim checker on Web3 is Going Just Great', () => {
  it("checks every offline report's entry dates and amounts against the committed file", async () => {
    const result = await verifyOfflineReports(REPORT_DATE);
    expect(result.mismatches).toEqual([]);
    expect(result.byKind['incident amount']).toBeGreaterThan(50);
  });

  it('catches a date or an amount printed for an entry that the committed file does not state', async () => {
    const { input, text } = await reportOf('wazirx');
    const own = new Map<string, { total: number | null; level: string | null }>();
    const hack = entry('2024-07-18-0');
    const printed = `${hack.date}: ${hack.title} (hack, ${formatUsd(hack.lossUsd!)})`;
    expect(text).toContain(printed);
    expect(
      checkReportText(text, input, own, new Map()).mismatches.filter((m) => m.includes(hack.title)),
    ).toEqual([]);
    const wrongDate = text.replace(printed, printed.replace(hack.date, '2024-07-17'));
    expect(checkReportText(wrongDate, input, own, new Map()).mismatches).toContain(
      `WazirX: "${hack.title}" printed with 2024-07-17, its entry is of 2024-07-18`,
    );
    const wrongAmount = text.replace(printed, printed.replace('$235.00 million', '$230.00 million'));
    expect(checkReportText(wrongAmount, input, own, new Map()).mismatches).toContain(
      `WazirX: "${hack.title}" printed with $230.00 million, its entry states a loss of 235000000`,
    );
  });
});
