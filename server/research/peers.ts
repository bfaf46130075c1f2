import { assetKindLabel, kindNouns } from '../../contract/assets';
import {
  CATEGORIES,
  type CategoryKey,
  isRated,
  METHODOLOGY_VERSION,
  RISK_LEVEL_LABELS,
  type Scores,
} from '../../contract/methodology';
import type { Peer, PeerGroup } from '../../contract/reports';
import type { AssetEvidence, AssetKind } from './evidence';
import { coverageOf } from './report-text';
import { type CategoryAssessment, SCORERS } from './scoring';
import { snapshotMarketEvidence, snapshotSecurityEvidence } from './sources/snapshot';
import { SNAPSHOT_ASSETS, type SnapshotAsset } from './sources/snapshot-data';
import { verdictOf } from './verdict';

// Peers are the other assets of the same kind in the offline dataset, scored from the same
// dated evidence under the same methodology, so a report compares its asset with named assets
// of its kind, not with whatever other customers happened to buy.

/** Every category of one asset scored, and the verdict they give. */
export interface AssetAssessment {
  asset: SnapshotAsset;
  categories: Record<CategoryKey, CategoryAssessment>;
  scores: Scores;
}

/** The twelve scorers and the verdict, as the research pipeline applies them. */
export function assessEvidence(evidence: AssetEvidence, now: Date): Omit<AssetAssessment, 'asset'> {
  const categories = Object.fromEntries(
    CATEGORIES.map((c) => [c.key, SCORERS[c.key](evidence, now)]),
  ) as Record<CategoryKey, CategoryAssessment>;
  const scores = verdictOf(
    CATEGORIES.map((c) => ({
      key: c.key,
      score: categories[c.key].score,
      coverage: coverageOf(categories[c.key].sources, categories[c.key].evidenceFound),
      ...(categories[c.key].knockout ? { knockout: categories[c.key].knockout } : {}),
    })),
  );
  return { categories, scores };
}

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

const peerOf = (assessment: AssetAssessment): Peer => {
  const rated = isRated(assessment.scores) && assessment.scores.riskLevel !== null;
  return {
    id: assessment.asset.id,
    name: assessment.asset.name,
    symbol: assessment.asset.symbol,
    rated,
    total: rated ? assessment.scores.totalScore : null,
    riskLevel: rated && assessment.scores.riskLevel ? RISK_LEVEL_LABELS[assessment.scores.riskLevel] : null,
  };
};

export interface PeerSubject {
  assetId: string | null;
  assetName: string;
  kind: AssetKind | null;
  platform?: string | undefined;
  scores: Scores;
}

/** The stored peer group of a report: counts, its standing, and the named peers with scores. */
export function peerGroupOf(subject: PeerSubject, now: Date, demoData = false): PeerGroup {
  const peers = peersOfKind(subject.kind, subject.assetId).map((a) => assessSnapshotAsset(a, now, demoData));
  const rated = peers.map(peerOf).filter((p) => p.rated);
  const subjectRated = isRated(subject.scores) && subject.scores.riskLevel !== null;
  const total = subjectRated ? subject.scores.totalScore : null;
  return {
    assetName: subject.assetName,
    kind: subject.kind,
    kindLabel: subject.kind ? (assetKindLabel(subject.kind, subject.platform) ?? null) : null,
    basis: `dated public datasets under methodology ${METHODOLOGY_VERSION}`,
    compared: peers.length,
    rated: rated.length,
    total,
    below: total === null ? null : rated.filter((p) => p.total! < total).length,
    named: nearest(
      peers.map((p) => p.asset),
      subject.assetId,
    ).map((asset) => peerOf(peers.find((p) => p.asset.id === asset.id)!)),
  };
}

/** One category across the peers: who has evidence and what they score, for the analysis. */
export interface CategoryPeers {
  /** The kind as a plural noun ("layer-1 coins", "DeFi tokens"). */
  kindPlural: string;
  compared: number;
  /** Peers with evidence in this category, with their scores (catalogue order). */
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
  now: Date,
  demoData = false,
): CategoryPeers | null {
  if (!subject.kind) return null;
  const peers = peersOfKind(subject.kind, subject.assetId).map((a) => assessSnapshotAsset(a, now, demoData));
  return {
    kindPlural: kindNouns(subject.kind)[1],
    compared: peers.length,
    withEvidence: peers
      .filter((p) => {
        const a = p.categories[key];
        return coverageOf(a.sources, a.evidenceFound).kind !== 'none';
      })
      .map((p) => ({ name: p.asset.name, score: p.categories[key].score })),
  };
}
