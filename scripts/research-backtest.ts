import { readFileSync, writeFileSync } from 'node:fs';
import {
  BACKTEST_FIGURES_FILE,
  BACKTEST_FILE,
  backtestArtefact,
  headlineFigures,
} from '../server/research/backtest/artefact';
import { loadBacktestData } from '../server/research/backtest/as-of';
import { runBacktest, summarizeRun } from '../server/research/backtest/run';
import { appendEvaluation } from '../server/research/backtest/variants-log';

// `npm run research:backtest`: rates every monthly snapshot day with the current methodology on
// the facts dated by then, prints the default-study table and writes the stored ratings and
// figures the track-record page serves (decision 0290). Runs at build time for the offline demo.

const started = performance.now();
const data = loadBacktestData();
const run = runBacktest(data);
const rated = performance.now();
const { summary, failureOfRating } = summarizeRun(data, run);
writeFileSync(BACKTEST_FILE, `${JSON.stringify(backtestArtefact(run, summary, failureOfRating))}\n`);
// The current version's headline figures, for the methodology page (shipped with the client).
// Number pairs (the intervals) on one line, as the formatter writes them.
const figures = JSON.stringify(headlineFigures(summary), null, 2).replace(
  /\[\n\s+(-?[\d.e-]+),\n\s+(-?[\d.e-]+)\n\s+\]/g,
  '[$1, $2]',
);
writeFileSync(BACKTEST_FIGURES_FILE, `${figures}\n`);
// Every evaluation, hold-out included, goes to the dated variants log (decision 0354).
const logFile = new URL(`../${summary.study.variantsLog}`, import.meta.url);
const log = readFileSync(logFile, 'utf8');
const logged = appendEvaluation(
  log,
  summary.study,
  run.methodologyVersion,
  new Date().toISOString().slice(0, 10),
);
if (logged !== log) writeFileSync(logFile, `${logged}\n`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

const pct = (value: number | null) =>
  value === null ? '   -  ' : `${(value * 100).toFixed(1).padStart(5)}%`;
for (const version of summary.versions) {
  console.info(
    `Back-test, methodology ${version.methodologyVersion}: ${version.ratings} ratings of ${summary.assets} assets on ${summary.months} days (${summary.firstAsOf} to ${summary.lastAsOf})`,
  );
  console.info(
    'band          ratings |  90d: obs fail rate [95% CI]       | 180d: obs fail rate [95% CI]       | 365d: obs fail rate [95% CI]',
  );
  for (const band of version.bands) {
    const cells = band.horizons.map(
      (h) =>
        `${String(h.observable).padStart(5)} ${String(h.failures).padStart(4)} ${pct(h.rate)} [${pct(h.low)},${pct(h.high)}]`,
    );
    console.info(`${band.band.padEnd(13)} ${String(band.ratings).padStart(7)} | ${cells.join(' | ')}`);
  }
  for (const a of version.accuracy)
    console.info(
      `accuracy ratio ${a.days}d: ${a.ratio === null ? 'n/a' : a.ratio.toFixed(3)} (${a.failures} failures in ${a.rated} rated)`,
    );
  for (const r of version.rankOrder)
    console.info(`rank order ${r.days}d: ${r.holds ? 'holds' : `breaks: ${r.breaks.join('; ')}`}`);
  console.info(`transitions (rows from, columns to: ${version.transitions.to.join(', ')})`);
  version.transitions.from.forEach((from, i) => {
    console.info(
      `  ${from.padEnd(12)} ${version.transitions.counts[i]!.map((n) => String(n).padStart(6)).join('')}`,
    );
  });
}
const { study } = summary;
const interval = (ci: [number, number] | null) => (ci ? `[${ci[0].toFixed(3)}, ${ci[1].toFixed(3)}]` : '[-]');
const ar = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
console.info(
  `Default study (${study.entities} assets after joining renames; hold-out from ${study.holdoutFrom}):`,
);
for (const s of study.samples) {
  console.info(
    `  ${s.sample.padEnd(11)} ${String(s.days).padStart(3)}d: cohort AR ${ar(s.cohortAccuracyRatio)} ${interval(s.ci95)}; ${s.failures} failures (${s.distinctEvents} events, ${s.distinctAssets} assets) in ${s.ratings} observed ratings, ${s.censored} censored`,
  );
  for (const b of s.bands)
    console.info(
      `    ${b.band.padEnd(12)} ${String(b.failures).padStart(4)} of ${String(b.observable).padStart(5)} ${pct(b.rate)} ${interval(b.ci95)}`,
    );
  for (const b of s.baselines)
    console.info(
      `    baseline ${b.name.padEnd(31)} cohort AR ${ar(b.cohortAccuracyRatio)} ${interval(b.ci95)}`,
    );
}
for (const d of study.dropOutsAsSurvivors)
  console.info(`  drop-outs as survivors: ${d.sample} ${d.days}d cohort AR ${ar(d.cohortAccuracyRatio)}`);
for (const t of study.outcomeTypes) console.info(`  outcome ${t.type}: ${t.failures} assets`);
for (const c of study.cohorts)
  for (const b of c.bands)
    console.info(
      `  ${c.sample} ${b.band.padEnd(12)} ${b.years.map((y) => `${y.years}y ${y.failures}/${y.observable} ${pct(y.cumulativeRate)} (marginal ${pct(y.marginalRate)} of ${y.atRisk})`).join(' | ')}`,
    );
console.info(`  a year on (rows from, columns to: ${study.transitions.to.join(', ')})`);
study.transitions.from.forEach((from, i) => {
  console.info(
    `    ${from.padEnd(12)} ${study.transitions.counts[i]!.map((n) => String(n).padStart(6)).join('')}`,
  );
});
console.info(`failures listed: ${summary.failures.length}`);
for (const named of summary.namedCases) console.info(`  ${named.name}: ${named.note}`);
console.info(
  `rated in ${seconds(rated - started)} s; outcomes and statistics in ${seconds(performance.now() - rated)} s; total ${seconds(performance.now() - started)} s`,
);
