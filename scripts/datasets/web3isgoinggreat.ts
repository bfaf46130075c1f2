// Molly White's "Web3 is Going Just Great" as mirrored in CSV by
// mycodedoesnotcompile2/web3isgoinggreat-csv (web3isgoinggreat.csv at commit 0fd62b9, text CC BY
// 3.0), into server/research/datasets/public/web3isgoinggreat.json (called by build.ts). No
// snapshot of the repository could be fetched here: nine fields of every entry were transcribed
// through the search tool's read_file, 16,000 characters at a time, into
// scripts/datasets/input/web3isgoinggreat.tsv, which this reads. Every entry is kept; the reviewed
// map (datasets/import/w3igg-asset-map.ts) says which catalogue assets an entry concerns.
import { readFileSync } from 'node:fs';
import { W3IGG_ASSET_MAP } from '../../server/research/datasets/import/w3igg-asset-map';
import { parseW3iggTsv } from '../../server/research/datasets/import/web3isgoinggreat';

const REPO = 'mycodedoesnotcompile2/web3isgoinggreat-csv';
const COMMIT = '0fd62b9e0545c8caa802553dcbba215f3a29f76f';
const PATH = 'web3isgoinggreat.csv';
const INPUT = new URL('input/web3isgoinggreat.tsv', import.meta.url);

interface BuildTools {
  snapshotIds: ReadonlySet<unknown>;
  write: (name: string, value: unknown) => void;
}

/** Writes web3isgoinggreat.json and returns the line the build prints about it. */
export function buildW3igg({ snapshotIds, write }: BuildTools): string {
  const entries = parseW3iggTsv(readFileSync(INPUT, 'utf8'));
  const ids = new Set(entries.map((entry) => entry.id));
  if (ids.size !== entries.length) throw new Error('web3isgoinggreat: an entry id appears twice');
  const unknownIds = Object.keys(W3IGG_ASSET_MAP).filter((id) => !ids.has(id));
  if (unknownIds.length) throw new Error(`web3isgoinggreat map names entries the file lacks: ${unknownIds}`);
  const unknownAssets = Object.values(W3IGG_ASSET_MAP)
    .flat()
    .filter((id) => !snapshotIds.has(id));
  if (unknownAssets.length) throw new Error(`web3isgoinggreat map names unknown assets: ${unknownAssets}`);
  const records = entries.map((entry) => ({ ...entry, assets: W3IGG_ASSET_MAP[entry.id] ?? [] }));
  const newest = entries
    .map((entry) => entry.date)
    .sort()
    .at(-1)!;
  write('web3isgoinggreat.json', {
    dataset: {
      name: REPO,
      version: COMMIT,
      committedAt: newest,
      license: 'CC BY 3.0',
      url: `https://github.com/${REPO}/tree/${COMMIT}`,
    },
    path: PATH,
    attribution: 'Molly White, Web3 is Going Just Great, CC BY 3.0',
    transcription: `No snapshot of the repository could be fetched: nine fields of every entry (id, readable_id, theme, collection, blockchain, scam_amount_total, scam_amount_pre_recovery, title, the first link) were transcribed from ${PATH} at commit ${COMMIT.slice(0, 7)} through the search tool's read_file, 16,000 characters at a time (offsets 0 to the end). The commit's own date could not be read: committedAt is the newest entry's day.`,
    records,
  });
  return `web3isgoinggreat: ${records.length} entries read, ${records.filter((r) => r.assets.length).length} linked to catalogue assets`;
}
