import { describe, expect, it } from 'vitest';
import { REPORT_HEADINGS, sectionLines } from '../../contract/reports';
import { offlineReportInput } from './offline-report';
import { buildSections } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Issue 32: a buyer found the executive summary unreadable: up to 2,872 characters, its coverage
// sentence alone up to 1,589, listing every dataset with its commit and licence. The summary is
// one text for the page, the PDF and the API; the credits are in Data coverage and Sources.

const NOW = new Date('2026-11-26T00:00:00Z');
/**
 * The longest summary a reader gets; a knockout's opening states its rules, so it may run longer.
 * From 2026.11-5 the verdict also says on how many of the 12 categories it rests (decision 0320).
 */
const MAX_SUMMARY = 960;
const MAX_KNOCKOUT_SUMMARY = 1_300;

describe('the executive summary of every offline report', () => {
  it(`stays within ${MAX_SUMMARY} characters (${MAX_KNOCKOUT_SUMMARY} when a knockout opens it)`, async () => {
    const tooLong: string[] = [];
    for (const asset of SNAPSHOT_ASSETS) {
      const input = await offlineReportInput(asset, NOW, undefined, { kindChecks: true });
      const { summary } = buildSections(input);
      const limit = input.results.some((r) => r.knockout) ? MAX_KNOCKOUT_SUMMARY : MAX_SUMMARY;
      if (summary.length > limit) tooLong.push(`${asset.id}: ${summary.length}`);
    }
    expect(tooLong).toEqual([]);
  });

  it('says where the data came from in a few words and leaves each credit to Data coverage', async () => {
    const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;
    const sections = buildSections(await offlineReportInput(bitcoin, NOW));
    expect(sections.summary).toMatch(
      /Data coverage: of Bitcoin's twelve categories, eight rest on dated public datasets; Social Metrics, Audits, Dex Holders and Hacks\/Scandals have no evidence; .*; the evidence is the offline snapshot's public datasets of \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, each credited under Data coverage and Sources\.$/,
    );
    // That the four count as 1 is said once, by the verdict.
    expect(sections.summary).toContain('; the four not assessed count as 1.');
    expect(sections.summary).not.toMatch(/ @ |license|DeFiHackLabs|https?:/);
    // The span is the one the Data coverage rows print.
    const coverage = sectionLines(sections).find((s) => s.heading === REPORT_HEADINGS.coverage)!.lines;
    const dates = coverage.flatMap((line) => /, as of (\d{4}-\d\d-\d\d)/.exec(line)?.[1] ?? []).sort();
    expect(sections.summary).toContain(`of ${dates[0]} to ${dates.at(-1)}, each credited`);
    expect(coverage.join('\n')).toMatch(
      /Hacks\/Scandals: .*SunWeb3Sec\/DeFiHackLabs @ \w+, license: Apache-2\.0/,
    );
  });
});
