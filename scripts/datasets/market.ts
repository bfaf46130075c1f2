// The market files of the offline demo (decision 0241), into server/research/datasets/public/
// market/market.json (called by build.ts, which owns the mirror helpers). Every file is read
// whole at its mirror's HEAD; what is kept is derived here from all its rows.
import {
  monthlyByAsset,
  parseCmcMonthly,
  parseCoinGeckoMarkets,
  summarizeDailyHistory,
} from '../../server/research/datasets/import/market';
import { CMC_ASSET_MAP } from '../../server/research/datasets/import/market-asset-map';

const MARKET_REPO = 'smoothbrainquant/trading-for-new-dads';
const BITCOIN_REPO = 'RobACA2026/operational-governance-engine';
// Neither repository declares a license (no LICENSE file, none in README or pyproject at the
// commits read): only facts are taken, credited to the publisher and to the copy.
const NO_LICENSE = 'none declared (facts only)';

export interface MirrorHelpers {
  git: (repo: string, ...args: string[]) => string;
  datasetOf: (
    repo: string,
    license: string,
  ) => { name: string; version: string; committedAt: string; license: string; url: string };
  snapshotIds: ReadonlySet<unknown>;
  write: (name: string, value: unknown) => void;
}

/** Writes market/market.json and returns the line the build prints about it. */
export function buildMarket({ git, datasetOf, snapshotIds, write }: MirrorHelpers): string {
  const unknown = Object.keys(CMC_ASSET_MAP).filter((id) => !snapshotIds.has(id));
  if (unknown.length) throw new Error(`market map names unknown assets: ${unknown.join(', ')}`);

  const paths = git(MARKET_REPO, 'ls-tree', '--name-only', 'HEAD', 'data/raw/')
    .trim()
    .split('\n')
    .filter((path) => /^data\/raw\/coinmarketcap_monthly_\d{8}\.csv$/.test(path))
    .sort();
  const snapshots = paths.map((path) => {
    const rows = parseCmcMonthly(git(MARKET_REPO, 'show', `HEAD:${path}`), path);
    const dates = new Set(rows.map((row) => row.date));
    if (dates.size !== 1) throw new Error(`${path}: ${dates.size} snapshot dates`);
    return { date: [...dates][0]!, path, rows };
  });
  const { months, assets } = monthlyByAsset(snapshots, CMC_ASSET_MAP);
  const unmatched = Object.keys(CMC_ASSET_MAP).filter((id) => !assets.some((a) => a.id === id));
  if (unmatched.length) throw new Error(`market map listings match no row: ${unmatched.join(', ')}`);

  const coingeckoPath = 'data/raw/coingecko_market_data_20251103.csv';
  const coingecko = parseCoinGeckoMarkets(git(MARKET_REPO, 'show', `HEAD:${coingeckoPath}`), coingeckoPath);

  const bitcoinPath = 'btc-usd-max.csv';
  const bitcoin = summarizeDailyHistory(git(BITCOIN_REPO, 'show', `HEAD:${bitcoinPath}`), bitcoinPath);

  const market = datasetOf(MARKET_REPO, NO_LICENSE);
  write('market/market.json', {
    cmcMonthly: {
      dataset: market,
      publisher: 'CoinMarketCap',
      months,
      paths: snapshots.map((s) => s.path),
      assets: assets.sort((a, b) => (a.id ?? '~').localeCompare(b.id ?? '~') || a.key.localeCompare(b.key)),
    },
    coingeckoMarkets: {
      dataset: market,
      publisher: 'CoinGecko',
      path: coingeckoPath,
      records: coingecko.filter((row) => snapshotIds.has(row.id)),
    },
    bitcoinDaily: {
      dataset: datasetOf(BITCOIN_REPO, NO_LICENSE),
      publisher: 'CoinGecko',
      path: bitcoinPath,
      assetId: 'bitcoin',
      ...bitcoin,
    },
  });
  const mapped = assets.filter((a) => a.id !== null);
  return `market: ${months.length} monthly snapshots (${months[0]} to ${months.at(-1)}), ${assets.length} assets, ${mapped.length} in the catalogue; CoinGecko markets: ${coingecko.filter((row) => snapshotIds.has(row.id)).length} of ${coingecko.length} in the catalogue; Bitcoin daily ${bitcoin.firstPricedDate} to ${bitcoin.lastPricedDate}`;
}
