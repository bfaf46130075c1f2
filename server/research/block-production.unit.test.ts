import { describe, expect, it } from 'vitest';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Who produces a chain's blocks, from the Blockchain Technology Lab's EDI outputs (decision 0333),
// read in the offline report's Layer 1 category: the newest reading with its day and its file at
// the commit; a reading as old as a market figure too old to score is left out.

const layer1Of = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, new Date('2026-11-26T00:00:00Z'));
  const text = buildReportText(input);
  const start = text.indexOf('Layer 1 —');
  return {
    section: text.slice(start, text.indexOf('\n', start)),
    result: input.results.find((r) => r.key === 'layer1')!,
  };
};

describe('block production in Layer 1', () => {
  it("states Cardano's newest EDI reading: how many entities produced a majority, the largest shares, cited at the commit", async () => {
    const { section, result } = await layer1Of('cardano');
    expect(section).toMatch(
      /Block production: \d+ entities produced a majority of blocks in the reading of 2026-07-02 \(its Nakamoto coefficient\); the largest \d+\.\d%, the largest three \d+\.\d%, of \d+ producing entities, shown and not scored \(Blockchain-Technology-Lab\/edi-frontend, none declared, facts only\)\./,
    );
    expect(result.sources.map((s) => s.url)).toContainEqual(
      expect.stringMatching(
        /^https:\/\/github\.com\/Blockchain-Technology-Lab\/edi-frontend\/blob\/[0-9a-f]{40}\/public\/output\/consensus\/cardano\/output_clustered\.csv$/,
      ),
    );
  });

  it("leaves out Ethereum's reading of 2025-02-07, older than the figures the offline data scores", async () => {
    const { section } = await layer1Of('ethereum');
    expect(section).not.toContain('Block production:');
  });
});
