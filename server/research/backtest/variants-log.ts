import type { StudyFigures } from '../../../contract/backtest';

// The study's dated variants log (issue 43, decision 0354): every evaluation of a methodology
// version is appended, hold-out included, so a rule chosen after seeing the hold-out shows. The
// same version with the same figures is one evaluation, written once; the same version with other
// figures (the inputs or the study changed) is appended again, marked as a re-evaluation.

const fmt = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
const interval = (ci: [number, number] | null) => (ci ? `[${fmt(ci[0])}, ${fmt(ci[1])}]` : '[n/a]');

/** One evaluation as markdown lines: a heading with the version, then a row per sample and horizon. */
export function evaluationEntry(study: StudyFigures, methodologyVersion: string, day: string): string {
  const rows = study.samples.map(
    (s) =>
      `| ${s.sample} | ${s.days} | ${fmt(s.cohortAccuracyRatio)} ${interval(s.ci95)} | ${s.ratings} | ${s.failures} | ${s.distinctEvents} | ${s.distinctAssets} | ${s.censored} | ${s.baselines.map((b) => `${b.name} ${fmt(b.cohortAccuracyRatio)}`).join('; ')} |`,
  );
  return [
    `## ${day}: methodology ${methodologyVersion}`,
    '',
    '| sample | days | cohort AR [95%] | ratings | failures | events | assets | censored | baselines (cohort AR) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** The log with this evaluation appended, or unchanged when the same evaluation is already in it. */
export function appendEvaluation(
  log: string,
  study: StudyFigures,
  methodologyVersion: string,
  day: string,
): string {
  const entry = evaluationEntry(study, methodologyVersion, day);
  const table = entry.slice(entry.indexOf('| sample |')).trim();
  const sameVersion = log
    .split(/^## /m)
    .slice(1)
    .filter((section) => section.split('\n', 1)[0]!.endsWith(`: methodology ${methodologyVersion}`));
  if (sameVersion.some((section) => section.includes(table))) return log;
  const marked =
    sameVersion.length > 0
      ? entry.replace(
          '\n\n',
          `\n\nRe-evaluation of ${methodologyVersion}: its inputs or the study changed since its entry above.\n\n`,
        )
      : entry;
  return `${log.trimEnd()}\n\n${marked}`;
}
