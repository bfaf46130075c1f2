// Rebuilds server/research/datasets/public/ from public repositories fetched beforehand (run by
// hand, never at test time): `node --import tsx scripts/datasets/build.ts <mirror-root>` where
// <mirror-root> holds `<owner>+<name>/repo` bare git directories. Every record keeps the
// dataset, commit, file and license it came from.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseHackLabsReadme } from '../../server/research/datasets/import/defihacklabs';
import {
  importProblem,
  type UnlockRecord,
  unlockRecordOf,
} from '../../server/research/datasets/import/emissions';
import { HACK_ASSET_MAP } from '../../server/research/datasets/import/hack-asset-map';
import { peggedRecordsOf } from '../../server/research/datasets/import/pegged';
import { buildAudits } from './audits';
import { buildBlockProduction } from './block-production';
import { buildChains } from './chains';
import { buildClientDiversity } from './client-diversity';
import { buildEcosystems } from './ecosystems';
import { buildListings } from './listings';
import { buildMarket } from './market';
import { buildSecEnforcement } from './sec-enforcement';
import { buildTokenContracts } from './token-labels';
import { buildW3igg } from './web3isgoinggreat';

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

// `build.ts <mirror-root> client-diversity,token-labels` rebuilds only the files named (the other
// parts need their own mirrors): hacks (with stablecoins and unlocks), audits, market,
// client-diversity, token-labels, chains, sec-enforcement, listings, ecosystems, block-production,
// web3isgoinggreat (no mirror).
const only = process.argv[3]?.split(',');
const wanted = (part: string) => !only || only.includes(part);

