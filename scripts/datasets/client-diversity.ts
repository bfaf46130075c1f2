// Ethereum's client shares (decision 0243), into server/research/datasets/public/
// client-diversity.json (called by build.ts, which owns the mirror helpers). Every
// `_data/*.json` file of etheralpha/clientdiversity-org that holds readings is read whole at the
// mirror's HEAD; every reading is kept.
import {
  CLIENT_DIVERSITY_FILES,
  parseClientDiversityFile,
} from '../../server/research/datasets/import/client-diversity';
import type { MirrorHelpers } from './market';

const REPO = 'etheralpha/clientdiversity-org';

/** Writes client-diversity.json and returns the line the build prints about it. */
export function buildClientDiversity({ git, datasetOf, write }: Omit<MirrorHelpers, 'snapshotIds'>): string {
  const paths = git(REPO, 'ls-tree', '--name-only', 'HEAD', '_data/')
    .trim()
    .split('\n')
    .filter((path) => path.endsWith('.json'));
  const unknown = paths.filter((path) => !CLIENT_DIVERSITY_FILES[path]);
  const absent = Object.keys(CLIENT_DIVERSITY_FILES).filter((path) => !paths.includes(path));
  if (unknown.length || absent.length)
    throw new Error(`client-diversity files changed: new ${unknown.join(', ')}; gone ${absent.join(', ')}`);
  // MIT: LICENSE at the repository root (Copyright (c) 2021 Ether Alpha).
  const dataset = datasetOf(REPO, 'MIT');
  const files = paths.map((path) => parseClientDiversityFile(git(REPO, 'show', `HEAD:${path}`), path));
  write('client-diversity.json', { dataset, files });
  return `client diversity: ${files.map((f) => `${f.path} ${f.readings.length} readings to ${f.readings.at(-1)!.date}`).join('; ')}`;
}
