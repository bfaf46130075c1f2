import {
  CATEGORIES,
  MAX_TOTAL,
  MIN_RATED_CATEGORIES,
  NOT_RATED_LABEL,
  type RiskLevel,
} from '../../../contract/methodology';
import { keyRiskLabel, type ProgressEntry, type ReportSections } from '../../../contract/reports';
import { RiskLevelBadge } from '../../components/risk-level-badge';
import { Card } from '../../components/ui/card';
import { backtestLineFor } from '../../lib/backtest-line';

/** The categories that had evidence: from the report's coverage, else those that got a score. */
export function categoriesWithEvidence(
  sections: ReportSections | null,
  progress: ProgressEntry[],
): Set<string> {
  if (sections) return new Set(sections.coverage.filter((c) => c.kind !== 'none').map((c) => c.category_key));
  return new Set(progress.filter((p) => p.score !== null).map((p) => p.category_key));
}

/** At most three reasons for the verdict, most important first, in one line each. */
function reasonsFor(sections: ReportSections | null, evidenced: number, rated: boolean): string[] {
  const reasons: string[] = [];
  if (!rated) {
    reasons.push(
      `Evidence was found in ${evidenced} of ${CATEGORIES.length} categories; a verdict needs at least ${MIN_RATED_CATEGORIES}.`,
    );
  }
  for (const risk of sections?.keyRisks ?? [])
    reasons.push(`${sections ? keyRiskLabel(sections, risk) : risk.category}: ${risk.text}`);
  return reasons.slice(0, 3);
}

/**
 * The top of a completed report, read first (decisions.md "One verdict", decision 0381): the
 * risk level as the rating badge, how many categories it stands on, what the back-test says for
 * that band, three reasons, and a bar of which of the twelve categories had evidence. The
 * composite out of 5.0 and its band word are the score section's, never here.
 */
export function VerdictSummary({
  riskLevel,
  rated,
  sections,
  evidence,
}: {
  riskLevel: RiskLevel | null;
  rated: boolean;
  sections: ReportSections | null;
  evidence: Set<string>;
}) {
  const evidenced = CATEGORIES.filter((c) => evidence.has(c.key)).length;
  const reasons = reasonsFor(sections, evidenced, rated);
  const level = rated ? riskLevel : null;
  const backtest = backtestLineFor(level);
  return (
    <Card className="mb-8" data-testid="verdict-summary">
      <p className="text-sm text-muted">Risk level</p>
      <h2 className="mt-1">
        <RiskLevelBadge level={level} className="px-3 py-1 text-xl" />
      </h2>
      {!rated && (
        <p className="mt-2 text-sm text-muted" data-testid="not-rated">
          {NOT_RATED_LABEL}: too few categories with evidence
        </p>
      )}
      <p className="mt-2 text-sm font-medium" data-testid="verdict-basis">
        based on {evidenced} of {CATEGORIES.length} categories
      </p>
      <p className="mt-1 text-sm text-muted" data-testid="verdict-backtest">
        {backtest}{' '}
        <a className="inline-flex min-h-11 items-center underline" href="/documentation#track-record">
          How the ratings held up
        </a>
      </p>
      {reasons.length > 0 && (
        <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm" aria-label="Reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ol>
      )}
      <div className="mt-4">
        <p className="text-sm font-medium" id="coverage-bar-label">
          Evidence in {evidenced} of {CATEGORIES.length} categories
        </p>
        <ul
          className="mt-2 grid grid-cols-12 gap-0.5"
          aria-labelledby="coverage-bar-label"
          data-testid="coverage-bar"
        >
          {CATEGORIES.map((category) => {
            const has = evidence.has(category.key);
            return (
              <li
                key={category.key}
                title={`${category.name}: ${has ? 'evidence' : 'no evidence'}`}
                className={`h-3 first:rounded-l-full last:rounded-r-full ${has ? 'bg-primary' : 'bg-border'}`}
              >
                <span className="sr-only">
                  {category.name}: {has ? 'evidence' : 'no evidence'}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}
