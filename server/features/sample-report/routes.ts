import type { FastifyInstance } from 'fastify';
import { FINANCIAL_DISCLAIMER, RULES_WRITER_TEXT } from '../../../contract/constants';
import { chosenTheme, THEME_COOKIE } from '../../../contract/site';
import type { WebContext } from '../../context';
import { contentDisposition } from '../../pdf/file-name';
import { renderReportPdf } from '../../pdf/render';
import { sampleReport } from './sample';

// The sample report, readable signed out: GET /sample-report (one complete HTML document,
// readable without JavaScript) and GET /sample-report.pdf (the same report as a bought report's
// PDF). Linked from the landing page and its pricing box.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (html: string) =>
  html.replace(/https?:\/\/[^\s<)]+/g, (url) => `<a href="${url}">${url}</a>`);

// Dark when chosen with the toggle (.dark), or when the system is dark and no theme was chosen.
const DARK =
  'color-scheme:dark;--bg:#0b1120;--fg:#f3f4f6;--muted:#cbd5e1;--border:#334155;--card:#111827;--link:#93c5fd';
const STYLE = `
:root{--bg:#ffffff;--fg:#111827;--muted:#4b5563;--border:#d1d5db;--card:#f9fafb;--link:#1d4ed8}
.dark{${DARK}}@media (prefers-color-scheme:dark){:root:not(.light){${DARK}}}
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,sans-serif;background:var(--bg);color:var(--fg);line-height:1.55}
a{color:var(--link);overflow-wrap:anywhere}header,main,footer{max-width:60rem;margin:0 auto;padding:1rem}
header nav{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}header nav a:first-child{font-weight:700;margin-right:auto;text-decoration:none;color:var(--fg)}
h1{font-size:2rem;margin:.5rem 0}p{white-space:pre-line}.note{background:var(--card);border:1px solid var(--border);border-radius:.5rem;padding:.75rem 1rem}
.muted{color:var(--muted)}footer{border-top:1px solid var(--border);font-size:.85rem;color:var(--muted)}
`;

export async function sampleReportRoutes(app: FastifyInstance, ctx: WebContext) {
  const offlineDemo = ctx.config.researchData === 'offline';

  app.get('/sample-report', async (request, reply) => {
    const sample = await sampleReport(offlineDemo);
    const theme = chosenTheme(request.cookies[THEME_COOKIE]);
    const paragraphs = sample.text
      .split('\n\n')
      .map((paragraph) => `<p>${linkify(escapeHtml(paragraph))}</p>`)
      .join('\n');
    const title = `Sample report: ${sample.assetName} — ${ctx.config.APP_NAME}`;
    const html = `<!doctype html><html lang="en"${theme ? ` class="${theme}"` : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="description" content="A complete sample research report on ${escapeHtml(sample.assetName)}: what a report holds before you buy one."><style>${STYLE}</style></head><body>
<header><nav aria-label="Site"><a href="/">${escapeHtml(ctx.config.APP_NAME)}</a><a href="/register">Register</a><a href="/login">Sign In</a></nav></header>
<main><h1>Sample report: ${escapeHtml(sample.assetName)}</h1>
<p class="note">This is a complete report, as a buyer receives it, written on ${sample.day} from the ${offlineDemo ? 'offline demo’s dated public datasets' : 'dated public datasets'} by the same research steps as a bought report.${sample.document.sections?.writer === 'rules' ? ` ${escapeHtml(RULES_WRITER_TEXT)}` : ''} <a href="/sample-report.pdf">Download it as a PDF</a>.</p>
${paragraphs}
</main><footer><p>${escapeHtml(FINANCIAL_DISCLAIMER)}</p></footer></body></html>`;
    return reply
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.get('/sample-report.pdf', async (_request, reply) => {
    const sample = await sampleReport(offlineDemo);
    const pdf = await renderReportPdf(sample.document, { appName: ctx.config.APP_NAME });
    return reply
      .header('cache-control', 'public, max-age=3600')
      .header('content-disposition', contentDisposition(`${sample.assetName} sample`))
      .type('application/pdf')
      .send(pdf);
  });
}
