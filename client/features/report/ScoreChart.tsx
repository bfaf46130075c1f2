import { CATEGORIES, MAX_CATEGORY_SCORE } from '../../../contract/methodology';

/**
 * The 12 category scores against their maximum, as plain accessible bars. A category without
 * evidence has no bar and reads "n/a" in grey: its stored floor score is not a finding.
 */
export function ScoreChart({
  scores,
  evidence,
}: {
  scores: Record<string, number | null>;
  evidence?: Set<string>;
}) {
  return (
    <figure aria-labelledby="score-chart-title" className="space-y-2">
      <figcaption id="score-chart-title" className="text-sm text-muted">
        Category scores out of {MAX_CATEGORY_SCORE}
      </figcaption>
      <ul className="space-y-2">
        {CATEGORIES.map((category) => {
          const missing = evidence !== undefined && !evidence.has(category.key);
          const score = missing ? null : (scores[category.key] ?? null);
          const width = score === null ? 0 : (score / MAX_CATEGORY_SCORE) * 100;
          return (
            <li
              key={category.key}
              data-testid="category-bar"
              data-missing={missing}
              className="grid grid-cols-[minmax(0,8rem)_1fr_3.5rem] items-center gap-3 text-sm"
            >
              <span>{category.name}</span>
              <span className="h-3 overflow-hidden rounded-full bg-subtle" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
              </span>
              <span className={`text-right tabular-nums ${missing ? 'text-muted' : ''}`}>
                {missing ? 'n/a' : score === null ? '—' : `${score.toFixed(1)}/${MAX_CATEGORY_SCORE}`}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
