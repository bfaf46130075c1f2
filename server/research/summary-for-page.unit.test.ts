import { describe, expect, it } from 'vitest';
import { summaryForPage } from '../../contract/reports';
import { offlineReportInput } from './offline-report';
import { dataNoteFor } from './pipeline';
import { buildSummary } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// The report page leaves the offline data note's dataset list (commits, licences) to its Sources
// section; the cut is keyed on the sentence the pipeline writes, so the two must stay in step.

const NOW = new Date('2026-11-26T00:00:00Z');

describe('summaryForPage', () => {
  it('ends an offline summary at its data note, keeping the gaps and leaving out the list of datasets', async () => {
    const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;
    const summary = buildSummary(await offlineReportInput(bitcoin, NOW));
    // The text and the PDF say which categories rest on which dataset, and what was consulted.
    expect(summary).toMatch(
      /not live market data — CoinGecko's Bitcoin daily history as copied in RobACA2026\/operational-governance-engine @ \w+ \(2026-07-18; [^)]*\) for Market Cap, Volume and Existence\/Growth; .*SunWeb3Sec\/DeFiHackLabs @ \w+ \([^)]*license: Apache-2\.0\) for Hacks\/Scandals; .*also consulted, with no record on Bitcoin: .*trailofbits\/publications/,
    );
    expect(summaryForPage(summary)).toMatch(
      /; \w+ have no evidence in the sources \(Social Metrics, Team, [^)]+\) and are left out of the total(?:; [^;]*)?; Bitcoin was researched from the offline demo snapshot, not live market data; its datasets are listed under Sources\.$/,
    );
    expect(summaryForPage(summary)).not.toMatch(/license: /);
  });

  it('leaves a live summary, which names no datasets, as it is', () => {
    const summary = `Bitcoin (BTC) scores 77.00 of 77. ${dataNoteFor('live', 'Bitcoin', NOW)}`;
    expect(summaryForPage(summary)).toBe(summary);
  });
});
