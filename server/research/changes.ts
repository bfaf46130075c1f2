import {
  CATEGORIES,
  type CategoryKey,
  type CategoryScores,
  METHODOLOGY_VERSION,
  NOT_RATED_LABEL,
  RISK_LEVEL_LABELS,
  type RiskLevel,
  type Scores,
} from '../../contract/methodology';
import type { CategoryChange, ReportChangesResponse } from '../../contract/versions';
import type { StoredEvidence } from './evidence';
import { assessEvidence } from './peers';

// What changed between two versions of an asset's report, category by category. When the two
// were scored under different methodology versions, the earlier evidence is scored again under
// the rules in force: the difference to the earlier score is what the rules moved, the rest is
// what the asset's evidence moved. Pure: the caller loads both versions.

export interface VersionForChanges {
  scores: CategoryScores & { totalScore: number };
  riskLevel: RiskLevel | null;
  methodologyVersion: string | null;
  /** The facts behind each category's score (absent on reports researched before facts). */
  facts: Partial<Record<CategoryKey, string[]>>;
  /** The evidence as scored; null on reports researched before it was kept. */
  evidence: StoredEvidence | null;
}

export const SEPARATION_NOTES = {
  noEvidence:
    'The earlier version was researched before reports kept their evidence, so the change cannot be split into what the rules moved and what the evidence moved.',
  retiredRules: (version: string | null) =>
    `The newer version was scored under methodology ${version ?? 'unknown'}, whose rules are no longer in force, so the earlier evidence cannot be scored under them again.`,
} as const;

/** The earlier evidence scored under the rules in force (methodology METHODOLOGY_VERSION). */
export function rescore(evidence: StoredEvidence): Scores {
  // The research job's own scorers and verdict (assessEvidence -> verdictOf), knockouts included.
  return assessEvidence(evidence, new Date(evidence.scoredAt)).scores;
}

/** The part of a fact before its first figure: "Market cap is $1.2 billion" -> "Market cap is". */
function subjectOf(fact: string): string {
  const match = /^[^\d$%]*/.exec(fact);
  return (match?.[0] ?? '').trim();
}

/** Facts that appeared, disappeared, or kept their wording around a new figure (changed). */
export function compareFacts(before: string[], after: string[]) {
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const gone = before.filter((f) => !afterSet.has(f));
  const added = after.filter((f) => !beforeSet.has(f));
  const changed: { before: string; after: string }[] = [];
  const disappeared: string[] = [];
  const unmatched = [...added];
  for (const old of gone) {
    const subject = subjectOf(old);
    const index =
      subject.length >= 8 ? unmatched.findIndex((candidate) => subjectOf(candidate) === subject) : -1;
    if (index === -1) {
      disappeared.push(old);
    } else {
      changed.push({ before: old, after: unmatched[index]! });
      unmatched.splice(index, 1);
    }
  }
  return { appeared: unmatched, changed, disappeared };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A version without a risk level is Not rated: it has no total to compare. */
function verdictSentence(before: VersionForChanges, after: VersionForChanges): string {
  const label = (level: RiskLevel | null) => (level ? RISK_LEVEL_LABELS[level] : NOT_RATED_LABEL);
  const totalOf = (v: VersionForChanges) => (v.riskLevel ? `${v.scores.totalScore.toFixed(2)} of 77` : null);
  const was = totalOf(before);
  const now = totalOf(after);
  const totals =
    was && now
      ? was === now
        ? `the total stays ${now}`
        : `the total moved from ${was.replace(' of 77', '')} to ${now}`
      : was || now
        ? `the total went from ${was ?? NOT_RATED_LABEL} to ${now ?? NOT_RATED_LABEL}`
        : 'neither version has a total';
  return before.riskLevel === after.riskLevel
    ? `The verdict stays ${label(after.riskLevel)}; ${totals}.`
    : `The verdict changed from ${label(before.riskLevel)} to ${label(after.riskLevel)}; ${totals}.`;
}

export function compareVersions(
  before: VersionForChanges,
  after: VersionForChanges,
  options: { withFacts: boolean },
): Omit<ReportChangesResponse, 'reportId' | 'version' | 'sinceReportId' | 'sinceVersion' | 'access'> {
  const methodologyChanged = before.methodologyVersion !== after.methodologyVersion;
  let note: string | null = null;
  let rescored: (CategoryScores & { totalScore: number }) | null = null;
  if (methodologyChanged) {
    if (after.methodologyVersion !== METHODOLOGY_VERSION)
      note = SEPARATION_NOTES.retiredRules(after.methodologyVersion);
    else if (!before.evidence) note = SEPARATION_NOTES.noEvidence;
    else rescored = rescore(before.evidence);
  }
  const categories = CATEGORIES.map((category): CategoryChange => {
    const was = before.scores[category.key];
    const now = after.scores[category.key];
    const again = rescored ? rescored[category.key] : null;
    const facts = compareFacts(before.facts[category.key] ?? [], after.facts[category.key] ?? []);
    return {
      key: category.key,
      name: category.name,
      before: was,
      after: now,
      rescored: again,
      ruleChange: again === null ? null : round1(again - was),
      evidenceChange: again !== null ? round1(now - again) : methodologyChanged ? null : round1(now - was),
      factCounts: {
        appeared: facts.appeared.length,
        changed: facts.changed.length,
        disappeared: facts.disappeared.length,
      },
      facts: options.withFacts ? facts : null,
    };
  });
  return {
    methodology: {
      before: before.methodologyVersion,
      after: after.methodologyVersion,
      changed: methodologyChanged,
      separated: rescored !== null,
      note,
    },
    total: {
      before: round2(before.scores.totalScore),
      after: round2(after.scores.totalScore),
      rescored: rescored ? round2(rescored.totalScore) : null,
    },
    riskLevel: {
      before: before.riskLevel,
      after: after.riskLevel,
      changed: before.riskLevel !== after.riskLevel,
    },
    verdict: verdictSentence(before, after),
    categories,
  };
}
