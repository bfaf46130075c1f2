import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { snapshotCoinMetricsEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// The first day an asset shows in the cited datasets is the earliest of them (issue 32, decision
// 0277): Coin Metrics' copies start before the 2020 CoinMarketCap monthly files for Ethereum,
// Dogecoin and others, and the age they prove runs to the newest day a file shows the price.

const REPORT_DATE = new Date('2026-11-26T12:00:00Z');
const existenceOf = async (id: string) => {
  const input = await offlineReportInput(SNAPSHOT_ASSETS.find((a) => a.id === id)!, REPORT_DATE);
  return input.results.find((r) => r.key === 'existenceGrowthX2')!;
};

describe('the first day an asset is on record', () => {
  it("dates Ethereum and Dogecoin from Coin Metrics' files, cited, to the newest monthly file", async () => {
    const ethereum = await existenceOf('ethereum');
    expect(ethereum.facts).toContain('Chain recorded since: 2015-07-30 (coinmetrics/data, CC BY-NC 4.0).');
    expect(ethereum.facts).toContain(
      'Age, lower bound: 10.1 years to 2025-10-01, the day it is still priced in smoothbrainquant/trading-for-new-dads.',
    );
    expect(ethereum.score).toBe(5);
    expect(ethereum.sources.map((s) => s.dataset?.name)).toEqual(
      expect.arrayContaining(['coinmetrics/data', 'smoothbrainquant/trading-for-new-dads']),
    );
    const dogecoin = await existenceOf('dogecoin');
    expect(dogecoin.facts?.[0]).toBe('Chain recorded since: 2013-12-08 (coinmetrics/data, CC BY-NC 4.0).');
  });

  it('never starts later than the first priced day of a Coin Metrics file the report reads', async () => {
    for (const asset of SNAPSHOT_ASSETS) {
      const coinMetrics = snapshotCoinMetricsEvidence(asset).pricedSince?.value;
      if (!coinMetrics) continue;
      const existence = await existenceOf(asset.id);
      const first = /^(?:Priced|Chain recorded) since: (\d{4}-\d\d-\d\d)/.exec(
        existence.facts?.[0] ?? '',
      )?.[1];
      // A stablecoin's peg is read from the market files only, and a launch date needs no bound.
      if (!first) continue;
      if (asset.kind === 'stablecoin') continue;
      expect(first <= coinMetrics, `${asset.id}: ${first} after ${coinMetrics}`).toBe(true);
    }
  });
});
