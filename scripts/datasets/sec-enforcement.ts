// The SEC's blockchain enforcement actions as ChoiceCoin/Solana-Compliance collected them
// (Apache-2.0, Database/License.txt and LICENSE), into
// server/research/datasets/public/sec-enforcement.json (called by build.ts). Every row is kept;
// the reviewed map (datasets/import/sec-asset-map.ts) says which catalogue assets a row concerns.

import { SEC_ASSET_MAP } from '../../server/research/datasets/import/sec-asset-map';
import { parseSecEnforcementCsv } from '../../server/research/datasets/import/sec-enforcement';

const REPO = 'ChoiceCoin/Solana-Compliance';
const PATH = 'Database/Enforcement/SecuritiesEnforcement.csv';

interface BuildTools {
  git: (repo: string, ...args: string[]) => string;
  datasetOf: (repo: string, license: string) => unknown;
  snapshotIds: ReadonlySet<unknown>;
  write: (name: string, value: unknown) => void;
}

/** Writes sec-enforcement.json and returns the line the build prints about it. */
export function buildSecEnforcement({ git, datasetOf, snapshotIds, write }: BuildTools): string {
  const rows = parseSecEnforcementCsv(git(REPO, 'show', `HEAD:${PATH}`));
  const keys = new Set(rows.map((row) => row.key));
  const unknownKeys = Object.keys(SEC_ASSET_MAP).filter((key) => !keys.has(key));
  if (unknownKeys.length) throw new Error(`SEC map names rows the file lacks: ${unknownKeys.join(', ')}`);
  const unknownAssets = Object.values(SEC_ASSET_MAP)
    .flat()
    .filter((id) => !snapshotIds.has(id));
  if (unknownAssets.length) throw new Error(`SEC map names unknown assets: ${unknownAssets.join(', ')}`);
  const records = rows
    .map((row) => ({ ...row, assets: SEC_ASSET_MAP[row.key] ?? [] }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));
  write('sec-enforcement.json', { dataset: datasetOf(REPO, 'Apache-2.0'), path: PATH, records });
  return `sec-enforcement: ${records.length} actions read, ${records.filter((r) => r.assets.length).length} linked to catalogue assets`;
}
