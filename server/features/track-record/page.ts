import { FINANCIAL_DISCLAIMER } from '../../../contract/constants';
import { RISK_LEVEL_LABELS, RISK_LEVELS } from '../../../contract/methodology';
import { shareText, TRACK_RECORD_MIN_FOR_PERCENT, type TrackRecord } from '../../../contract/track-record';

// The track record as one complete HTML document: readable without JavaScript, the site's colours
// in both themes (the theme cookie picks one), and nothing for the browser to run.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
:root{--bg:#ffffff;--fg:#111827;--muted:#4b5563;--border:#d1d5db;--card:#f9fafb;--link:#1d4ed8}
.dark{--bg:#0b1120;--fg:#f3f4f6;--muted:#cbd5e1;--border:#334155;--card:#111827;--link:#93c5fd}
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,sans-serif;background:var(--bg);color:var(--fg);line-height:1.55}
a{color:var(--link)}header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}
header nav{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}header nav a:first-child{font-weight:700;margin-right:auto;text-decoration:none;color:var(--fg)}
h1{font-size:2rem;margin:.5rem 0}h2{font-size:1.35rem;margin-top:2rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--border);vertical-align:top}
thead th{border-bottom:2px solid var(--border)}section{background:var(--card);border:1px solid var(--border);border-radius:.5rem;padding:0 1rem 1rem;margin:1rem 0}
@media (max-width:40rem){table{font-size:.85rem}th,td{padding:.4rem .3rem;overflow-wrap:anywhere}section{padding:0 .6rem .6rem}}
.muted{color:var(--muted)}footer{border-top:1px solid var(--border);font-size:.85rem;color:var(--muted)}
`;

export function renderTrackRecordPage(
  record: TrackRecord,
  options: { appName: string; theme: 'light' | 'dark'; origin: string },
): string {
  const { outcomes, distribution, laterVersions } = record;
  const outcomeRows = outcomes
    .map(
      (band) =>
        `<tr><th scope="row">${escapeHtml(RISK_LEVEL_LABELS[band.riskLevel])}</th><td>${band.reports}</td><td>${band.observable}</td><td>${band.observable === 0 ? 'Not observable yet' : escapeHtml(shareText(band.withIncident, band.observable))}</td><td>${band.incidents}</td></tr>`,
    )
    .join('');
  const distributionRows =
    distribution.length === 0
      ? `<tr><td colspan="${RISK_LEVELS.length + 2}">No public report yet.</td></tr>`
      : distribution
          .map(
            (entry) =>
              `<tr><th scope="row">${escapeHtml(entry.methodologyVersion)}</th><td>${entry.reports}</td>${RISK_LEVELS.map((level) => `<td>${escapeHtml(shareText(entry.byBand[level], entry.reports))}</td>`).join('')}</tr>`,
          )
          .join('');
  const computed = record.computedAt.slice(0, 16).replace('T', ' ');
  const title = `Track record — ${options.appName}`;
  const description =
    'How the ratings held up: incidents recorded after each public report, by the risk level it gave, and how the bands moved across methodology versions.';
  return `<!doctype html>
<html lang="en" class="${options.theme}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}">
<link rel="canonical" href="${escapeHtml(options.origin)}/track-record"><style>${STYLE}</style></head>
<body>
<header><nav aria-label="Site"><a href="/">${escapeHtml(options.appName)}</a><a href="/documentation">Research methodology</a><a href="/track-record" aria-current="page">Track record</a><a href="/dashboard">Dashboard</a></nav></header>
<main>
<h1>Track record</h1>
<p>${escapeHtml(description)} Everything on this page is computed from the ${record.publicReports} completed public report${record.publicReports === 1 ? '' : 's'} in our database and the incident list named below; nothing is written by hand.</p>
<p class="muted">Computed ${escapeHtml(computed)} UTC. With fewer than ${TRACK_RECORD_MIN_FOR_PERCENT} reports in a group we give counts, not percentages: a percentage of a handful says more than it knows.</p>

<section aria-labelledby="outcomes-title">
<h2 id="outcomes-title">Incidents after a report, by the risk level it gave</h2>
<p>An incident is a hack, exploit, rug pull, collapse, depeg, fraud case or regulator action recorded in the incident list ${escapeHtml(record.incidentList.dataset)} (compiled ${escapeHtml(record.incidentList.compiled)}, ${record.incidentList.incidents} incidents, each linked to a public write-up). Only reports dated before the list was compiled can have a recorded future in it: the others are counted as not observable yet.</p>
<table><caption class="muted">Reports per risk level and the incidents recorded after their date</caption>
<thead><tr><th scope="col">Risk level</th><th scope="col">Reports</th><th scope="col">Observable</th><th scope="col">With an incident later</th><th scope="col">Incidents later</th></tr></thead>
<tbody>${outcomeRows}</tbody></table>
</section>

<section aria-labelledby="distribution-title">
<h2 id="distribution-title">Risk levels per methodology version</h2>
<table><caption class="muted">How many reports each methodology version placed in each risk level</caption>
<thead><tr><th scope="col">Methodology</th><th scope="col">Reports</th>${RISK_LEVELS.map((level) => `<th scope="col">${escapeHtml(RISK_LEVEL_LABELS[level])}</th>`).join('')}</tr></thead>
<tbody>${distributionRows}</tbody></table>
</section>

<section aria-labelledby="versions-title">
<h2 id="versions-title">Did a later version change the verdict?</h2>
<p>${
    laterVersions.pairs === 0
      ? 'No asset has a second public version yet.'
      : `Of ${laterVersions.pairs} later version${laterVersions.pairs === 1 ? '' : 's'} of an asset's report, ${escapeHtml(shareText(laterVersions.bandChanged, laterVersions.pairs))} gave a different risk level than the version before.`
  }</p>
</section>
<p><a href="/documentation">How the scores are made</a></p>
</main>
<footer><p>${escapeHtml(FINANCIAL_DISCLAIMER)}</p><p><a href="/disclaimer">Disclaimer</a> · <a href="/privacy-policy">Privacy Policy</a> · <a href="/terms-of-service">Terms of Service</a></p></footer>
</body></html>`;
}
