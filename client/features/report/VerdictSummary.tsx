import { CATEGORIES, MAX_TOTAL, MIN_RATED_CATEGORIES, NOT_RATED_LABEL } from '../../../contract/methodology';
import { keyRiskLabel, type ProgressEntry, type ReportSections } from '../../../contract/reports';
import { Card } from '../../components/ui/card';

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
 * The top of a completed report, read first: the verdict and how much evidence it stands on,
 * three reasons, and a bar of which of the twelve categories had evidence.
 */
export function VerdictSummary({
  verdict,
  rated,
  total,
  sections,
  evidence,
}: {
  verdict: string;
  rated: boolean;
  total: number;
  sections: ReportSections | null;
  evidence: Set<string>;
}) {
  const evidenced = CATEGORIES.filter((c) => evidence.has(c.key)).length;
  const reasons = reasonsFor(sections, evidenced, rated);
  return (
    <Card className="mb-8" data-testid="verdict-summary">
      <h2 className="text-2xl font-bold">
        {rated ? `${verdict} · ${total.toFixed(1)} of ${MAX_TOTAL}` : NOT_RATED_LABEL}
      </h2>
      <p className="mt-1 text-sm text-muted" data-testid="verdict-basis">
        based on {evidenced} of {CATEGORIES.length} categories
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
