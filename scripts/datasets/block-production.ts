// Block-production concentration of the catalogue's chains from the Blockchain Technology Lab's
// EDI outputs (decision 0333), into server/research/datasets/public/block-production.json (called
// by build.ts, which owns the mirror helpers). Each ledger's clustered file is read whole at the
// mirror's HEAD.
import { EDI_LEDGERS, parseEdiConsensusCsv } from '../../server/research/datasets/import/edi-consensus';
import type { MirrorHelpers } from './market';

const REPO = 'Blockchain-Technology-Lab/edi-frontend';

/** Writes block-production.json and returns the line the build prints about it. */
export function buildBlockProduction({ git, datasetOf, write }: Omit<MirrorHelpers, 'snapshotIds'>): string {
  // No LICENSE file and no license field in package.json: facts only.
  const dataset = datasetOf(REPO, 'none declared (facts only)');
  const records = Object.entries(EDI_LEDGERS).map(([ledger, id]) => {
    const path = `public/output/consensus/${ledger}/output_clustered.csv`;
    return { id, ledger, path, readings: parseEdiConsensusCsv(git(REPO, 'show', `HEAD:${path}`), ledger) };
  });
  write('block-production.json', { dataset, records });
  return `block production: ${records.map((r) => `${r.ledger} ${r.readings.length} months to ${r.readings.at(-1)!.date}`).join('; ')}`;
}
