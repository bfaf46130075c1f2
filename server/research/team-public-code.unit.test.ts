import { describe, expect, it } from 'vitest';
import { SCORING_RULES, THRESHOLDS } from '../../contract/scoring-rules';
import { offlineReportInput } from './offline-report';
import { buildReportText } from './report-text';
import { SNAPSHOT_ASSETS } from './sources/snapshot-data';

// Team evidence from Electric Capital's map of public code (decision 0330), read as a buyer reads
// the offline report: the category is assessed with the map's figures and cited at its commit
// with its licence, and an ecosystem of a few unrelated people's repositories is no evidence.

const asOf = new Date('2026-11-26T00:00:00Z');
const reportOf = async (id: string) => {
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === id)!;
  const input = await offlineReportInput(asset, asOf);
  const text = buildReportText(input);
  const start = text.indexOf('Team —');
  return {
    team: input.results.find((r) => r.key === 'team')!,
    section: text.slice(start, text.indexOf('\n', start)),
  };
};

describe('Team from the public-code map', () => {
  it("assesses Algorand's team on its public code and age, citing the map at its commit with CC BY 4.0", async () => {
    const { team, section } = await reportOf('algorand');
    expect(team.coverage?.kind).toBe('snapshot');
    // 1 point, plus 1 for public code and 1 for 3+ years priced: no source names the team.
    expect(team.score).toBe(3);
    expect(section).toMatch(
      /Public code: at least [\d,]+ repositories in the Algorand ecosystem of Open Dev Data by Electric Capital \(electric-capital\/crypto-ecosystems, CC BY 4\.0\) as of 2026-01-02, the most by algorandfoundation \(\d+\)/,
    );
    expect(section).toContain('Team named: by no source here');
    expect(section).toMatch(
      /Years of operation: at least \d+\.\d, priced since 2019-06-21 \(sstoeckl\/crypto2, MIT\)/,
    );
    const map = team.sources.find((s) => s.dataset?.name === 'electric-capital/crypto-ecosystems')!;
    expect(map.dataset?.license).toBe('CC BY 4.0');
    expect(map.url).toMatch(
      /^https:\/\/github\.com\/electric-capital\/crypto-ecosystems\/tree\/[0-9a-f]{40}\/migrations$/,
    );
  });

  it("leaves Team not assessed where no owner has the published number of repositories in the asset's ecosystem", async () => {
    // Tether's ecosystem lists 26 repositories, no two of one owner: not evidently Tether's own code.
    const { team, section } = await reportOf('tether');
    expect(team.coverage?.kind).toBe('none');
    expect(section).toContain('No evidence found: team information.');
  });

  it('publishes the public-code rule with its threshold', () => {
    const notes = SCORING_RULES.team.notes!.join(' ');
    expect(notes).toContain('crypto-ecosystems');
    expect(notes).toContain(`at least ${THRESHOLDS.publicCodeMinRepositories} repositories`);
    expect(SCORING_RULES.team.notes!.at(-1)).toContain('Knockout');
  });
});
