import { assetKindLabel, kindNouns } from '../../contract/assets';
import {
  CATEGORIES,
  type CategoryKey,
  isRated,
  RISK_LEVEL_LABELS,
  type RiskLevel,
  type Scores,
} from '../../contract/methodology';
import type { Peer, PeerGroup } from '../../contract/reports';
import { type Assessment, assess, scoreOf } from './assessment';
import type { AssetEvidence, AssetKind } from './evidence';
import { assessmentCoverage } from './report-text';
import { SCORERS } from './scoring';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import { verdictOf } from './verdict';

// Peers are the other assets of the same kind in the offline dataset. Each is shown as its own
// latest published report says (total, band, date, version, link), or as not yet researched:
// never scored on the side, so a peer line cannot disagree with the peer's report (0253).

/** Every category of one asset scored, and the verdict they give. */
export interface AssetAssessment {
  asset: SnapshotAsset;
  categories: Record<CategoryKey, Assessment>;
  scores: Scores;
}

/** The twelve scorers and the verdict, as the research pipeline applies them. */
export function assessEvidence(evidence: AssetEvidence, now: Date): Omit<AssetAssessment, 'asset'> {
  const categories = Object.fromEntries(
    CATEGORIES.map((c) => [c.key, assess(SCORERS[c.key](evidence, now))]),
  ) as Record<CategoryKey, Assessment>;
  const scores = verdictOf(CATEGORIES.map((c) => verdictInput(c.key, categories[c.key])));
  return { categories, scores };
}

/** A category as the verdict reads it: its score when scored, its coverage and its knockout. */
export const verdictInput = (key: CategoryKey, assessment: Assessment) => ({
  key,
  score: scoreOf(assessment),
  coverage: assessmentCoverage(assessment),
  ...(assessment.status === 'scored' && assessment.knockout ? { knockout: assessment.knockout } : {}),
});

/**
 * A peer's evidence from the snapshot. With `demoData` (the offline demo) it holds the same
 * market copies as the demo's own reports, so a peer reads as its own report does.
 */
export const snapshotEvidence = (asset: SnapshotAsset, demoData = false): AssetEvidence => ({
  ...snapshotMarketEvidence(asset, { nonCommercial: demoData }),
  ...snapshotSecurityEvidence(asset),
});

// The snapshot does not change while the process runs; scores move only with the date
// (ages, recency), so one assessment per asset and day.
const assessed = new Map<string, AssetAssessment>();
export function assessSnapshotAsset(asset: SnapshotAsset, now: Date, demoData = false): AssetAssessment {
  const key = `${asset.id}|${now.toISOString().slice(0, 10)}|${demoData}`;
  let found = assessed.get(key);
  if (!found) {
    found = { asset, ...assessEvidence(snapshotEvidence(asset, demoData), now) };
    if (assessed.size > 10_000) assessed.clear();
    assessed.set(key, found);
  }
  return found;
}

/** The other snapshot assets of a kind, in catalogue order (largest first). */
export function peersOfKind(kind: AssetKind | null | undefined, assetId: string | null): SnapshotAsset[] {
  if (!kind) return [];
  return SNAPSHOT_ASSETS.filter((a) => a.kind === kind && a.id !== assetId);
}

/** How many peers a report names. */
export const NAMED_PEERS = 5;

/**
 * The peers nearest the asset in the catalogue (which lists the largest first, so these are
 * of similar size); for an asset outside the catalogue, the largest of its kind.
 */
