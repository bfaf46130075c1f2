import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import type { Fact } from '../evidence';
import { datasetRef, datasetSchema, PUBLIC_DATA_DIRECTORY } from './snapshot-data';

// CoinMarketCap's first day of price data for each catalogue asset, from its coin list as
// sstoeckl/crypto2 saved it (MIT; scripts/datasets/listings.ts, decision 0340): the asset's
// first listing, where the monthly market files can only say it was listed in their first file.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const listingsSchema = z.object({
  dataset: datasetSchema,
  publisher: z.string(),
  path: z.string(),
  savedAt: isoDate,
  note: z.string(),
  assets: z.record(z.string(), z.number().int().positive()),
  coins: z.array(
    z
      .object({
        cmcId: z.number().int().positive(),
        name: z.string(),
        symbol: z.string(),
        slug: z.string(),
        firstDate: isoDate,
        lastDate: isoDate,
      })
      .strict(),
  ),
});

const file = listingsSchema.parse(
  JSON.parse(readFileSync(new URL('listings.json', PUBLIC_DATA_DIRECTORY), 'utf8')),
);
const coinsById = new Map(file.coins.map((coin) => [coin.cmcId, coin]));

/**
 * The day CoinMarketCap's price data for the asset begins, dated by its last day in the list
 * (the newest day the list shows it priced). Undefined where the list does not hold the asset.
 */
export function firstListing(asset: { id: string; name: string }): Fact<string> | undefined {
  const cmcId = file.assets[asset.id];
  const coin = cmcId === undefined ? undefined : coinsById.get(cmcId);
  if (!coin) return undefined;
  const { dataset } = file;
  const renamed = coin.name === asset.name ? '' : `, ${asset.name} under that name`;
  const source: Source = {
    title: `${file.publisher} coin list saved ${file.savedAt} (${file.path}, ${dataset.name} at commit ${dataset.version.slice(0, 7)}): ${coin.name} (${coin.symbol}, id ${coin.cmcId}${renamed}), price data from ${coin.firstDate} to ${coin.lastDate}`,
    url: `https://github.com/${dataset.name}/blob/${dataset.version}/${file.path}`,
    publishedAt: coin.lastDate,
    dataset: datasetRef(dataset),
    retrievedAt: `${file.savedAt}T00:00:00.000Z`,
    live: false,
  };
  return { value: coin.firstDate, source };
}
