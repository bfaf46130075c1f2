import {
  BACKTEST_BANDS,
  type Backtest,
  type BacktestBand,
  type BacktestFailure,
  backtestBandLabel,
} from '../../../contract/backtest';
import { RISK_LEVEL_LABELS, RISK_LEVELS } from '../../../contract/methodology';
import { nameWithSymbols } from '../../../contract/reports';
import { shareText, TRACK_RECORD_MIN_FOR_PERCENT, type TrackRecord } from '../../../contract/track-record';

// The track record's body as HTML (the site's App places it inside its own header, footer and
// styles: server/features/site): the prospective record of real public reports, then, apart,
// the back-test. Readable without JavaScript; nothing for the browser to run.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TABLE = 'mt-3 w-full text-left text-sm';
const TH = 'py-2 pr-4';
const ROW = 'border-b border-border last:border-0';
const CARD = 'mb-8 rounded-lg border border-border bg-card p-4 sm:p-6';
const H2 = 'text-xl font-semibold';

// The matrix's columns past the bands are not bands: failed, or no longer rated a year on.
const transitionColumnLabel = (column: string) =>
  (BACKTEST_BANDS as readonly string[]).includes(column) ? backtestBandLabel(column as BacktestBand) : column;

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const ratio = (v: number | null) => (v === null ? 'not measurable' : v.toFixed(2));
const interval = (ci: [number, number] | null) =>
  ci ? ` (95% interval ${ci[0].toFixed(2)} to ${ci[1].toFixed(2)})` : '';

/** "3 of 12" below 20, "30 of 400 (7.5%; 95% interval 5.3–10.5%)" at or above it. */
function rateText(failures: number, observable: number, ci: [number, number] | null): string {
  if (observable === 0) return 'not observable yet';
  if (observable < TRACK_RECORD_MIN_FOR_PERCENT || ci === null) return `${failures} of ${observable}`;
  return `${failures} of ${observable} (${pct(failures / observable)}; 95% interval ${pct(ci[0])}–${pct(ci[1])})`;
}

/** A table a phone scrolls sideways: a focusable, named region (axe: scrollable-region-focusable). */
const scrollable = (label: string, table: string) =>
  `<div class="mt-3 overflow-x-auto" role="region" aria-label="${escapeHtml(label)}" tabindex="0">${table}</div>`;

type Study = Backtest['study'];
type StudySample = Study['samples'][number];
const SAMPLE_NAMES = { development: 'Development (2020–2022)', holdout: 'Hold-out (2023 on)' } as const;

/** What a buyer should read from the hold-out's year: the rates by level and the simple signals. */
function buyerSummary(study: Study): string {
  const year = study.samples.find((s) => s.sample === 'holdout' && s.days === 365);
  if (!year) return '';
  const rates = year.bands
    .filter((b) => b.band !== 'Not rated' && b.observable > 0)
    .map(
      (b) =>
        `${escapeHtml(backtestBandLabel(b.band))}: ${escapeHtml(rateText(b.failures, b.observable, b.ci95))}`,
    )
    .join('; ');
  const beaten = year.baselines.filter(
    (b) =>
      b.cohortAccuracyRatio !== null &&
      year.cohortAccuracyRatio !== null &&
      b.cohortAccuracyRatio >= year.cohortAccuracyRatio,
  );
  const verdict =
    beaten.length > 0
      ? `A simple signal does as well or better: ${beaten.map((b) => `${escapeHtml(b.name.toLowerCase())} ${ratio(b.cohortAccuracyRatio)}`).join(', ')}. Read the risk level beside an asset’s age and size, not instead of them.`
      : 'None of the simple signals below does as well on these ratings.';
  return `<p class="mt-3 text-sm" data-testid="buyer-summary"><strong>For a buyer:</strong> of the ratings made from ${study.holdoutFrom.slice(0, 7)} on (the hold-out, never used to choose a rule), these were followed by a failure within a year: ${rates}. Their cohort accuracy ratio is ${ratio(year.cohortAccuracyRatio)}${interval(year.ci95)}, on ${year.distinctEvents} distinct events in ${year.distinctAssets} assets: few events, so the interval is wide. ${verdict}</p>`;
}

