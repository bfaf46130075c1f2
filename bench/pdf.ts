import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { buildReportDocument } from '../server/pdf/document';
import { renderReportPdf } from '../server/pdf/render';
import { renderAndStorePdf } from '../server/pdf/store';
import { sampleReportRows, seedSampleReport } from '../server/testing/sample-report';
import { load, printTable, startBenchApp } from './support';

// npm run bench:pdf — render time and peak memory of a full 12-category report, and the
// throughput of downloading the stored PDF beside a bare Fastify route in the same run.

const RENDERS = 30;
const PASSWORD = 'Sturdy#Pass1';
/** The render median in bare-route requests before issue 48's changes (median of three runs). */
const RENDER_IN_BARE_REQUESTS_BEFORE = 38;

async function measureRendering() {
  const { report, progress } = sampleReportRows('Ethereum');
  const document = buildReportDocument(report, progress);
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS + 3; i++) {
    const started = performance.now();
    const pdf = await renderReportPdf(document, { appName: 'Crow Research' });
    if (i >= 3) times.push(performance.now() - started); // the first renders load fonts and warm up
    bytes = pdf.length;
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const peakMb = peakRss / 1024 / 1024;
  console.info(
    `render: median ${median.toFixed(1)} ms, p90 ${times[Math.floor(times.length * 0.9)]!.toFixed(1)} ms over ${RENDERS} renders; ${(bytes / 1024).toFixed(0)} kB per file`,
  );
  console.info(`peak RSS while rendering: ${peakMb.toFixed(0)} MB`);
  return { median, peakMb };
}

async function measureDownload() {
  const bench = await startBenchApp();
  const register = await fetch(`${bench.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'pdf_bench',
      email: 'pdf@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  });
  const { user } = (await register.json()) as { user: { id: number } };
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;
  const reportId = await seedSampleReport(bench.ctx.db, { assetName: 'Ethereum', buyerUserId: user.id });
  const stored = await renderAndStorePdf(bench.ctx, reportId);
  if (!stored) throw new Error('the sample report did not render');

  const bare = Fastify();
  // The same bytes as the stored PDF: the load generator decodes every body as UTF-8, and binary
  // data costs it far more than filler bytes would, so only identical bodies compare fairly.
  bare.get('/bare', async (_request, reply) => reply.type('application/pdf').send(stored.pdf));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bare`;

  const url = `${bench.baseUrl}/api/reports/${reportId}/pdf`;
  await load('warm-up', url, { seconds: 2, headers: { cookie } });
  const baseline = await load(
    `bare route sending the same ${(stored.sizeBytes / 1024).toFixed(0)} kB`,
    bareUrl,
  );
  const download = await load('GET /api/reports/:id/pdf (stored)', url, { headers: { cookie } });
  const me = await load('GET /api/auth/me (same app, for scale)', `${bench.baseUrl}/api/auth/me`, {
    seconds: 4,
    headers: { cookie },
  });
  console.info('');
  printTable([baseline, download, me], baseline);
  await bare.close();
  await bench.stop();
  return {
    bareRps: baseline.requestsPerSecond,
    downloadRps: download.requestsPerSecond,
    cpuRatio: baseline.cpuUsPerRequest / download.cpuUsPerRequest,
  };
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const rendering = await measureRendering();
const downloads = await measureDownload();
// Issue 48's goals. The render median is counted in bare-route requests of the same run, so a
// busy host's speed cancels out.
const downloadRatio = downloads.downloadRps / downloads.bareRps;
const renderInBareRequests = (rendering.median * downloads.bareRps) / 1000;
console.info(
  `\nstored-PDF download at ${(downloadRatio * 100).toFixed(0)}% of the bare route (goal >= 60%): ${met(downloadRatio >= 0.6)}; by CPU per request ${(downloads.cpuRatio * 100).toFixed(0)}%`,
);
console.info(
  `render peak RSS ${rendering.peakMb.toFixed(0)} MB (goal <= 200 MB): ${met(rendering.peakMb <= 200)}`,
);
console.info(
  `render median ${rendering.median.toFixed(1)} ms = ${renderInBareRequests.toFixed(1)} bare-route requests (goal <= ${RENDER_IN_BARE_REQUESTS_BEFORE}, issue 48's code in the same measure): ${met(renderInBareRequests <= RENDER_IN_BARE_REQUESTS_BEFORE)}`,
);
