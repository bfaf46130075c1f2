import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { buildReportText, buildSummary } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Wording a paying analyst found wrong in the reports (their notes of the day): each line says
// what the evidence is, no more.

const REPORT_DATE = new Date('2026-11-26T12:00:00Z');
const reportOf = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, REPORT_DATE, undefined, { kindChecks: true });
  return { input, text: buildReportText(input) };
};

describe('report wording', () => {
  it("counts a Web3 is Going Just Great record under that list, never as the hacks database's", async () => {
    const countLine = async (id: string) =>
      (await reportOf(id)).input.results
        .find((r) => r.key === 'hacksScandals')!
        .facts?.find((f) => / on record for /.test(f));
    expect(await countLine('loopring')).toBe(
      '1 incident on record for Loopring: 1 in the Web3 is Going Just Great list, 0 in the curated incident list.',
    );
    expect(await countLine('cream-2')).toBe(
      '3 incidents on record for Cream Finance: 1 in the Web3 is Going Just Great list, 2 in the DeFiHackLabs exploit list, 0 in the curated incident list.',
    );
    expect(await countLine('bitconnect')).toBe(
      '3 incidents on record for BitConnect: 2 in the Web3 is Going Just Great list, 1 in the SEC enforcement list, 0 in the curated incident list.',
    );
  });
});

describe('summary wording of scores', () => {
  it('never says nothing scores below 3/5 while categories not assessed count as 1', async () => {
    for (const id of ['binance-usd', 'theta-token', 'iota', 'stellar']) {
      const { input } = await reportOf(id);
      const summary = buildSummary(input);
      const notAssessed = input.results.length - input.results.filter((r) => r.evidenceFound).length;
      expect(notAssessed, id).toBeGreaterThan(0);
      expect(summary, id).not.toContain('nothing scores below 3/5');
      expect(summary, id).toContain('nothing scored on evidence is below 3/5');
      expect(summary, id).toMatch(/; the (four|six|eight) not assessed count as 1\./);
      // Said once: the coverage sentence names the gaps without saying it again.
      expect(summary.match(/count as 1/g), id).toHaveLength(1);
    }
  });

  it("does not call Hacks/Scandals at 4/5, a record of incidents, Binance USD's strongest category", async () => {
    const summary = buildSummary((await reportOf('binance-usd')).input);
    expect(summary).not.toMatch(/strongest categor(y|ies) (is|are) Hacks\/Scandals/);
    expect(summary).toContain("Binance USD's highest score is Hacks/Scandals at 4/5");
  });
});