function studyTables(study: Study): string {
  const order = (s: StudySample) => (s.sample === 'holdout' ? 0 : 1);
  const samples = [...study.samples].sort((a, b) => order(a) - order(b) || b.days - a.days);
  const label = (s: StudySample) => `${SAMPLE_NAMES[s.sample]}, ${s.days} days`;
  const summaryRows = samples
    .map(
      (s) =>
        `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(label(s))}</th><td class="${TH}">${ratio(s.cohortAccuracyRatio)}${s.ci95 ? ` [${s.ci95[0].toFixed(2)}, ${s.ci95[1].toFixed(2)}]` : ''}</td><td class="${TH}">${s.ratings}</td><td class="${TH}">${s.failures} (${s.distinctEvents} events, ${s.distinctAssets} assets)</td><td class="${TH}">${s.censored}</td></tr>`,
    )
    .join('');
  const bandRows = samples
    .map(
      (s) =>
        `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(label(s))}</th>${s.bands.map((b) => `<td class="${TH}">${escapeHtml(rateText(b.failures, b.observable, b.ci95))}</td>`).join('')}</tr>`,
    )
    .join('');
  const bandHeads = samples[0]!.bands
    .map((b) => `<th scope="col" class="${TH}">${escapeHtml(backtestBandLabel(b.band))}</th>`)
    .join('');
  const baselineRows = samples
    .map(
      (s) =>
        `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(label(s))}</th><td class="${TH}">${ratio(s.cohortAccuracyRatio)}</td>${s.baselines.map((b) => `<td class="${TH}">${ratio(b.cohortAccuracyRatio)}${b.ci95 ? ` [${b.ci95[0].toFixed(2)}, ${b.ci95[1].toFixed(2)}]` : ''}</td>`).join('')}</tr>`,
    )
    .join('');
  const baselineHeads = samples[0]!.baselines
    .map((b) => `<th scope="col" class="${TH}">${escapeHtml(b.name)}</th>`)
    .join('');
  const outcomes = study.outcomeTypes
    .map(
      (t) =>
        `<li><strong>${escapeHtml(t.type)}</strong> (${t.failures} assets): ${escapeHtml(t.definition)}</li>`,
    )
    .join('');
  const cohortRows = study.cohorts
    .flatMap((c) =>
      c.bands.map(
        (b) =>
          `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(`${SAMPLE_NAMES[c.sample]}: ${backtestBandLabel(b.band)}`)}</th>${b.years.map((y) => `<td class="${TH}">${y.observable === 0 ? 'not observable yet' : `${escapeHtml(rateText(y.failures, y.observable, null))}${y.cumulativeRate !== null && y.observable >= TRACK_RECORD_MIN_FOR_PERCENT ? ` (${pct(y.cumulativeRate)})` : ''}; in that year ${y.marginalRate === null ? '–' : pct(y.marginalRate)} of ${y.atRisk}`}</td>`).join('')}</tr>`,
      ),
    )
    .join('');
  const t = study.transitions;
  const matrix = `<table class="${TABLE}" data-testid="transition-matrix"><caption class="text-left text-sm text-muted">Risk level on a rating day (rows) and a year later (columns), counts of ratings</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">From</th>${t.to.map((c) => `<th scope="col" class="${TH}">${escapeHtml(transitionColumnLabel(c))}</th>`).join('')}</tr></thead><tbody>${t.from.map((from, i) => `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(backtestBandLabel(from))}</th>${t.counts[i]!.map((n) => `<td class="${TH}">${n}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  return `<h3 class="mt-6 text-lg font-semibold">The study, sample by sample</h3>
${scrollable('The study by sample', `<table class="${TABLE}" data-testid="study-samples"><caption class="text-left text-sm text-muted">Cohort accuracy ratio with its 95% interval (resampling whole assets and half-years); ratings observed to the horizon; failures; ratings censored (the asset left the top-200 files with no record of its fate)</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Sample</th><th scope="col" class="${TH}">Cohort accuracy ratio</th><th scope="col" class="${TH}">Ratings</th><th scope="col" class="${TH}">Failures</th><th scope="col" class="${TH}">Censored</th></tr></thead><tbody>${summaryRows}</tbody></table>`)}
<h3 class="mt-6 text-lg font-semibold">Failures by risk level</h3>
${scrollable('Failures by risk level', `<table class="${TABLE}" data-testid="backtest-bands"><caption class="text-left text-sm text-muted">Ratings followed by a failure within the horizon, per risk level (a rate from ${TRACK_RECORD_MIN_FOR_PERCENT} ratings, counts below). Not rated: assets the methodology had too little evidence to rate, shown for comparison.</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Sample</th>${bandHeads}</tr></thead><tbody>${bandRows}</tbody></table>`)}
<h3 class="mt-6 text-lg font-semibold">Against simple signals on the same ratings</h3>
<p class="mt-2 text-sm">If one plain figure sorts failures as well as the rating, the rating adds little. Each signal’s cohort accuracy ratio on the very same ratings, with its 95% interval: older, larger, closer to its high, more traded counts as safer.</p>
${scrollable('Baselines', `<table class="${TABLE}" data-testid="baselines"><caption class="text-left text-sm text-muted">Cohort accuracy ratios: the rating and four baselines</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Sample</th><th scope="col" class="${TH}">Rating</th>${baselineHeads}</tr></thead><tbody>${baselineRows}</tbody></table>`)}
<h3 class="mt-6 text-lg font-semibold">What counts as a failure</h3>
<p class="mt-2 text-sm">Defined before any result was read; each asset fails once, at its first event, and leaves the study after it.</p>
<ul class="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="outcome-types">${outcomes}</ul>
<h3 class="mt-6 text-lg font-semibold">Cumulative failure rates at one, two and three years</h3>
${scrollable('Cumulative failure rates', `<table class="${TABLE}" data-testid="cohort-rates"><caption class="text-left text-sm text-muted">Failed within 1, 2 and 3 years of the rating, of the ratings observed that long; and the marginal rate: of those that came through the years before, how many failed in that year</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Ratings</th><th scope="col" class="${TH}">1 year</th><th scope="col" class="${TH}">2 years</th><th scope="col" class="${TH}">3 years</th></tr></thead><tbody>${cohortRows}</tbody></table>`)}
<h3 class="mt-6 text-lg font-semibold">A year on</h3>${scrollable('Risk level a year on', matrix)}
<p class="mt-2 text-sm text-muted">Every evaluation is logged with its date in the repository’s <code>${escapeHtml(study.variantsLog)}</code>.</p>`;
}

/** The failure list, one group per outcome type, each closed until opened: no 500-row page. */
function failureGroups(backtest: Backtest): string {
  const groups = new Map<string, BacktestFailure[]>();
  for (const f of backtest.failures) groups.set(f.event.kind, [...(groups.get(f.event.kind) ?? []), f]);
  return [...groups.entries()]
    .map(([kind, list]) => {
      const rows = list
        .map((f) => {
          const scores = f.before.categories.map((c) => `${c.name} ${c.score}/5`).join(' · ');
          // "(USDT)" beside Tether, nothing beside USDC: a name is not repeated as its symbol.
          const symbols = nameWithSymbols(f.assetName, f.symbols).slice(f.assetName.length).trim();
          return `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(f.assetName)}${symbols ? ` <span class="font-normal text-muted">${escapeHtml(symbols)}</span>` : ''}</th><td class="${TH}">${escapeHtml(backtestBandLabel(f.before.band))}, ${f.before.total} of 77 on ${f.before.asOf}: ${escapeHtml(scores)}</td><td class="${TH}">${f.event.date}</td><td class="${TH}"><a class="underline" href="${escapeHtml(f.event.url)}">${escapeHtml(f.event.kind)}</a>: ${escapeHtml(f.event.description)}</td></tr>`;
        })
        .join('');
      return `<details class="mt-3" data-testid="failure-group"><summary class="flex min-h-11 cursor-pointer items-center font-medium">${escapeHtml(kind)}: ${list.length} asset${list.length === 1 ? '' : 's'}</summary>${scrollable(`Failures: ${kind}`, `<table class="${TABLE}" data-testid="failure-list"><caption class="text-left text-sm text-muted">Each asset’s one failure of this type, with the last rating before it and that rating’s category scores</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Asset</th><th scope="col" class="${TH}">Rating before</th><th scope="col" class="${TH}">Date</th><th scope="col" class="${TH}">What happened</th></tr></thead><tbody>${rows}</tbody></table>`)}</details>`;
    })
    .join('');
}

function backtestSection(backtest: Backtest | null): string {
  if (!backtest)
    return `<section aria-labelledby="backtest-title" class="${CARD}"><h2 id="backtest-title" class="${H2}">Back-test</h2><p class="mt-3 text-sm">The back-test is built from the offline demo's market files (<code>npm run research:backtest</code>); this deployment does not hold them.</p></section>`;
  const version = backtest.versions[0]!;
  const named = backtest.namedCases
    .map((c) => `<li><strong>${escapeHtml(c.name)}:</strong> ${escapeHtml(c.note)}</li>`)
    .join('');
  const evidenceOf = (f: BacktestFailure) =>
    f.before.categories
      .map(
        (c) =>
          `<li><strong>${escapeHtml(c.name)} ${c.score}/5:</strong> ${escapeHtml(c.facts.join(' '))}${c.sources[0]?.url ? ` <a class="underline" href="${escapeHtml(c.sources[0].url)}">source</a>` : ''}</li>`,
      )
      .join('');
  const namedEvidence = backtest.namedCases
    .flatMap((c) => (c.failure ? [c] : []))
    .map(
      (c) =>
        `<details class="mt-2 text-sm"><summary class="flex min-h-11 cursor-pointer items-center underline">Evidence used for ${escapeHtml(c.failure!.assetName)} on ${c.failure!.before.asOf}</summary><ul class="mt-1 list-disc space-y-1 pl-5">${evidenceOf(c.failure!)}</ul></details>`,
    )
    .join('');
  return `<section aria-labelledby="backtest-title" class="${CARD}" data-testid="backtest">
<h2 id="backtest-title" class="${H2}">Back-test: would the ratings have warned you?</h2>
<p class="mt-3 rounded-md border border-border bg-subtle p-3 text-sm"><strong>This is a back-test.</strong> ${escapeHtml(backtest.notice)} It is kept apart from the record of real public reports above.</p>
<h3 class="mt-6 text-lg font-semibold">How to read the accuracy ratio</h3>
<p class="mt-2 text-sm" data-testid="accuracy-scale">The accuracy ratio runs from −1 to 1. At <strong>1</strong>, every asset that later failed had been rated riskier than every asset that did not; at <strong>0</strong>, the rating sorted them no better than chance; below 0, worse than chance. We compare each rating only with the others of the same month (the <em>cohort</em> accuracy ratio), so a market-wide crash counts neither for nor against the rating.</p>
${buyerSummary(backtest.study)}
<p class="mt-3 text-sm">On each of ${backtest.months} monthly snapshot days from ${backtest.firstAsOf} to ${backtest.lastAsOf}, every asset in ${escapeHtml(backtest.data[0]!.name)} (${backtest.study.entities} assets, each followed across renames and redenominations) was rated with methodology ${escapeHtml(version.methodologyVersion)}, from what was known that day only: figures, audits and curated incidents from their publication day; records with no dated history (unlock plans, the stablecoin registry, the exploit-to-asset map) are left out, and an asset no incident list covers has no Hacks/Scandals evidence. Rules were chosen on the development sample; the hold-out is read once per methodology version.</p>
<p class="mt-2 text-sm text-muted">Limits: snapshots are monthly and list the top 200 only, so a fall between snapshots is not seen; an asset that leaves the list is censored unless CoinMarketCap’s full list shows it still priced after the horizon. Most assets outside the catalogue have too little evidence for a rating (Not rated), so the rated ratings are mostly the catalogue’s, which was chosen today. Data: ${backtest.data.map((d) => `<a class="underline" href="${escapeHtml(d.url)}">${escapeHtml(d.name)}</a> (${escapeHtml(d.note)})`).join('; ')}.</p>
${studyTables(backtest.study)}
<h3 class="mt-6 text-lg font-semibold">The failures named in advance</h3><ul class="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="named-cases">${named}</ul>${namedEvidence}
<h3 class="mt-6 text-lg font-semibold">Failures, by type (${backtest.failures.length} assets, each once)</h3>
<p class="mt-2 text-sm">Open a type to see its assets. Every failure with the facts each rating used: <a class="underline" href="/api/track-record">/api/track-record</a>.</p>
${failureGroups(backtest)}
</section>`;
}

