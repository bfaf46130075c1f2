// Rebuilds server/research/datasets/public/ from public repositories fetched beforehand (run by
// hand, never at test time): `node --import tsx scripts/datasets/build.ts <mirror-root>` where
// <mirror-root> holds `<owner>+<name>/repo` bare git directories. Every record keeps the
// dataset, commit, file and license it came from.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseHackLabsReadme } from '../../server/research/datasets/import/defihacklabs';
import { HACK_ASSET_MAP } from '../../server/research/datasets/import/hack-asset-map';
import { peggedRecordsOf } from '../../server/research/datasets/import/pegged';
import { buildAudits } from './audits';

const mirrorRoot = process.argv[2] ?? '/work/.mirror';
const out = new URL('../../server/research/datasets/public/', import.meta.url);
const snapshotIds = new Set(
  JSON.parse(readFileSync(new URL('assets.json', out), 'utf8')).assets.map((a: { id: string }) => a.id),
);

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-C', join(mirrorRoot, repo.replace('/', '+'), 'repo'), ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

function datasetOf(repo: string, license: string) {
  const [commit, committedAt] = git(repo, 'log', '-1', '--format=%H %cI').trim().split(' ');
  return {
    name: repo,
    version: commit!,
    committedAt: new Date(committedAt!).toISOString().slice(0, 10),
    license,
    url: `https://github.com/${repo}/tree/${commit}`,
  };
}

// DeFiHackLabs: Apache-2.0 (LICENSE at the repository root).
const hackLabs = datasetOf('SunWeb3Sec/DeFiHackLabs', 'Apache-2.0');
const readmes = [
  'README.md',
  ...git('SunWeb3Sec/DeFiHackLabs', 'ls-tree', '--name-only', 'HEAD', 'past/')
    .trim()
    .split('\n')
    .map((dir) => `${dir}/README.md`),
];
const hacks = readmes.flatMap((path) =>
  parseHackLabsReadme(git('SunWeb3Sec/DeFiHackLabs', 'show', `HEAD:${path}`), path),
);
const unknownKeys = Object.keys(HACK_ASSET_MAP).filter((key) => !hacks.some((h) => h.key === key));
if (unknownKeys.length) throw new Error(`hack map names entries the list lacks: ${unknownKeys.join(', ')}`);
const hackRecords = hacks
  .map((h) => ({ ...h, assets: HACK_ASSET_MAP[h.key] ?? [] }))
  .sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));

// peggedassets-server: no license declared; facts only (see decision 0170).
const pegged = datasetOf('DefiLlama/peggedassets-server', 'none declared (facts only)');
const work = mkdtempSync(join(tmpdir(), 'pegged-'));
writeFileSync(
  join(work, 'types.ts'),
  git('DefiLlama/peggedassets-server', 'show', 'HEAD:src/peggedData/types.ts'),
);
writeFileSync(
  join(work, 'peggedData.ts'),
  git('DefiLlama/peggedassets-server', 'show', 'HEAD:src/peggedData/peggedData.ts'),
);
const registry = (await import(pathToFileURL(join(work, 'peggedData.ts')).href)).default;
const stablecoins = peggedRecordsOf(registry)
  .filter((r) => snapshotIds.has(r.geckoId))
  .map((r) => ({ ...r, path: 'src/peggedData/peggedData.ts' }));

const write = (name: string, value: unknown) =>
  writeFileSync(new URL(name, out), `${JSON.stringify(value, null, 1)}\n`);
write('hacks.json', { dataset: hackLabs, records: hackRecords });
write('stablecoins.json', { dataset: pegged, records: stablecoins });
process.stdout.write(
  `hacks: ${hackRecords.length} (${hackRecords.filter((h) => h.assets.length).length} matched); stablecoins: ${stablecoins.length}\n`,
);
// Published audits of the firms' own listings (scripts/datasets/audits.ts).
process.stdout.write(`${buildAudits({ git, datasetOf, snapshotIds, write })}\n`);
