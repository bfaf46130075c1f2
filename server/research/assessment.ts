import { MIN_CATEGORY_SCORE } from '../../contract/methodology';
import type { Source } from '../../contract/reports';
import type { CategoryAssessment, KnockoutFinding } from './scoring';

// A category's assessment as the report uses it (decision 0320; research-anchors pattern 1): scored
// only on cited evidence, otherwise not assessed with what it needs and what was searched. The
// scorers write drafts (CategoryAssessment); `assess` is the one door from a draft to a score, and
// it fails closed: a draft that claims evidence but cites nothing is not assessed.

/** At least one source: a score without one cannot be built. */
export type Cited = [Source, ...Source[]];

/** Why a category has no score: no source states it, none covers the asset, one failed, or it is too old. */
export type NotAssessedReason = 'noSource' | 'notCovered' | 'sourceFailed' | 'stale';

type AssessmentText = Pick<
  CategoryAssessment,
  'facts' | 'rationale' | 'nextUp' | 'nextDown' | 'keyRisk' | 'keyRiskStatedUnder' | 'chart'
>;

export interface ScoredAssessment extends AssessmentText {
  status: 'scored';
  score: number;
  sources: Cited;
  knockout?: KnockoutFinding;
}

export interface NotAssessed extends AssessmentText {
  status: 'notAssessed';
  reason: NotAssessedReason;
  /** The evidence the category needs ("incident records from a source that covers the asset"). */
  needed: string;
  /** The sources searched, each cited for what it said (or why it does not cover the asset). */
  searched: Source[];
}

export type Assessment = ScoredAssessment | NotAssessed;

/** What a not-assessed draft carries: why, and what it needs (set by `noEvidence` and its variants). */
export interface AssessmentGap {
  reason: NotAssessedReason;
  needed: string;
}

/** A scored category: refuses an empty citation list (a score with nothing behind it is a bug). */
export function scored(
  draft: Omit<ScoredAssessment, 'status' | 'sources'>,
  sources: readonly Source[],
): ScoredAssessment {
  const [first, ...rest] = sources;
  if (!first) throw new Error('a scored category needs at least one cited source');
  return { ...draft, status: 'scored', sources: [first, ...rest] };
}

const textOf = (draft: CategoryAssessment): AssessmentText => ({
  facts: draft.facts,
  rationale: draft.rationale,
  ...(draft.nextUp ? { nextUp: draft.nextUp } : {}),
  ...(draft.nextDown ? { nextDown: draft.nextDown } : {}),
  ...(draft.keyRisk ? { keyRisk: draft.keyRisk } : {}),
  ...(draft.keyRiskStatedUnder ? { keyRiskStatedUnder: draft.keyRiskStatedUnder } : {}),
  ...(draft.chart ? { chart: draft.chart } : {}),
});

/** A scorer's draft as the report uses it: scored only with evidence and a citation. */
export function assess(draft: CategoryAssessment): Assessment {
  if (draft.evidenceFound && draft.sources.length > 0)
    return scored(
      { ...textOf(draft), score: draft.score, ...(draft.knockout ? { knockout: draft.knockout } : {}) },
      draft.sources,
    );
  const gap = draft.gap ?? { reason: 'noSource', needed: 'a source for this category' };
  // A gap is no finding against the asset on its own: no score, no next step down.
  const { nextDown: _down, ...text } = textOf(draft);
  return { ...text, status: 'notAssessed', reason: gap.reason, needed: gap.needed, searched: draft.sources };
}

/** The score a category stores and the total counts: its own when scored, else the lowest level. */
export const scoreOf = (assessment: Assessment): number =>
  assessment.status === 'scored' ? assessment.score : MIN_CATEGORY_SCORE;

/** The sources a category cites: those it was scored on, else those searched. */
export const citedSources = (assessment: Assessment): Source[] =>
  assessment.status === 'scored' ? assessment.sources : assessment.searched;
