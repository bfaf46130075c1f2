import { CATEGORIES } from '../../../contract/methodology';
import type { AgentResearchData } from '../../../contract/reports';
import { buildReportDocument, type ReportDocument } from '../../pdf/document';
import { offlineDemoEvidence, offlineReportInput } from '../../research/offline-report';
import { buildReportText, buildSummary, rulesKeyRisks, sectionsFromStored } from '../../research/report-text';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from '../../research/sources/snapshot';
import { SNAPSHOT_ASSETS } from '../../research/sources/snapshot-data';

// The sample report: a complete report on a major asset, written from the offline demo's data
// through the research job's own path (evidence, scorers, kind checks, deterministic writer,
// report text), so a visitor sees what a report holds before buying one. Not stored: it is
// rebuilt from the data once a day.

export const SAMPLE_ASSET_ID = 'bitcoin';

export interface SampleReport {
  assetName: string;
  text: string;
  document: ReportDocument;
  day: string;
  offlineDemo: boolean;
}

let cached: SampleReport | undefined;

/**
 * `offlineDemo`: the demo's datasets, non-commercial ones included (RESEARCH_DATA=offline);
 * otherwise only the permissive snapshot, as the live sources' fallback reads it.
 */
export async function sampleReport(offlineDemo: boolean, now: Date = new Date()): Promise<SampleReport> {
  const day = now.toISOString().slice(0, 10);
  if (cached?.day === day && cached.offlineDemo === offlineDemo) return cached;
  const asset = SNAPSHOT_ASSETS.find((a) => a.id === SAMPLE_ASSET_ID)!;
  const evidence = offlineDemo
    ? offlineDemoEvidence(asset)
    : { ...snapshotMarketEvidence(asset), ...snapshotSecurityEvidence(asset) };
  const input = await offlineReportInput(asset, now, evidence, { kindChecks: true });
  const text = buildReportText(input);
  // The stored shape the pipeline leaves (research_data and the progress rows), read back as
  // the page and the PDF read a bought report.
  const stored = {
    summary: buildSummary(input),
    summaryWriter: 'rules' as const,
    keyRisks: rulesKeyRisks(input),
    ...(input.kindChecks?.length ? { kindChecks: input.kindChecks } : {}),
    ...(input.peers ? { peers: input.peers } : {}),
  };
  const progress = input.results.map((result) => {
    const category = CATEGORIES.find((c) => c.key === result.key)!;
    const data: AgentResearchData = {
      findings: result.findings,
      analysis: result.analysis,
      sources: result.sources,
      ...(result.facts ? { facts: result.facts } : {}),
      ...(result.coverage ? { coverage: result.coverage } : {}),
      ...(result.nextUp ? { nextUp: result.nextUp } : {}),
      ...(result.nextDown ? { nextDown: result.nextDown } : {}),
      ...(result.keyRisk ? { keyRisk: result.keyRisk } : {}),
    };
    return {
      categoryKey: result.key,
      agentName: category.agentName,
      status: 'completed' as const,
      score: result.score.toFixed(2),
      researchData: data,
      completedAt: now,
    };
  });
  const sections = sectionsFromStored(
    stored,
    input.results.map((r) => ({
      key: r.key,
      score: r.score,
      data: progress.find((p) => p.categoryKey === r.key)!.researchData,
    })),
  );
  const document = buildReportDocument(
    {
      id: 0,
      assetName: asset.name,
      status: 'completed',
      compositeScore: input.scores.totalScore.toFixed(2),
      scores: input.scores,
      reportContent: text,
      methodologyVersion: input.methodologyVersion,
      createdAt: now,
      completedAt: now,
    },
    progress,
    sections,
  );
  cached = { assetName: asset.name, text, document, day, offlineDemo };
  return cached;
}
