import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../contract/methodology';
import { offlineReportInput } from './offline-report';
import { buildReportText, buildSummary, rulesKeyRisks } from './report-text';
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
      const notAssessed = input.results.length - input.scores.counted!.length;
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

describe('key risks of a verdict from missing evidence', () => {
  it('names the categories counted at 1 as an Evidence risk when they pull the band down, never "no specific risk"', async () => {
    for (const [id, level] of [
      ['theta-token', 'Not Safe'],
      ['iota', 'Not Safe'],
      ['stellar', 'Potential Risk'],
    ] as const) {
      const { input, text } = await reportOf(id);
      const risks = rulesKeyRisks(input);
      const evidence = risks.filter((r) => r.category === 'Evidence');
      expect(evidence, id).toHaveLength(1);
      const gaps = input.results.filter((r) => !input.scores.counted!.includes(r.key));
      expect(gaps.length, id).toBeGreaterThan(0);
      for (const gap of gaps)
        expect(evidence[0]!.text, id).toContain(CATEGORIES.find((c) => c.key === gap.key)!.name);
      expect(evidence[0]!.text, id).toContain(
        `not assessed and count as 1: ${input.asset?.name ?? input.assetName}'s ${level} verdict rests on that missing evidence, not on a risk found; its ${input.scores.counted!.length} categories with evidence alone would rate it `,
      );
      expect(evidence[0]!.text, id).toContain('Hacks/Scandals');
      expect(text, id).not.toContain('No category holds evidence of a specific risk');
      // A 5/5 category is never a key risk.
      const top = new Set(
        input.results.filter((r) => r.score >= 5 && input.scores.counted!.includes(r.key)).map((r) => r.key),
      );
      expect(
        risks.filter((r) => top.has(r.category_key as never)),
        id,
      ).toEqual([]);
    }
  });
});

describe('who wrote the report, in its own text', () => {
  it('says a report the rules wrote was written by the rules, never AI-assisted, in its closing disclaimer', async () => {
    const { text } = await reportOf('stellar');
    expect(text).not.toMatch(/AI-assisted|AI assistance|AI analysis/);
    expect(text).toContain(
      'not financial advice. Analysis written by the published rules, with no AI model, has limits',
    );
  });
});
