import { CATEGORIES, MAX_CATEGORY_SCORE } from '../../../contract/methodology';

/** The 12 category scores against their maximum, as plain accessible bars. */
export function ScoreChart({ scores }: { scores: Record<string, number | null> }) {
  return (
    <figure aria-labelledby="score-chart-title" className="space-y-2">
      <figcaption id="score-chart-title" className="text-sm text-muted">
        Category scores out of {MAX_CATEGORY_SCORE}
      </figcaption>
      <ul className="space-y-2">
        {CATEGORIES.map((category) => {
          const score = scores[category.key] ?? null;
          const width = score === null ? 0 : (score / MAX_CATEGORY_SCORE) * 100;
          return (
            <li key={category.key} className="grid grid-cols-[9rem_1fr_3.5rem] items-center gap-3 text-sm">
              <span>{category.name}</span>
              <span className="h-3 overflow-hidden rounded-full bg-subtle" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
              </span>
              <span className="text-right tabular-nums">
                {score === null ? '—' : `${score.toFixed(1)}/${MAX_CATEGORY_SCORE}`}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
