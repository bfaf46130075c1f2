import { verifyOfflineReports } from '../server/research/claims/claim-check';
import { offlineReportInput } from '../server/research/offline-report';
import { snapshotSecurityEvidence } from '../server/research/sources/snapshot';
import { SNAPSHOT_ASSETS } from '../server/research/sources/snapshot-data';
import {
  analyticSentences,
  buyerSentences,
  repetitionSample,
  repetitionShares,
} from '../server/research/testing/repetition';

// The verdict rules' part of bench:research (issue 32): knockout-marked assets and the verdict
// their report gives, the claim checker's figures and mismatches, and the worst repetition over
// 15 reports of different kinds with names, symbols and numbers normalised: over all the text a
// buyer reads on the page and in the PDF, and over the analytic prose alone.

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

  // Peers with reports (every sample asset's peers researched), then a new store where none is.
  for (const freshStore of [false, true]) {
    const sample = await repetitionSample(now, { freshStore });
    const store = freshStore ? 'new store, no peer researched' : 'peers researched';
    for (const [what, sentences] of [
      ['page and PDF text', buyerSentences],
      ['analytic prose', analyticSentences],
    ] as const) {
      const shares = repetitionShares(
        sample.map((s) => ({ id: s.id, names: s.names, sentences: sentences(s.input) })),
        4,
      ).sort((a, b) => b.share - a.share);
      const worst = shares[0]!;
      console.info(
        `repetition, ${what}, ${store} (names, symbols, numbers normalised; sentences in 4+ of ${sample.length} reports): worst ${worst.id} ${(worst.share * 100).toFixed(0)}%, median ${(shares[Math.floor(shares.length / 2)]!.share * 100).toFixed(0)}%`,
      );
    }
  }
}
