import { describe, expect, it } from 'vitest';
import type { CategoryKey } from '../../contract/methodology';
import { KNOCKOUT_RULES, THRESHOLDS } from '../../contract/scoring-rules';
import { offlineDemoEvidence, offlineReportInput } from './offline-report';
import { CURATED_INCIDENTS } from './sources/incidents';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// The methodology's printed collapse and knockout rules, held against every snapshot asset the
// curated incident list names, in the report as bought (offlineReportInput scores through
// verdictOf, as the research job does).

const NOW = new Date('2026-11-26T00:00:00Z');
/** COLLAPSE_NOTE: the categories capped after the asset's own recorded collapse. */
const COLLAPSE_CAPPED: CategoryKey[] = [
  'marketCap',
  'volumeX2',
  'socialMetricsX2',
  'useCase',
  'existenceGrowthX2',
];
/** The kinds the printed collapse rule names as an asset's own collapse. */
const COLLAPSE_KINDS = new Set(['depeg', 'rug pull', 'exchange collapse', 'fraud']);

const curatedAssets = SNAPSHOT_ASSETS.filter((asset) =>
  CURATED_INCIDENTS.some((incident) => incident.assets.includes(asset.id)),
);

/** The fall below the high the report prints (all-time high, else the highest snapshot price). */
function belowHigh(assetId: string): number | undefined {
  const e = offlineDemoEvidence(SNAPSHOT_ASSETS.find((a) => a.id === assetId)!);
  if (e.athChangeRatio) return Math.abs(e.athChangeRatio.value);
  const prices = e.snapshotPrices?.value;
  return prices ? 1 - prices.latest.priceUsd / prices.high.priceUsd : undefined;
}

describe('printed collapse and knockout rules, every asset with a curated incident', () => {
  it('covers the assets the list names (FTX Token and Terra Luna Classic among them)', () => {
    expect(curatedAssets.map((a) => a.id)).toEqual(expect.arrayContaining(['ftx-token', 'terra-luna']));
  });

  it('marks as collapsed every asset whose exchange collapse, rug pull, depeg or fraud left it more than 90% below its high', () => {
    for (const entry of CURATED_INCIDENTS) {
      if (Array.isArray(entry.collapse))
        expect(entry.assets, entry.id).toEqual(expect.arrayContaining(entry.collapse));
      // An exchange collapse or rug pull is the asset's own failure; a fraud or depeg only when a
      // document says so (the flag), so those are checked in the report below, not required here.
      if (entry.kind !== 'exchange collapse' && entry.kind !== 'rug pull') continue;
      for (const id of entry.assets) {
        const below = belowHigh(id);
        if (below === undefined || below <= THRESHOLDS.athDrawdownPenalty) continue;
        const flagged = Array.isArray(entry.collapse) ? entry.collapse.includes(id) : entry.collapse === true;
        expect(flagged, `${entry.id} for ${id} (${(below * 100).toFixed(1)}% below its high)`).toBe(true);
      }
    }
  });

  for (const asset of curatedAssets) {
    it(`${asset.name}: the report obeys the caps and knockouts its incidents call for`, async () => {
      const report = await offlineReportInput(asset, NOW);
      const score = (key: CategoryKey) => report.results.find((r) => r.key === key)!;
      const incidents = offlineDemoEvidence(asset).incidents?.value ?? [];
      const collapse = incidents.find((i) => i.collapse && COLLAPSE_KINDS.has(i.kind));
      if (collapse) {
        for (const key of COLLAPSE_CAPPED)
          expect(score(key).score, `${key} after ${collapse.title}`).toBeLessThanOrEqual(
            THRESHOLDS.collapseCap,
          );
        const below = belowHigh(asset.id);
        if (below !== undefined && below > THRESHOLDS.athDrawdownPenalty) {
          expect(score('existenceGrowthX2').score).toBe(1);
          expect(score('existenceGrowthX2').knockout?.kind).toBe('collapse');
        }
      }
      for (const incident of incidents) {
        const rule = KNOCKOUT_RULES.find((r) => r.kind === incident.knockout);
        if (!rule) continue;
        expect(score(rule.category).score, `${rule.kind}: ${incident.title}`).toBe(1);
        expect(report.scores.riskLevel).toBe('Not Safe');
      }
    });
  }
});
