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
const CARD = 'mb-8 overflow-x-auto rounded-lg border border-border bg-card p-6';
const H2 = 'text-xl font-semibold';

// The matrix's last column is not a band: an asset missing from the next snapshot.
const transitionColumnLabel = (column: string) =>
  (BACKTEST_BANDS as readonly string[]).includes(column) ? backtestBandLabel(column as BacktestBand) : column;

/** "3 of 12" below 20, "30 of 400 (7.5%, 95% CI 5.3–10.5%)" at or above it. */
function rateText(failures: number, observable: number, low: number | null, high: number | null): string {
  if (observable === 0) return 'not observable yet';
  if (observable < TRACK_RECORD_MIN_FOR_PERCENT || low === null || high === null)
    return `${failures} of ${observable}`;
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  return `${failures} of ${observable} (${pct(failures / observable)}; 95% interval ${pct(low)}–${pct(high)})`;
}

/** The cumulative accuracy profiles as an inline SVG: 90, 180 and 365 days, the diagonal and axes. */
export function capChart(accuracy: Backtest['versions'][number]['accuracy']): string {
  const size = 300;
  const pad = 40;
  const plot = size - pad - 10;
  const x = (v: number) => (pad + v * plot).toFixed(1);
  const y = (v: number) => (10 + (1 - v) * plot).toFixed(1);
  const styles = ['stroke-dasharray="2 3"', 'stroke-dasharray="6 3"', ''];
  const lines = accuracy
    .map(
      (a, i) =>
        `<polyline data-cap="${a.days}" fill="none" stroke="currentColor" stroke-width="${i === accuracy.length - 1 ? 2.5 : 1.5}" ${styles[i] ?? ''} points="${a.cap.map(([cx, cy]) => `${x(cx)},${y(cy)}`).join(' ')}"/>`,
    )
    .join('');
  const ticks = [0, 0.5, 1]
    .map(
      (t) =>
        `<text x="${x(t)}" y="${size - 14}" text-anchor="middle" font-size="11" fill="currentColor">${t * 100}%</text><text x="${pad - 6}" y="${Number(y(t)) + 4}" text-anchor="end" font-size="11" fill="currentColor">${t * 100}%</text>`,
    )
    .join('');
  const described = accuracy
    .map((a) => `${a.days} days: accuracy ratio ${a.ratio === null ? 'not measurable' : a.ratio.toFixed(2)}`)
    .join('; ');
  return `<figure class="mt-4"><svg role="img" aria-labelledby="cap-title cap-desc" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" class="max-w-full text-fg" data-testid="cap-chart">
<title id="cap-title">Cumulative accuracy profile of the back-test</title><desc id="cap-desc">Share of failures caught (up) against share of ratings taken, riskiest first (across). ${escapeHtml(described)}. The dotted diagonal is a rating that knows nothing.</desc>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(0)}" stroke="currentColor"/><line x1="${x(0)}" y1="${y(0)}" x2="${x(0)}" y2="${y(1)}" stroke="currentColor"/>
<line x1="${x(0)}" y1="${y(0)}" x2="${x(1)}" y2="${y(1)}" stroke="currentColor" stroke-opacity="0.5" stroke-dasharray="1 4"/>
${lines}${ticks}</svg>
<figcaption class="mt-2 text-sm text-muted">Across: share of ratings, riskiest first (band, then total). Up: share of the failures they caught. Lines: 365 days (solid), 180 days (dashed), 90 days (dotted); the diagonal is a rating that knows nothing. ${escapeHtml(described)}.</figcaption></figure>`;
}

