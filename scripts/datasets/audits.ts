// The published audits of the firms' own report listings, into audits.json (called by build.ts,
// which owns the mirror helpers). Every listing is read at its mirror's HEAD; a map key that no
// record carries stops the build, so the reviewed map cannot silently drift from the listings.
import { AUDIT_ASSET_MAP } from '../../server/research/datasets/import/audit-asset-map';
import {
  AUDIT_LISTINGS,
  type AuditDataset,
  auditRecordsOf,
} from '../../server/research/datasets/import/audits';

// The listings' licenses, from each repository's root at the commit read: only Trail of Bits
// declares one (LICENSE: Creative Commons Attribution-ShareAlike 4.0); from the others only facts
// are taken, as from peggedassets-server.
const LICENSES: Record<string, string> = {
  'trailofbits/publications': 'CC-BY-SA-4.0',
  'sigp/public-audits': 'none declared (facts only)',
  'Certora/SecurityReports': 'none declared (facts only)',
  'Cyfrin/cyfrin-audit-reports': 'none declared (facts only)',
};

interface MirrorHelpers {
  git: (repo: string, ...args: string[]) => string;
  datasetOf: (repo: string, license: string) => AuditDataset;
  snapshotIds: ReadonlySet<unknown>;
  write: (name: string, value: unknown) => void;
}

/** Writes audits.json and returns the line the build prints about it. */
export function buildAudits({ git, datasetOf, snapshotIds, write }: MirrorHelpers): string {
  const datasets: AuditDataset[] = [];
  const records = AUDIT_LISTINGS.flatMap((listing) => {
    const license = LICENSES[listing.repo];
    if (!license) throw new Error(`audits: no license recorded for ${listing.repo}`);
    const dataset = datasetOf(listing.repo, license);
    datasets.push(dataset);
    const files = new Set(git(listing.repo, 'ls-tree', '-r', '-z', '--name-only', 'HEAD').split('\0'));
    const readme = git(listing.repo, 'show', 'HEAD:README.md');
    const { records, missing } = auditRecordsOf(listing, readme, files, dataset, AUDIT_ASSET_MAP);
    for (const path of missing)
      process.stdout.write(`audits: ${listing.repo} lists ${path}, not in its tree\n`);
    return records;
  });
  const unknownKeys = Object.keys(AUDIT_ASSET_MAP).filter((key) => !records.some((r) => r.key === key));
  if (unknownKeys.length)
    throw new Error(`audit map names reports the listings lack: ${unknownKeys.join(', ')}`);
  const unknownAssets = records.flatMap((r) => r.assets).filter((id) => !snapshotIds.has(id));
  if (unknownAssets.length) throw new Error(`audit map names unknown assets: ${unknownAssets.join(', ')}`);
  records.sort((a, b) => b.date.localeCompare(a.date) || a.key.localeCompare(b.key));
  write('audits.json', { datasets, records });
  return `audits: ${records.length} (${records.filter((r) => r.assets.length).length} matched)`;
}
