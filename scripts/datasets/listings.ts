// CoinMarketCap's coin list as sstoeckl/crypto2 saved it (MIT), into server/research/datasets/
// public/listings.json: each coin's first and last days of price data, and which coin each
// catalogue asset is (called by build.ts, which owns the mirror helpers).
import { execFileSync } from 'node:child_process';
import { cmcCoinsOf, readRds } from '../../server/research/datasets/import/cmc-listings';
import { listingAssetMap } from '../../server/research/datasets/import/listing-asset-map';
import type { MirrorHelpers } from './market';

const REPO = 'sstoeckl/crypto2';
const PATH = 'tests/testthat/test_data/crypto_list_reference.rds';

/** Writes listings.json and returns the line the build prints about it. */
export function buildListings(
  mirrorRoot: string,
  catalogue: readonly { id: string; name: string; symbol: string; aliases?: string[] }[],
  { git, datasetOf, write }: Pick<MirrorHelpers, 'git' | 'datasetOf' | 'write'>,
): string {
  // The file is binary (gzip), so it is read as bytes, not through the text helper.
  const bytes = execFileSync(
    'git',
    ['-C', `${mirrorRoot}/${REPO.replace('/', '+')}/repo`, 'show', `HEAD:${PATH}`],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const coins = cmcCoinsOf(readRds(bytes)).sort((a, b) => a.cmcId - b.cmcId);
  // The day the list was saved: the commit that last wrote the file, not the repository's HEAD.
  const savedAt = new Date(git(REPO, 'log', '-1', '--format=%cI', 'HEAD', '--', PATH).trim())
    .toISOString()
    .slice(0, 10);
  const { assets, unmatched } = listingAssetMap(catalogue, coins);
  // LICENSE.md at the repository root: MIT, copyright the crypto2 authors.
  write('listings.json', {
    dataset: datasetOf(REPO, 'MIT'),
    publisher: 'CoinMarketCap',
    path: PATH,
    savedAt,
    note: 'CoinMarketCap’s active coins when the list was saved, each with its first and last days of price data; a coin listed later, or no longer tracked then, is absent.',
    assets,
    coins,
  });
  return `listings: ${coins.length} coins saved ${savedAt}; ${Object.keys(assets).length} of ${catalogue.length} catalogue assets matched; not in the list: ${unmatched.join(', ')}`;
}
