import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { ASSET_KINDS } from '../evidence';

// OFFLINE DEMO SNAPSHOT — not live data. The figures live as dated JSON under
// server/research/datasets/snapshot-YYYY-MM-DD/ (one file per group plus a manifest); this module
// validates them at load, so a malformed entry stops the server instead of producing a report.
// The newest dated directory is the snapshot in use; every fact taken from it cites its label
// and date.

const ratio = z.number().min(0).max(1);
const usd = z.number().nonnegative();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

const auditReportSchema = z.object({
  auditor: z.string().min(1),
  date: z.string().optional(),
  url: z.string().url().optional(),
});

const hackSchema = z.object({
  name: z.string().min(1),
  date: isoDate,
  amountUsd: usd,
  returnedUsd: usd,
  technique: z.string().optional(),
  link: z.string().url().optional(),
});

export const snapshotAssetSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'a CoinGecko-style id'),
    name: z.string().min(1),
    symbol: z.string().min(1),
    aliases: z.array(z.string().min(1)).optional(),
    rank: z.number().int().positive(),
    kind: z.enum(ASSET_KINDS),
    /** Host chain of a token; absent for a chain's native coin. */
    platform: z.string().optional(),
    /** Null when market-data sites no longer track the asset (delisted after a failure). */
    marketCapUsd: usd.nullable(),
    volume24hUsd: usd.nullable(),
    circulating: z.number().nonnegative(),
    total: z.number().nonnegative(),
    max: z.number().positive().nullable(),
    watchlistUsers: z.number().int().nonnegative(),
    genesisDate: isoDate,
    athChangeRatio: z.number().min(-1).max(0),
    team: z.object({ identified: z.boolean(), publicCode: z.boolean(), note: z.string().min(1) }),
    description: z.string().min(1),
    categories: z.array(z.string().min(1)).min(1),
    liquidity: z
      .object({
        exchangeCount: z.number().int().nonnegative(),
        medianSpread: ratio.optional(),
        depthPlus2Usd: usd.optional(),
        depthMinus2Usd: usd.optional(),
      })
      .optional(),
    social: z
      .object({
        twitterFollowers: z.number().int().nonnegative().optional(),
        redditSubscribers: z.number().int().nonnegative().optional(),
        telegramUsers: z.number().int().nonnegative().optional(),
        links: z.array(z.string().url()),
      })
      .optional(),
    developer: z
      .object({
        commits4Weeks: z.number().int().nonnegative(),
        contributors: z.number().int().nonnegative(),
        stars: z.number().int().nonnegative().optional(),
        repoUrl: z.string().url().optional(),
      })
      .optional(),
    priceHistory: z
      .object({
        maxDrawdown: ratio,
        annualisedVolatility: z.number().nonnegative(),
        days: z.number().int().positive(),
      })
      .optional(),
    holders: z
      .object({
        top10Share: ratio,
        top10ShareExcludingLabelled: ratio.optional(),
        holderCount: z.number().int().nonnegative().optional(),
        largest: z.array(
          z.object({ address: z.string().min(1), share: ratio, label: z.string().optional() }),
        ),
      })
      .optional(),
    audits: z.object({
      count: z.number().int().nonnegative(),
      latestYear: z.number().int().min(2009).max(2100).optional(),
      reports: z.array(auditReportSchema).optional(),
    }),
    hacks: z.array(hackSchema),
    tvl: z
      .object({ currentUsd: usd, change30d: z.number().optional(), change365d: z.number().optional() })
      .optional(),
  })
  .strict()
  .refine((asset) => asset.circulating <= asset.total * 1.0001, 'circulating supply exceeds total supply')
  .refine(
    (asset) => asset.max === null || asset.total <= asset.max * 1.0001,
    'total supply exceeds max supply',
  )
  .refine(
    (asset) =>
      asset.holders?.top10ShareExcludingLabelled === undefined ||
      asset.holders.top10ShareExcludingLabelled <= asset.holders.top10Share,
    'the share excluding labelled wallets exceeds the top-10 share',
  );
export type SnapshotAsset = z.infer<typeof snapshotAssetSchema>;

export const snapshotGroupSchema = z
  .object({ group: z.string().min(1), assets: z.array(snapshotAssetSchema) })
  .strict();

export const snapshotManifestSchema = z
  .object({ date: isoDate, label: z.string().min(1), notes: z.array(z.string()) })
  .strict();

export const SNAPSHOT_DATA_ROOT = new URL('../datasets/', import.meta.url);

/** The newest `snapshot-YYYY-MM-DD` directory under server/research/datasets. */
export function latestSnapshotDirectory(root: URL = SNAPSHOT_DATA_ROOT): URL {
  const dated = readdirSync(root)
    .filter((name) => /^snapshot-\d{4}-\d{2}-\d{2}$/.test(name))
    .sort();
  const newest = dated.at(-1);
  if (!newest) throw new Error(`no dated snapshot directory in ${root.pathname}`);
  return new URL(`${newest}/`, root);
}

export interface LoadedSnapshot {
  date: string;
  label: string;
  assets: SnapshotAsset[];
  /** The group files read, in order. */
  files: string[];
}

const readJson = (url: URL): unknown => JSON.parse(readFileSync(url, 'utf8'));

/** Reads and validates one dated snapshot directory; throws with the file and path of any error. */
export function loadSnapshot(directory: URL): LoadedSnapshot {
  const manifest = snapshotManifestSchema.parse(readJson(new URL('manifest.json', directory)));
  if (!directory.pathname.endsWith(`snapshot-${manifest.date}/`)) {
    throw new Error(
      `snapshot manifest date ${manifest.date} does not match its directory ${directory.pathname}`,
    );
  }
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
    .sort();
  const assets: SnapshotAsset[] = [];
  const ids = new Set<string>();
  for (const file of files) {
    const parsed = snapshotGroupSchema.safeParse(readJson(new URL(file, directory)));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`snapshot file ${file}: ${issue?.path.join('.')}: ${issue?.message}`);
    }
    for (const asset of parsed.data.assets) {
      if (ids.has(asset.id)) throw new Error(`snapshot file ${file}: duplicate asset id ${asset.id}`);
      ids.add(asset.id);
      assets.push(asset);
    }
  }
  return { date: manifest.date, label: manifest.label, assets, files };
}

const snapshot = loadSnapshot(latestSnapshotDirectory());

export const SNAPSHOT_DATE = snapshot.date;
export const SNAPSHOT_DATASET = snapshot.label;
/** Ordered by market-cap rank. */
export const SNAPSHOT_ASSETS: readonly SnapshotAsset[] = [...snapshot.assets].sort((a, b) => a.rank - b.rank);
