// The catalogue's token contracts (decision 0244), into server/research/datasets/public/
// token-contracts.json (called by build.ts, which owns the mirror helpers). tokens.csv of
// dawsbot/eth-labels is read whole at the mirror's HEAD; the reviewed map picks the rows.
import { TOKEN_CONTRACT_MAP } from '../../server/research/datasets/import/token-contract-map';
import { parseTokenLabels, tokenContractsOf } from '../../server/research/datasets/import/token-labels';
import type { MirrorHelpers } from './market';

const REPO = 'dawsbot/eth-labels';
const PATH = 'data/csv/tokens.csv';

/** Writes token-contracts.json and returns the line the build prints about it. */
export function buildTokenContracts(
  { git, datasetOf, write }: Omit<MirrorHelpers, 'snapshotIds'>,
  symbolOf: (id: string) => string | undefined,
): string {
  const rows = parseTokenLabels(git(REPO, 'show', `HEAD:${PATH}`), PATH);
  const records = tokenContractsOf(rows, TOKEN_CONTRACT_MAP, symbolOf).sort((a, b) =>
    a.id.localeCompare(b.id),
  );
  // MIT: LICENSE at the repository root (Copyright (c) 2022 Dawson Botsford).
  write('token-contracts.json', {
    dataset: datasetOf(REPO, 'MIT'),
    path: PATH,
    rowsRead: rows.length,
    records,
  });
  return `token contracts: ${rows.length} rows of ${PATH} read, ${records.length} catalogue tokens matched`;
}
