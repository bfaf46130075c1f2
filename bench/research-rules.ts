import { verifyOfflineReports } from '../server/research/claims/claim-check';
import { offlineReportInput } from '../server/research/offline-report';
import { buildReportText } from '../server/research/report-text';
import { snapshotSecurityEvidence } from '../server/research/sources/snapshot';
import { SNAPSHOT_ASSETS } from '../server/research/sources/snapshot-data';
import { repetitionShares } from '../server/research/testing/repetition';

// The verdict rules' part of bench:research (issue 32): knockout-marked assets and the verdict
// their report gives, the claim checker's figures and mismatches, and the worst repetition over
// 15 reports of different kinds with names, symbols and numbers normalised.

/** Fifteen reports of different kinds, by id (the repetition target reads these). */
export const REPETITION_SAMPLE = [
  'bitcoin',
  'ethereum',
  'solana',
  'tether',
  'usd-coin',
  'dai',
  'uniswap',
  'aave',
  'curve-dao-token',
  'dogecoin',
  'shiba-inu',
  'chainlink',
  'binancecoin',
  'ftx-token',
  'celsius-degree-token',
];

export async function benchVerdictRules(now = new Date()): Promise<void> {
  const knockedOut = SNAPSHOT_ASSETS.filter((asset) =>
    snapshotSecurityEvidence(asset).incidents?.value.some((incident) => incident.knockout),
  );
  const verdicts = [];
  for (const asset of knockedOut) {
    const input = await offlineReportInput(asset, now);
    verdicts.push(`${asset.symbol} ${input.scores.riskLevel ?? 'Not rated'}`);
  }
  console.info(`knockout-marked assets: ${knockedOut.length} (${verdicts.join(', ')})`);

  const claims = await verifyOfflineReports(now);
  console.info(
    `claim checker: ${claims.reports} reports, ${claims.checked} figures checked, ${claims.mismatches.length} mismatches`,
  );

  const sample = [];
  for (const id of REPETITION_SAMPLE) {
    const asset = SNAPSHOT_ASSETS.find((a) => a.id === id);
    if (!asset) continue;
    const input = await offlineReportInput(asset, now);
    sample.push({
      id,
      text: buildReportText(input),
      names: [asset.name, asset.symbol, ...(input.peers?.named.flatMap((p) => [p.name, p.symbol]) ?? [])],
    });
  }
  const shares = repetitionShares(sample, 4).sort((a, b) => b.share - a.share);
  const worst = shares[0];
  if (worst)
    console.info(
      `repetition (names, symbols, numbers normalised; sentences in 4+ of ${sample.length} reports): worst ${worst.id} ${(worst.share * 100).toFixed(0)}%, median ${(shares[Math.floor(shares.length / 2)]!.share * 100).toFixed(0)}%`,
    );
}
