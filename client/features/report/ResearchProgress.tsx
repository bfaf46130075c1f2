import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CATEGORIES } from '../../../contract/methodology';
import type { ProgressEntry, ReportStatus } from '../../../contract/reports';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Card, CardTitle } from '../../components/ui/card';

type CategoryState = 'done' | 'running' | 'waiting';

const STATE_BADGES: Record<CategoryState, { label: string; tone: BadgeTone }> = {
  done: { label: 'Done', tone: 'success' },
  running: { label: 'Researching', tone: 'info' },
  waiting: { label: 'Waiting', tone: 'grey' },
};

/** "8 s", "1 min 05 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1_000));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * While research runs (the page's only in-progress indicator, headed by the spec's banner
 * sentence): the twelve categories filling in, the time since the report was ordered
 * and, once one category is done, an estimate of the rest at the pace so far (no figure is
 * promised before there is a pace to go by).
 */
export function ResearchProgress({
  status,
  startedAt,
  progress,
}: {
  status: ReportStatus;
  startedAt: string;
  progress: ProgressEntry[];
}) {
  const now = useNow();
  const byKey = new Map(progress.map((entry) => [entry.category_key, entry]));
  const stateOf = (key: string): CategoryState => {
    const entry = byKey.get(key);
    if (!entry) return 'waiting';
    return entry.status === 'completed' ? 'done' : entry.status === 'processing' ? 'running' : 'waiting';
  };
  const done = CATEGORIES.filter((c) => stateOf(c.key) === 'done').length;
  const elapsed = Math.max(0, now - Date.parse(startedAt));
  const estimate =
    done > 0 && done < CATEGORIES.length
      ? `about ${formatDuration((elapsed / done) * (CATEGORIES.length - done))} left at this pace`
      : status === 'pending'
        ? 'waiting for a research worker to pick it up'
        : 'an estimate follows once the first category is done';
  return (
    <Card className="mb-8" data-testid="research-progress">
      <div role="status">
        <CardTitle id="research-progress-title" className="flex items-center gap-3">
          <Loader2 className="shrink-0 animate-spin text-primary" size={20} aria-hidden />
          Research in progress - checking for updates...
        </CardTitle>
      </div>
      <p className="mt-2 text-sm" data-testid="research-timing">
        {done} of {CATEGORIES.length} categories done · {formatDuration(elapsed)} so far · {estimate}
      </p>
      <div
        role="progressbar"
        aria-labelledby="research-progress-title"
        aria-valuemin={0}
        aria-valuemax={CATEGORIES.length}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${CATEGORIES.length} categories done`}
        className="mt-3 h-2 w-full overflow-hidden rounded-full bg-subtle"
      >
        <div
          className="h-full bg-primary transition-all"
          style={{ width: `${(done / CATEGORIES.length) * 100}%` }}
        />
      </div>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Categories">
        {CATEGORIES.map((category) => {
          const state = stateOf(category.key);
          return (
            <li
              key={category.key}
              data-testid="category-progress"
              data-state={state}
              className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm"
            >
              <span>{category.name}</span>
              <Badge tone={STATE_BADGES[state].tone}>{STATE_BADGES[state].label}</Badge>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
