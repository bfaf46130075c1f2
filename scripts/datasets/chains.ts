// The catalogue's chains from DefiLlama's chain list (decision 0274), into
// server/research/datasets/public/chains.json (called by build.ts). The repository is too large
// to mirror, so the build reads a saved copy of the one file at the pinned commit,
// <mirror-root>/DefiLlama+defillama-server/normalizeChain.ts, and refuses any other text.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chainRecordsOf, listedChainsOf } from '../../server/research/datasets/import/defillama-chains';

const REPO = 'DefiLlama/defillama-server';
const PATH = 'defi/src/utils/normalizeChain.ts';
const COMMIT = '0e2b0351d06c421c1b42e81c6d22a2262528a0a4';
/** sha256 of the file at COMMIT (30,149 characters). */
const SHA256 = '498cc6d1f8aa351c96c4f3a1e52aaadc5bcb675042774f23a0c4c8d73bb5126a';
/** The day the copy was read from the stored repository. */
const RETRIEVED_AT = '2026-11-26';

/** Writes chains.json and returns the line the build prints about it. */
export function buildChains(
  mirrorRoot: string,
  snapshotIds: ReadonlySet<unknown>,
  write: (name: string, value: unknown) => void,
): string {
  const text = readFileSync(join(mirrorRoot, REPO.replace('/', '+'), 'normalizeChain.ts'), 'utf8');
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (sha256 !== SHA256) throw new Error(`chain list: the saved copy is not ${PATH} at ${COMMIT}`);
  const chains = listedChainsOf(text);
  const records = chainRecordsOf(chains, snapshotIds);
  write('chains.json', {
    dataset: {
      name: REPO,
      version: COMMIT,
      // No LICENSE file and no license field in package.json ("private": true): facts only.
      license: 'none declared (facts only)',
      url: `https://github.com/${REPO}/tree/${COMMIT}`,
      retrievedAt: RETRIEVED_AT,
    },
    path: PATH,
    sha256,
    chainsRead: chains.length,
    records,
  });
  return `chains: ${chains.length} entries of ${PATH} read, ${records.length} catalogue coins matched`;
}
