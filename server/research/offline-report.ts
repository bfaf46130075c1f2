import { CATEGORIES, METHODOLOGY_VERSION } from '../../contract/methodology';
import { citedSources } from './assessment';
import type { AssetEvidence } from './evidence';
import { evidenceKeyRisks } from './evidence-risks';
import { kindCheckRisks, kindChecks } from './kind-checks';
import {
  assessEvidence,
  categoryPeers,
  offlinePeerReports,
  type PeerReports,
  peerEvidenceOf,
  peerGroupOf,
} from './peers';
import { dataNoteFor } from './pipeline';
import {
  assessmentCoverage,
  buildReportText,
  type CategoryResult,
  type ReportTextInput,
} from './report-text';
import { snapshotMarketEvidence, snapshotRef, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import { verdictOf } from './verdict';
import { deterministicWriter, naming } from './writer';

// The report text the research pipeline writes for an asset, without a database: the same
// evidence as the offline demo's research job (RESEARCH_DATA=offline), the same scorers and kind
// checks, the same deterministic writer with the asset's peers, the same report text rules.
// Tests read every report of the offline snapshot through it; the public sample report is
// written through it too (features/sample-report).

/** The evidence the offline demo's research job gathers for an asset (market and security merged). */
export const offlineDemoEvidence = (asset: SnapshotAsset): AssetEvidence => ({
  ...snapshotMarketEvidence(asset, { nonCommercial: true }),
  ...snapshotSecurityEvidence(asset),
});

export async function offlineReportInput(
  asset: SnapshotAsset,
  now: Date,
  evidence: AssetEvidence = offlineDemoEvidence(asset),
  /** Add the checks for the asset's kind, as the pipeline does. */
  options: { kindChecks?: boolean; peerReports?: PeerReports } = {},
): Promise<ReportTextInput> {
  const ref = snapshotRef(asset);
  // Without a database every snapshot asset's own offline report stands as its published one.
  const peerReports = options.peerReports ?? offlinePeerReports(now);
  const { categories } = assessEvidence(evidence, now);
  const results: CategoryResult[] = [];
  for (const category of CATEGORIES) {
    const assessment = categories[category.key];
    const peers = categoryPeers(category.key, { assetId: asset.id, kind: asset.kind }, peerReports);
    const written = await deterministicWriter.write({
      asset: ref,
      assetName: asset.name,
      category,
      assessment,
      ...(peers ? { peers } : {}),
    });
    results.push({
      key: category.key,
      score: written.score,
      findings: written.findings,
      analysis: written.analysis,
      sources: citedSources(assessment),
      facts: assessment.facts.map((fact) => naming(fact, asset.name)),
      coverage: assessmentCoverage(assessment),
      ...(assessment.nextUp ? { nextUp: assessment.nextUp } : {}),
      ...(assessment.nextDown ? { nextDown: assessment.nextDown } : {}),
      ...(assessment.keyRisk ? { keyRisk: naming(assessment.keyRisk, asset.name) } : {}),
      ...(assessment.keyRiskStatedUnder ? { keyRiskStatedUnder: assessment.keyRiskStatedUnder } : {}),
      ...(assessment.status === 'scored' && assessment.knockout ? { knockout: assessment.knockout } : {}),
      ...(peers ? { peerEvidence: peerEvidenceOf(peers) } : {}),
    });
  }
  const scores = verdictOf(results);
  const checks = options.kindChecks ? kindChecks(asset.kind, evidence, now) : [];
  return {
    ...(options.kindChecks
      ? {
          kindChecks: checks,
          kindCheckRisks: kindCheckRisks(checks, (key) => results.find((r) => r.key === key)?.score ?? 1),
          evidenceRisks: evidenceKeyRisks(evidence, asset.name),
        }
      : {}),
    assetName: asset.name,
    asset: ref,
    scores,
    results,
    dataNote: dataNoteFor('offline', asset.name, now, results),
    methodologyVersion: METHODOLOGY_VERSION,
    peers: peerGroupOf(
      { assetId: asset.id, assetName: asset.name, kind: asset.kind, platform: asset.platform, scores },
      peerReports,
    ),
  };
}

/** Every snapshot asset's report text. */
export async function snapshotReports(now: Date): Promise<{ asset: SnapshotAsset; text: string }[]> {
  const reports = [];
  for (const asset of SNAPSHOT_ASSETS)
    reports.push({ asset, text: buildReportText(await offlineReportInput(asset, now)) });
  return reports;
}
