import { describe, expect, it } from 'vitest';
import { checkReportText } from './claims/claim-check';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// A figure derived from others uses inputs of one date: Bitcoin's fully diluted value is its
// 2026-07-18 price times its maximum supply, not the 2026-07-18 market cap over a 2025-11-03 supply.

const NOW = new Date('2026-11-26T00:00:00Z');
const bitcoin = SNAPSHOT_ASSETS.find((a) => a.id === 'bitcoin')!;

describe('derived figures', () => {
  it("values Bitcoin's maximum supply at the price of its market capitalisation's date", async () => {
    const input = await offlineReportInput(bitcoin, NOW);
    const facts = input.results.find((r) => r.key === 'marketCap')!.facts ?? [];
    expect(facts.join(' ')).toMatch(/Market capitalisation: \$1\.30 trillion on 2026-07-18/);
    expect(facts).toContain(
      'Fully diluted value: $1.36 trillion (the full maximum supply of 21,000,000 at its price of $64,795.70 on 2026-07-18).',
    );
  });

  it('the claim checker recomputes the figure and rejects a price of another date', async () => {
    const input = await offlineReportInput(bitcoin, NOW);
    const text = buildReportText(input);
    const own = new Map<string, { total: number | null; level: string | null }>();
    const mismatches = (t: string) =>
      checkReportText(t, input, own, new Map()).mismatches.filter((m) => m.includes('fully diluted'));
    expect(mismatches(text)).toEqual([]);
    expect(mismatches(text.replace('$64,795.70 on 2026-07-18)', '$64,795.70 on 2025-11-03)'))).toEqual([
      expect.stringContaining('uses the price of 2025-11-03, the market capitalisation is of 2026-07-18'),
    ]);
    expect(
      mismatches(text.replace('Fully diluted value: $1.36 trillion', 'Fully diluted value: $1.37 trillion')),
    ).toHaveLength(1);
  });
});
