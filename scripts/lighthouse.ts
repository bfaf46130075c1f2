import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// npm run lighthouse — builds and starts the app on a throwaway embedded database, runs
// Lighthouse (mobile preset) in Debian's Chromium on every public page and prints the four
// category scores per page. Target (issue 12): 98 or more on all four, on every page.
// Not part of npm test: it takes about 15 s a page.

const PAGES = [
  '/',
  '/documentation',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/disclaimer',
  '/login',
  '/register',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess) {
  for (let i = 0; i < 240; i += 1) {
    if (app.exitCode !== null) throw new Error(`the server exited with code ${app.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become healthy within 2 minutes');
}

async function main() {
  const build = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
  if ((await new Promise((resolve) => build.on('exit', resolve))) !== 0) throw new Error('build failed');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'crow-lighthouse-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const app = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await waitForHealth(origin, app);
    const rows: string[][] = [];
    let below = 0;
    for (const page of PAGES) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const categories = result?.lhr.categories ?? {};
      const scores = CATEGORIES.map((key) => Math.round((categories[key]?.score ?? 0) * 100));
      below += scores.filter((score) => score < 98).length;
      rows.push([page, ...scores.map(String)]);
      console.info(`${page}: ${CATEGORIES.map((key, i) => `${key} ${scores[i]}`).join(', ')}`);
    }
    const header = ['page', ...CATEGORIES];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    console.info(`\nLighthouse (mobile preset), target 98 on every category of every page`);
    console.info(header.map((h, i) => h.padEnd(widths[i]!)).join('  '));
    for (const row of rows) console.info(row.map((c, i) => c.padEnd(widths[i]!)).join('  '));
    console.info(below === 0 ? 'All scores at 98 or more.' : `${below} score(s) below 98.`);
  } finally {
    chrome.kill();
    app.kill('SIGTERM');
    await new Promise((resolve) => app.on('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