function backtestSection(backtest: Backtest | null): string {
  if (!backtest)
    return `<section aria-labelledby="backtest-title" class="${CARD}"><h2 id="backtest-title" class="${H2}">Back-test</h2><p class="mt-3 text-sm">The back-test is built from the offline demo's market files (<code>npm run research:backtest</code>); this deployment does not hold them.</p></section>`;
  const version = backtest.versions[0]!;
  const horizonHeads = (days: readonly number[]) =>
    days.map((d) => `<th scope="col" class="${TH}">Failed within ${d} days</th>`).join('');
  const sections = backtest.versions
    .map((v) => {
      const rows = v.bands
        .filter((b) => b.ratings > 0)
        .map(
          (b) =>
            `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(backtestBandLabel(b.band))}</th><td class="${TH}">${b.ratings}</td>${b.horizons.map((h) => `<td class="${TH}">${escapeHtml(rateText(h.failures, h.observable, h.low, h.high))}</td>`).join('')}</tr>`,
        )
        .join('');
      const rank = v.rankOrder
        .map(
          (r) =>
            `<li><strong>${r.days} days:</strong> ${r.holds ? 'rank order holds: no better band failed more often than a worse one.' : `rank order breaks: ${escapeHtml(r.breaks.join('; '))}.`}</li>`,
        )
        .join('');
      const accuracy = v.accuracy
        .map(
          (a) =>
            `<li><strong>${a.days} days:</strong> accuracy ratio ${a.ratio === null ? 'not measurable (no failures)' : a.ratio.toFixed(2)}, over ${a.rated} rated ratings with ${a.failures} failures.</li>`,
        )
        .join('');
      const matrix = `<table class="${TABLE}" data-testid="transition-matrix"><caption class="text-left text-sm text-muted">Band in one monthly snapshot (rows) against the band in the next (columns), counts of ratings</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">From</th>${v.transitions.to.map((t) => `<th scope="col" class="${TH}">${escapeHtml(transitionColumnLabel(t))}</th>`).join('')}</tr></thead><tbody>${v.transitions.from
        .map((from, i) =>
          v.transitions.counts[i]!.some((n) => n > 0)
            ? `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(backtestBandLabel(from))}</th>${v.transitions.counts[i]!.map((n) => `<td class="${TH}">${n}</td>`).join('')}</tr>`
            : '',
        )
        .join('')}</tbody></table>`;
      return `<h3 class="mt-6 text-lg font-semibold">Methodology ${escapeHtml(v.methodologyVersion)}: ${v.ratings} ratings</h3>
<table class="${TABLE}" data-testid="backtest-bands"><caption class="text-left text-sm text-muted">Ratings per risk level and how many failed within 90, 180 and 365 days (failure rate with its Wilson 95% interval from ${TRACK_RECORD_MIN_FOR_PERCENT} observable ratings; counts below). Observable: the whole period lies before the newest snapshot.</caption>
<thead><tr class="border-b border-border"><th scope="col" class="${TH}">Risk level</th><th scope="col" class="${TH}">Ratings</th>${horizonHeads(v.bands[0]!.horizons.map((h) => h.days))}</tr></thead><tbody>${rows}</tbody></table>
<h3 class="mt-6 text-lg font-semibold">Rank order</h3><ul class="mt-2 list-disc space-y-1 pl-5 text-sm">${rank}</ul>
<h3 class="mt-6 text-lg font-semibold">Accuracy ratio</h3><ul class="mt-2 list-disc space-y-1 pl-5 text-sm">${accuracy}</ul>
${capChart(v.accuracy)}
<h3 class="mt-6 text-lg font-semibold">Month to month</h3>${matrix}`;
    })
    .join('');
  const named = backtest.namedCases
    .map((c) => `<li><strong>${escapeHtml(c.name)}:</strong> ${escapeHtml(c.note)}</li>`)
    .join('');
  // One row per asset (its first failure and the rating before it, the category scores that
  // rating used): every failure with its full evidence is in /api/track-record, and the named
  // cases show theirs here. A row per failure with every fact made a page of 1.3 MB.
  const byAsset = new Map<string, BacktestFailure[]>();
  for (const f of backtest.failures) byAsset.set(f.assetId, [...(byAsset.get(f.assetId) ?? []), f]);
  const failures = [...byAsset.values()]
    .map((list) => {
      const f = list[0]!;
      const scores = f.before.categories.map((c) => `${c.name} ${c.score}/5`).join(' · ');
      // "(USDT)" beside Tether, nothing beside USDC: a name is not repeated as its symbol.
      const symbols = nameWithSymbols(f.assetName, f.symbols).slice(f.assetName.length).trim();
      return `<tr class="${ROW}"><th scope="row" class="${TH} font-medium">${escapeHtml(f.assetName)}${symbols ? ` <span class="font-normal text-muted">${escapeHtml(symbols)}</span>` : ''}</th><td class="${TH}">${escapeHtml(backtestBandLabel(f.before.band))}, ${f.before.total} of 77 on ${f.before.asOf}: ${escapeHtml(scores)}</td><td class="${TH}">${f.event.date}</td><td class="${TH}"><a class="underline" href="${escapeHtml(f.event.url)}">${escapeHtml(f.event.kind)}</a>: ${escapeHtml(f.event.description)}${list.length > 1 ? ` <span class="text-muted">(and ${list.length - 1} later failure${list.length === 2 ? '' : 's'})</span>` : ''}</td></tr>`;
    })
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
        `<details class="mt-2 text-sm"><summary class="cursor-pointer underline">Evidence used for ${escapeHtml(c.failure!.assetName)} on ${c.failure!.before.asOf}</summary><ul class="mt-1 list-disc space-y-1 pl-5">${evidenceOf(c.failure!)}</ul></details>`,
    )
    .join('');
  return `<section aria-labelledby="backtest-title" class="${CARD}" data-testid="backtest">
<h2 id="backtest-title" class="${H2}">Back-test: every month since ${backtest.firstAsOf.slice(0, 7)}, rated on that month’s data</h2>
<p class="mt-3 rounded-md border border-border bg-subtle p-3 text-sm"><strong>This is a back-test.</strong> ${escapeHtml(backtest.notice)} It is kept apart from the record of real public reports above.</p>
<p class="mt-3 text-sm">On each of ${backtest.months} monthly snapshot days from ${backtest.firstAsOf} to ${backtest.lastAsOf}, every asset in ${escapeHtml(backtest.data[0]!.name)} (${backtest.assets} assets, followed by identity: Terra Classic stays Terra after LUNA became LUNC) was rated with methodology ${escapeHtml(version.methodologyVersion)}, from the figures, exploits, incidents and audits dated on or before that day only. A failure is the first of: a knockout incident (fraud, collapse, lost peg, bankruptcy) in the curated list; an exploit losing at least $1 million in DeFiHackLabs; a later snapshot price at least 80% below the rating day’s; for a stablecoin, a later snapshot price below $0.97. Each links its record.</p>
<p class="mt-2 text-sm text-muted">Limits: snapshots are monthly and list the top 200 only, so a fall between snapshots or after an asset leaves the list is not seen; smaller assets leave the list more often, which understates their failures. Data: ${backtest.data.map((d) => `<a class="underline" href="${escapeHtml(d.url)}">${escapeHtml(d.name)}</a> (${escapeHtml(d.note)})`).join('; ')}.</p>
${sections}
<h3 class="mt-6 text-lg font-semibold">The failures named in advance</h3><ul class="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="named-cases">${named}</ul>${namedEvidence}
<h3 class="mt-6 text-lg font-semibold">Failures, by asset (${backtest.failures.length} failures of ${byAsset.size} assets)</h3>
<table class="${TABLE}" data-testid="failure-list"><caption class="text-left text-sm text-muted">Each asset’s first failure, with the last rating before it and that rating’s category scores. Every failure with the facts each rating used: <a class="underline" href="/api/track-record">/api/track-record</a>.</caption><thead><tr class="border-b border-border"><th scope="col" class="${TH}">Asset</th><th scope="col" class="${TH}">Rating before</th><th scope="col" class="${TH}">Date</th><th scope="col" class="${TH}">What happened</th></tr></thead><tbody>${failures}</tbody></table>
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
<table class="${TABLE}"><caption class="text-left text-sm text-muted">Reports per risk level and the incidents recorded after their date</caption>
<thead><tr class="border-b border-border"><th scope="col" class="${TH}">Risk level</th><th scope="col" class="${TH}">Reports</th><th scope="col" class="${TH}">Observable</th><th scope="col" class="${TH}">With an incident later</th><th scope="col" class="${TH}">Incidents later</th></tr></thead>
<tbody>${outcomeRows}</tbody></table>
<h3 class="mt-6 text-lg font-semibold">Risk levels per methodology version</h3>
<table class="${TABLE}"><caption class="text-left text-sm text-muted">How many reports each methodology version placed in each risk level</caption>
<thead><tr class="border-b border-border"><th scope="col" class="${TH}">Methodology</th><th scope="col" class="${TH}">Reports</th>${RISK_LEVELS.map((level) => `<th scope="col" class="${TH}">${escapeHtml(RISK_LEVEL_LABELS[level])}</th>`).join('')}</tr></thead>
<tbody>${distributionRows}</tbody></table>
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