function nearest(peers: SnapshotAsset[], assetId: string | null): SnapshotAsset[] {
  const position = SNAPSHOT_ASSETS.findIndex((a) => a.id === assetId);
  if (position < 0) return peers.slice(0, NAMED_PEERS);
  const order = new Map(SNAPSHOT_ASSETS.map((a, index) => [a.id, index]));
  return [...peers]
    .sort((a, b) => Math.abs(order.get(a.id)! - position) - Math.abs(order.get(b.id)! - position))
    .slice(0, NAMED_PEERS)
    .sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/**
 * A peer's own report as its peer line cites it: the latest completed (and so published) report
 * on the asset, read from the store when the report is written (decision 0253).
 */
export interface PeerReport {
  /** The stored report (its page is /report/:id); null for an offline report written without a database. */
  reportId: number | null;
  /** Its version in the asset's series; null offline. */
  version: number | null;
  /** The day it was completed (YYYY-MM-DD). */
  date: string;
  rated: boolean;
  total: number | null;
  riskLevel: RiskLevel | null;
  /** Each category's score and whether it had evidence, for the category comparisons. */
  categories: { key: CategoryKey; score: number; hasEvidence: boolean }[];
}

/** The peers' own reports by asset id; an asset without one is not yet researched. */
export type PeerReports = Pick<ReadonlyMap<string, PeerReport>, 'get'>;

/** The report an offline assessment amounts to, for the offline reports written without a database. */
export function offlinePeerReport(assessment: AssetAssessment, now: Date): PeerReport {
  const rated = isRated(assessment.scores) && assessment.scores.riskLevel !== null;
  return {
    reportId: null,
    version: null,
    date: now.toISOString().slice(0, 10),
    rated,
    total: rated ? assessment.scores.totalScore : null,
    riskLevel: rated ? assessment.scores.riskLevel : null,
    categories: CATEGORIES.map((c) => ({
      key: c.key,
      score: scoreOf(assessment.categories[c.key]),
      hasEvidence: assessment.categories[c.key].status === 'scored',
    })),
  };
}

/**
 * Offline (the tests, the sample report, the claim checker): every snapshot asset's own offline
 * report of the same day stands as its published report, so a peer line reads as that report does.
 */
export function offlinePeerReports(now: Date): PeerReports {
  const reports = new Map<string, PeerReport>();
  return {
    get: (assetId) => {
      let report = reports.get(assetId);
      const asset = report ? undefined : SNAPSHOT_ASSETS.find((a) => a.id === assetId);
      if (asset) {
        report = offlinePeerReport(assessSnapshotAsset(asset, now, true), now);
        reports.set(assetId, report);
      }
      return report;
    },
  };
}

const peerOf = (asset: SnapshotAsset, report: PeerReport | undefined): Peer => {
  const rated = report?.rated === true && report.riskLevel !== null;
  return {
    id: asset.id,
    name: asset.name,
    symbol: asset.symbol,
    researched: report !== undefined,
    rated,
    total: rated ? report.total : null,
    riskLevel: rated && report.riskLevel ? RISK_LEVEL_LABELS[report.riskLevel] : null,
    ...(report ? { report: { id: report.reportId, version: report.version, date: report.date } } : {}),
  };
};

export interface PeerSubject {
  assetId: string | null;
  assetName: string;
  kind: AssetKind | null;
  platform?: string | undefined;
  scores: Scores;
}

/**
 * The stored peer group of a report: counts, its standing among the researched peers, and the
 * named peers with their own reports' totals (or "not yet researched").
 */
export function peerGroupOf(subject: PeerSubject, reports: PeerReports): PeerGroup {
  const peers = peersOfKind(subject.kind, subject.assetId).map((asset) =>
    peerOf(asset, reports.get(asset.id)),
  );
  const researched = peers.filter((p) => p.researched);
  const rated = researched.filter((p) => p.rated);
  const subjectRated = isRated(subject.scores) && subject.scores.riskLevel !== null;
  const total = subjectRated ? subject.scores.totalScore : null;
  return {
    assetName: subject.assetName,
    kind: subject.kind,
    kindLabel: subject.kind ? (assetKindLabel(subject.kind, subject.platform) ?? null) : null,
    basis: "the peers' own latest published reports",
    compared: peers.length,
    researched: researched.length,
    rated: rated.length,
    total,
    below: total === null ? null : rated.filter((p) => p.total! < total).length,
    ratedPeers: rated.map((p) => ({ name: p.name, total: p.total! })),
    named: nearest(peersOfKind(subject.kind, subject.assetId), subject.assetId).map(
      (asset) => peers.find((p) => p.id === asset.id)!,
    ),
  };
}

/** One category across the researched peers: who has evidence and what their reports score. */
export interface CategoryPeers {
  /** The kind as a plural noun ("layer-1 coins", "DeFi tokens"). */
  kindPlural: string;
  /** Every other asset of the kind in the dataset. */
  ofKind: number;
  /** The peers with a published report of their own: the only ones compared. */
  compared: number;
  /** Researched peers with evidence in this category, with their reports' scores (catalogue order). */
  withEvidence: { name: string; score: number }[];
}

/** How many peers have evidence in a category, as the summary's coverage sentence reads it. */
export const peerEvidenceOf = (peers: CategoryPeers) => ({
  kindPlural: peers.kindPlural,
  compared: peers.compared,
  withEvidence: peers.withEvidence.length,
});

export function categoryPeers(
  key: CategoryKey,
  subject: { assetId: string | null; kind: AssetKind | null },
  reports: PeerReports,
): CategoryPeers | null {
  if (!subject.kind) return null;
  const peers = peersOfKind(subject.kind, subject.assetId);
  const researched = peers.flatMap((asset) => {
    const report = reports.get(asset.id);
    return report ? [{ asset, report }] : [];
  });
  return {
    kindPlural: kindNouns(subject.kind)[1],
    ofKind: peers.length,
    compared: researched.length,
    withEvidence: researched.flatMap(({ asset, report }) => {
      const category = report.categories.find((c) => c.key === key);
      return category?.hasEvidence ? [{ name: asset.name, score: category.score }] : [];
    }),
  };
}
