import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { buildReportText, rulesKeyRisks } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// One rule for the key risks of Hacks/Scandals (issue 32, decision 0276): a recorded incident
// (an exploit, a depeg that recovered, a regulator action) is a risk finding, stated in words with
// its date and figure, once; what Team states with its document is not listed again.

const REPORT_DATE = new Date('2026-11-26T12:00:00Z');
const reportOf = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, REPORT_DATE, undefined, { kindChecks: true });
  return { input, risks: rulesKeyRisks(input), text: buildReportText(input) };
};

describe('key risks from recorded incidents', () => {
  it("lists USDC's and Dai's recovered depeg of 2023-03-11 as a Hacks/Scandals risk, as Aave's exploit is", async () => {
    for (const id of ['usd-coin', 'dai']) {
      const { risks } = await reportOf(id);
      const hacks = risks.filter((r) => r.category_key === 'hacksScandals');
      expect(
        hacks.map((r) => r.text),
        id,
      ).toEqual([expect.stringMatching(/^The peg broke on 2023-03-11: /)]);
    }
    const usdc = await reportOf('usd-coin');
    expect(usdc.text).not.toContain('No category holds evidence of a specific risk');
    const aave = await reportOf('aave');
    expect(aave.risks.filter((r) => r.category_key === 'hacksScandals').map((r) => r.text)).toEqual([
      'An exploit on 2024-08-28: AAVE exploit (Arbitrary Call Error); loss as the list states it: 52,000 (the list names no currency).',
    ]);
  });

  it("states Celsius's and Terra's frauds once, under Team, and names them in Hacks/Scandals by title and date", async () => {
    for (const id of ['celsius-degree-token', 'terra-luna']) {
      const { input, risks, text } = await reportOf(id);
      expect(text, id).not.toContain('listed under Team');
      // Hacks/Scandals' own risk is another record (Web3 is Going Just Great's, decision 0312),
      // never a fraud Team states with its document.
      const team = risks.filter((r) => r.category_key === 'team');
      expect(team, id).toHaveLength(1);
      const teamTitle = team[0]!.text.slice(0, team[0]!.text.indexOf(' ('));
      for (const risk of risks.filter((r) => r.category_key === 'hacksScandals'))
        expect(risk.text, id).not.toContain(teamTitle);
      const hacks = input.results.find((r) => r.key === 'hacksScandals')!;
      expect(
        hacks.facts?.filter((f) => f.startsWith('Stated with')),
        id,
      ).toHaveLength(1);
    }
    const celsius = (await reportOf('celsius-degree-token')).input.results.find(
      (r) => r.key === 'hacksScandals',
    )!;
    expect(celsius.facts).toContain(
      'Stated with their documents under Team, and counted here as the scandals they are: Celsius founder Alex Mashinsky charged with fraud (2023-07-13, fraud); Celsius founder Alex Mashinsky sentenced to 12 years for fraud (2025-05-08, fraud knockout).',
    );
  });

  it("says what Pepe's short price history means, with the day and the years it proves", async () => {
    const { risks } = await reportOf('pepe');
    expect(risks.find((r) => r.category_key === 'existenceGrowthX2')?.text).toBe(
      'A short history to judge Pepe by: priced only since 2023-04-17, 2.4 years to 2025-10-01 (its launch date is not in the sources).',
    );
  });

  it('lists no key risk that is only a dataset line or a reference to another category, in any report', async () => {
    for (const asset of SNAPSHOT_ASSETS) {
      const { risks } = await reportOf(asset.id);
      for (const risk of risks) {
        expect(risk.text, asset.id).not.toMatch(/^Priced since|listed under|^Exploits: \d{4}/);
      }
    }
  });
});