function prospectiveSection(record: TrackRecord): string {
  const { outcomes, distribution, laterVersions } = record;
  const outcomeRows = outcomes
    .map(
      (band) =>
        `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(RISK_LEVEL_LABELS[band.riskLevel])}</th><td class="${TH}">${band.reports}</td><td class="${TH}">${band.observable}</td><td class="${TH}">${band.observable === 0 ? 'Not observable yet' : escapeHtml(shareText(band.withIncident, band.observable))}</td><td class="${TH}">${band.incidents}</td></tr>`,
    )
    .join('');
  const distributionRows =
    distribution.length === 0
      ? `<tr><td class="${TH}" colspan="${RISK_LEVELS.length + 2}">No public report yet.</td></tr>`
      : distribution
          .map(
            (entry) =>
              `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(entry.methodologyVersion)}</th><td class="${TH}">${entry.reports}</td>${RISK_LEVELS.map((level) => `<td class="${TH}">${escapeHtml(shareText(entry.byBand[level], entry.reports))}</td>`).join('')}</tr>`,
          )
          .join('');
  const computed = record.computedAt.slice(0, 16).replace('T', ' ');
  return `<section aria-labelledby="prospective-title" class="${CARD}" data-testid="prospective">
<h2 id="prospective-title" class="${H2}">Real public reports and what happened after them</h2>
<p class="mt-3 text-sm">Computed from the ${record.publicReports} completed public report${record.publicReports === 1 ? '' : 's'} in our database and the incident list named below; nothing is written by hand. Computed ${escapeHtml(computed)} UTC. With fewer than ${TRACK_RECORD_MIN_FOR_PERCENT} reports in a group we give counts, not percentages.</p>
<h3 id="outcomes-title" class="mt-6 text-lg font-semibold">Incidents after a report, by the risk level it gave</h3>
<p class="mt-2 text-sm">An incident is a hack, exploit, rug pull, collapse, depeg, fraud case or regulator action recorded in the incident list ${escapeHtml(record.incidentList.dataset)} (compiled ${escapeHtml(record.incidentList.compiled)}, ${record.incidentList.incidents} incidents, each linked to a public write-up). Only reports dated before the list was compiled can have a recorded future in it: the others are counted as not observable yet.</p>
${scrollable(
  'Incidents after a report',
  `<table class="${TABLE}"><caption class="text-left text-sm text-muted">Reports per risk level and the incidents recorded after their date</caption>
<thead><tr class="border-b border-border"><th scope="col" class="${TH}">Risk level</th><th scope="col" class="${TH}">Reports</th><th scope="col" class="${TH}">Observable</th><th scope="col" class="${TH}">With an incident later</th><th scope="col" class="${TH}">Incidents later</th></tr></thead>
<tbody>${outcomeRows}</tbody></table>`,
)}
<h3 class="mt-6 text-lg font-semibold">Risk levels per methodology version</h3>
${scrollable(
  'Risk levels per methodology version',
  `<table class="${TABLE}"><caption class="text-left text-sm text-muted">How many reports each methodology version placed in each risk level</caption>
<thead><tr class="border-b border-border"><th scope="col" class="${TH}">Methodology</th><th scope="col" class="${TH}">Reports</th>${RISK_LEVELS.map((level) => `<th scope="col" class="${TH}">${escapeHtml(RISK_LEVEL_LABELS[level])}</th>`).join('')}</tr></thead>
<tbody>${distributionRows}</tbody></table>`,
)}
<h3 class="mt-6 text-lg font-semibold">Did a later version change the verdict?</h3>
<p class="mt-2 text-sm">${
    laterVersions.pairs === 0
      ? 'No asset has a second public version yet.'
      : `Of ${laterVersions.pairs} later version${laterVersions.pairs === 1 ? '' : 's'} of an asset's report, ${escapeHtml(shareText(laterVersions.bandChanged, laterVersions.pairs))} gave a different risk level than the version before.`
  }</p>
</section>`;
}

/** The page body: an introduction, the prospective record, then the back-test apart. */
export function renderTrackRecordBody(record: TrackRecord, backtest: Backtest | null): string {
  return `<p class="mb-6 text-muted">How the ratings held up. Two records, kept apart: the real public reports and the incidents recorded after them, and a back-test of every month since 2020 rated now on that month’s data. <a class="underline" href="/documentation">How the scores are made</a>; the figures as JSON: <a class="underline" href="/api/track-record">/api/track-record</a>.</p>
${prospectiveSection(record)}
${backtestSection(backtest)}`;
}
