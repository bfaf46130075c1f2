import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGES } from '../contract/pages';
import { PAGE_MODULES } from '../server/features/site/page-renderer';

// bench:bundle — the JavaScript each public page loads before it is interactive: the entry chunk,
// its static imports, and the page's own chunks (which the server preloads). Raw, gzip and brotli.
// Target: at most 60 kB gzip per public page. Run `npm run build` first.

const DIST = path.resolve('dist/client');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const BUDGET_GZIP = 60 * 1024;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

if (!existsSync(MANIFEST)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;

function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const next of chunk.imports ?? []) closure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');

// The landing and 404 pages are in the entry chunk; the others load their module (the server's table).
const PAGES_MEASURED: Record<string, string | null> = {
  [PAGES.home.path]: null,
  ...PAGE_MODULES,
  '(404)': null,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const rows: string[][] = [];
let overBudget = 0;
for (const [route, moduleKey] of Object.entries(PAGES_MEASURED)) {
  const keys = closure(entryKey);
  if (moduleKey) closure(moduleKey, keys);
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const bytes = files.map((file) => readFileSync(path.join(DIST, file)));
  const raw = bytes.reduce((sum, b) => sum + b.length, 0);
  const gzip = bytes.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  const brotli = bytes.reduce((sum, b) => sum + brotliCompressSync(b).length, 0);
  if (gzip > BUDGET_GZIP) overBudget += 1;
  rows.push([route, String(files.length), kb(raw), kb(gzip), kb(brotli), gzip > BUDGET_GZIP ? 'over' : 'ok']);
}

const header = ['route', 'files', 'raw', 'gzip', 'brotli', `budget ${kb(BUDGET_GZIP)} gzip`];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
console.info('Initial JavaScript per public page (entry + static imports + the page chunk)');
console.info(line(header));
for (const row of rows) console.info(line(row));
console.info(`${rows.length - overBudget}/${rows.length} pages within the budget`);
