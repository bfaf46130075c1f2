import type { CmcCoin } from './cmc-listings';
import { CMC_ASSET_MAP } from './market-asset-map';

// Which coin of CoinMarketCap's list (sstoeckl/crypto2, saved 2024-06-12) is each catalogue asset.
// A coin matches when its symbol is the asset's and its slug is the asset's CoinGecko id or its
// name is one the catalogue or the reviewed market map spells; of several, the one whose slug is
// the id. The reviewed entries below settle what that rule cannot: an asset renamed with a new
// token keeps one identity, so its first listing is its first name's (POL was MATIC, Sonic was
// Fantom, Kaia was Klaytn, Render was RNDR, Neutrino USD's coin is listed as XTN), and two coins
// of one name are told apart.
export const REVIEWED_LISTINGS: Record<string, { cmcId: number; name: string; symbol: string; why: string }> =
  {
    'polygon-ecosystem-token': {
      cmcId: 3890,
      name: 'Polygon',
      symbol: 'MATIC',
      why: 'POL is Polygon’s MATIC migrated one to one; CoinMarketCap lists POL itself only from 2023-10-30',
    },
    'sonic-3': {
      cmcId: 3513,
      name: 'Fantom',
      symbol: 'FTM',
      why: 'Sonic’s S is Fantom’s FTM migrated one to one',
    },
    kaia: {
      cmcId: 4256,
      name: 'Klaytn',
      symbol: 'KLAY',
      why: 'Kaia’s KAIA is Klaytn’s KLAY converted one to one',
    },
    'render-token': {
      cmcId: 5690,
      name: 'Render',
      symbol: 'RNDR',
      why: 'Render’s token was RNDR before it became RENDER',
    },
    neutrino: {
      cmcId: 5068,
      name: 'Neutrino Index',
      symbol: 'XTN',
      why: 'CoinMarketCap lists Neutrino USD’s coin under its later name (slug neutrino-usd)',
    },
    'terra-luna-2': {
      cmcId: 20314,
      name: 'Terra',
      symbol: 'LUNA',
      why: 'the new chain’s LUNA (slug terra-luna-v2), not the original chain’s coin',
    },
    'jupiter-exchange-solana': {
      cmcId: 29210,
      name: 'Jupiter',
      symbol: 'JUP',
      why: 'the Solana aggregator’s JUP (slug jupiter-ag), not the 2017 coin of the same name',
    },
    popcat: {
      cmcId: 28782,
      name: 'Popcat (SOL)',
      symbol: 'POPCAT',
      why: 'the Solana coin the market files name Popcat (SOL), not the later POPCAT (slug popcat-cash)',
    },
  };

/** The catalogue asset → CoinMarketCap id map, and the assets the list does not hold. */
export function listingAssetMap(
  catalogue: readonly { id: string; name: string; symbol: string; aliases?: string[] }[],
  coins: readonly CmcCoin[],
): { assets: Record<string, number>; unmatched: string[] } {
  const byId = new Map(coins.map((coin) => [coin.cmcId, coin]));
  const lower = (text: string) => text.toLowerCase();
  const assets: Record<string, number> = {};
  const unmatched: string[] = [];
  for (const asset of catalogue) {
    const reviewed = REVIEWED_LISTINGS[asset.id];
    if (reviewed) {
      const coin = byId.get(reviewed.cmcId);
      if (coin?.name !== reviewed.name || coin.symbol !== reviewed.symbol)
        throw new Error(`reviewed listing of ${asset.id} is not ${reviewed.name} (${reviewed.symbol})`);
      assets[asset.id] = reviewed.cmcId;
      continue;
    }
    const names = new Set(
      [
        asset.name,
        ...(asset.aliases ?? []),
        ...(CMC_ASSET_MAP[asset.id] ?? []).map((listing) => listing.name),
      ].map(lower),
    );
    const candidates = coins.filter(
      (coin) =>
        lower(coin.symbol) === lower(asset.symbol) && (coin.slug === asset.id || names.has(lower(coin.name))),
    );
    const chosen =
      candidates.length === 1 ? candidates[0] : candidates.find((coin) => coin.slug === asset.id);
    if (chosen) assets[asset.id] = chosen.cmcId;
    else if (candidates.length > 1)
      throw new Error(`${asset.id}: ${candidates.length} coins of its name and symbol, review them`);
    else unmatched.push(asset.id);
  }
  return { assets, unmatched };
}
