// Public code per project from electric-capital/crypto-ecosystems (decision 0330), into
// server/research/datasets/public/ecosystems.json (called by build.ts, which owns the mirror
// helpers). Every migration file at the mirror's HEAD is replayed in date order; a file the
// mirror lacks (its largest, which the snapshot leaves out) is named in the output, and the counts
// are then lower bounds.
import {
  ecosystemRecordsOf,
  type Migration,
  replayMigrations,
} from '../../server/research/datasets/import/crypto-ecosystems';
import { ECOSYSTEM_ASSET_MAP } from '../../server/research/datasets/import/ecosystem-asset-map';
import type { MirrorHelpers } from './market';

const REPO = 'electric-capital/crypto-ecosystems';

/** Writes ecosystems.json and returns the line the build prints about it. */
export function buildEcosystems({ git, datasetOf, write }: Omit<MirrorHelpers, 'snapshotIds'>): string {
  // Data CC BY 4.0, code MIT (LICENSE.md at the repository root); the data asks for attribution
  // to "Open Dev Data by Electric Capital".
  const dataset = datasetOf(REPO, 'CC BY 4.0');
  const paths = git(REPO, 'ls-tree', '-z', '--name-only', 'HEAD', 'migrations/').split('\0').filter(Boolean);
  const migrations: Migration[] = [];
  const unread: string[] = [];
  for (const path of paths) {
    try {
      migrations.push({ name: path.slice('migrations/'.length), text: git(REPO, 'show', `HEAD:${path}`) });
    } catch {
      unread.push(path);
    }
  }
  const map = replayMigrations(migrations);
  const unknown = Object.values(ECOSYSTEM_ASSET_MAP).filter((name) => !map.ecosystems.has(name));
  if (unknown.length)
    throw new Error(`ecosystem map names ecosystems the taxonomy lacks: ${unknown.join(', ')}`);
  const records = ecosystemRecordsOf(map, ECOSYSTEM_ASSET_MAP);
  write('ecosystems.json', {
    dataset,
    attribution:
      'Open Dev Data by Electric Capital (https://github.com/electric-capital/open-dev-data), CC BY 4.0',
    asOf: map.asOf,
    migrationsRead: migrations.length,
    migrationsUnread: unread,
    commandsSkipped: map.skipped,
    records,
  });
  return `ecosystems: ${migrations.length} migrations replayed to ${map.asOf} (${unread.length} not in the mirror), ${map.ecosystems.size} ecosystems, ${records.length} catalogue assets`;
}