const write = (name: string, value: unknown) => {
  mkdirSync(dirname(new URL(name, out).pathname), { recursive: true });
  // The market history is written one asset to a line, the client shares and block production one
  // reading to a line, the listed coins one coin to a line: indented, they would be ten times longer.
  const text = name.startsWith('market/')
    ? JSON.stringify(value).replace(/(\{"id":)/g, '\n$1')
    : name === 'client-diversity.json' || name === 'block-production.json'
      ? JSON.stringify(value).replace(/(\{"date":)/g, '\n$1')
      : name === 'listings.json'
        ? JSON.stringify(value).replace(/(\{"cmcId":|"assets":|"coins":)/g, '\n$1')
        : name === 'web3isgoinggreat.json'
          ? JSON.stringify(value).replace(
              /(\{"id":|"path":|"attribution":|"transcription":|"records":)/g,
              '\n$1',
            )
          : JSON.stringify(value, null, 1);
  writeFileSync(new URL(name, out), `${text}\n`);
};
if (wanted('hacks')) {
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

  // emissions-adapters: no license declared; facts only (see decisions 0170 and 0172). The
  // protocol files are evaluated from a temporary directory with the three helper files they may
  // import; any other import means chain or API calls, and the adapter is skipped.
  const EMISSIONS = 'DefiLlama/emissions-adapters';
  const emissions = datasetOf(EMISSIONS, 'none declared (facts only)');
  const unlockWork = mkdtempSync(join(tmpdir(), 'emissions-'));
  const copyFromMirror = (path: string) => {
    mkdirSync(dirname(join(unlockWork, path)), { recursive: true });
    writeFileSync(join(unlockWork, path), git(EMISSIONS, 'show', `HEAD:${path}`));
  };
  for (const helper of ['types/adapters.ts', 'adapters/manual.ts', 'utils/time.ts']) copyFromMirror(helper);
  // utils/time.ts imports dayjs for date formatting the schedules never call; a stand-in that
  // throws keeps any adapter that would need it out.
  mkdirSync(join(unlockWork, 'node_modules/dayjs'), { recursive: true });
  writeFileSync(join(unlockWork, 'node_modules/dayjs/package.json'), '{"name":"dayjs","main":"index.js"}');
  writeFileSync(
    join(unlockWork, 'node_modules/dayjs/index.js'),
    "module.exports = () => { throw new Error('dayjs is not available at build time'); };",
  );
  const unlockRecords: UnlockRecord[] = [];
  const unlockSkips: string[] = [];
  for (const path of git(EMISSIONS, 'ls-tree', '--name-only', 'HEAD', 'protocols/').trim().split('\n')) {
    if (!path.endsWith('.ts')) continue;
    const source = git(EMISSIONS, 'show', `HEAD:${path}`);
    // The literal token, when the file spells it out, only decides whether a skip is worth printing:
    // the match itself is the evaluated meta.token.
    const literal = /token:\s*["'`]coingecko:([a-z0-9-]+)["'`]/.exec(source)?.[1];
    const problem = importProblem(source);
    if (problem) {
      if (literal && snapshotIds.has(literal)) unlockSkips.push(`${path}: ${problem}`);
      continue;
    }
    copyFromMirror(path);
    let outcome: ReturnType<typeof unlockRecordOf>;
    try {
      const module = await import(pathToFileURL(join(unlockWork, path)).href);
      outcome = unlockRecordOf(module.default?.default ?? module.default, path);
    } catch (error) {
      outcome = { skipped: `evaluation failed: ${(error as Error).message.split('\n')[0]}` };
    }
    if ('skipped' in outcome) {
      if (literal && snapshotIds.has(literal)) unlockSkips.push(`${path}: ${outcome.skipped}`);
    } else if (!snapshotIds.has(outcome.record.geckoId)) continue;
    else if (unlockRecords.some((r) => r.geckoId === outcome.record.geckoId))
      unlockSkips.push(`${path}: a second schedule for ${outcome.record.geckoId}`);
    else unlockRecords.push(outcome.record);
  }
  unlockRecords.sort((a, b) => a.geckoId.localeCompare(b.geckoId));

  write('hacks.json', { dataset: hackLabs, records: hackRecords });
  write('stablecoins.json', { dataset: pegged, records: stablecoins });
  write('unlocks.json', { dataset: emissions, records: unlockRecords });
  process.stdout.write(
    `hacks: ${hackRecords.length} (${hackRecords.filter((h) => h.assets.length).length} matched); stablecoins: ${stablecoins.length}; unlocks: ${unlockRecords.length}\n`,
  );
  for (const skip of unlockSkips) process.stdout.write(`unlocks skipped ${skip}\n`);
}
// Published audits of the firms' own listings (scripts/datasets/audits.ts).
if (wanted('audits')) process.stdout.write(`${buildAudits({ git, datasetOf, snapshotIds, write })}\n`);
// Market figures of the offline demo (scripts/datasets/market.ts, decision 0241).
if (wanted('market')) process.stdout.write(`${buildMarket({ git, datasetOf, snapshotIds, write })}\n`);
// Ethereum's client shares (scripts/datasets/client-diversity.ts, decision 0243).
if (wanted('client-diversity')) process.stdout.write(`${buildClientDiversity({ git, datasetOf, write })}\n`);
// The catalogue's token contracts (scripts/datasets/token-labels.ts, decision 0244).
if (wanted('token-labels')) {
  const catalogue: { id: string; symbol: string }[] = JSON.parse(
    readFileSync(new URL('assets.json', out), 'utf8'),
  ).assets;
  const symbolOf = (id: string) => catalogue.find((a) => a.id === id)?.symbol;
  process.stdout.write(`${buildTokenContracts({ git, datasetOf, write }, symbolOf)}\n`);
}
// The catalogue's chains from DefiLlama's chain list (scripts/datasets/chains.ts, decision 0274).
if (wanted('chains')) process.stdout.write(`${buildChains(mirrorRoot, snapshotIds, write)}\n`);
// The SEC's enforcement actions naming tokens (scripts/datasets/sec-enforcement.ts, decision 0311).
if (wanted('sec-enforcement'))
  process.stdout.write(`${buildSecEnforcement({ git, datasetOf, snapshotIds, write })}\n`);
// Molly White's Web3 is Going Just Great, from its transcription (scripts/datasets/web3isgoinggreat.ts, decision 0312).
if (wanted('web3isgoinggreat')) process.stdout.write(`${buildW3igg({ snapshotIds, write })}\n`);
// First and last days of price data from CoinMarketCap's list (scripts/datasets/listings.ts, decision 0340).
if (wanted('listings')) {
  const catalogue = JSON.parse(readFileSync(new URL('assets.json', out), 'utf8')).assets;
  process.stdout.write(`${buildListings(mirrorRoot, catalogue, { git, datasetOf, write })}\n`);
}
// Public code per project from Electric Capital's taxonomy (scripts/datasets/ecosystems.ts, decision 0330).
if (wanted('ecosystems')) process.stdout.write(`${buildEcosystems({ git, datasetOf, write })}\n`);
// Block-production concentration from the EDI outputs (scripts/datasets/block-production.ts, decision 0333).
if (wanted('block-production')) process.stdout.write(`${buildBlockProduction({ git, datasetOf, write })}\n`);
