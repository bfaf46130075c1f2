import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PUBLIC_DATA } from '../sources/snapshot-data';
import type { MarketFile } from '../sources/snapshot-market';
import type { BacktestIdentity } from './as-of';

// The default study's identities (issue 43, decision 0350): one life per asset across the market
// files' renames, token swaps and redenominations, found in the files themselves (a listing that
// ends where another begins, sharing its symbol or a distinctive name word, with the same
// circulating supply; or a new listing whose name says "ex-" or "prev." of the old symbol), each
// with its class and, for a stablecoin, its peg currency.

export type AssetClass = 'coin' | 'stablecoin' | 'wrapped or gold';

/** One monthly point of an entity: month index, rank, price (redenomination-adjusted), cap, volume. */
export interface EntityPoint {
  month: number;
  rank: number;
  price: number;
  marketCap: number;
  volume: number;
}

export interface StudyEntity {
  /** The identity the study reports it as: the newest member's. */
  id: string;
  name: string;
  /** Indices of the back-test identities (market listings) it joins. */
  members: number[];
  /** Every id its members carry (catalogue ids and listing keys), for dated records. */
  ids: string[];
  assetClass: AssetClass;
  /** A stablecoin's peg currency ("USD", "EUR"); null for other classes or an unknown peg. */
  peg: string | null;
  points: EntityPoint[];
  /** CoinMarketCap's first day of prices for the asset under any of its names; null if not listed. */
  firstListed: string | null;
  /** CoinMarketCap's last day of prices when its list was saved (a full-universe fate); null if absent. */
  tradedUntil: string | null;
}

const listingsSchema = z.object({
  savedAt: z.string(),
  assets: z.record(z.string(), z.number().int()),
  coins: z.array(
    z.object({
      cmcId: z.number().int(),
      name: z.string(),
      symbol: z.string(),
      firstDate: z.string(),
      lastDate: z.string(),
    }),
  ),
});
type CoinListing = z.infer<typeof listingsSchema>['coins'][number];

/**
 * CoinMarketCap's coin list (sstoeckl/crypto2, MIT; decision 0340) by back-test identity: the
 * catalogue's reviewed map, else the one coin of the listing's exact name and symbol.
 */
export function listingsOf(
  identities: readonly BacktestIdentity[],
  market: MarketFile,
): (CoinListing | undefined)[] {
  const file = new URL('../datasets/public/listings.json', import.meta.url);
  const list = listingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const byId = new Map(list.coins.map((c) => [c.cmcId, c]));
  const byName = new Map<string, CoinListing[]>();
  for (const c of list.coins)
    byName.set(`${c.name}|${c.symbol}`, [...(byName.get(`${c.name}|${c.symbol}`) ?? []), c]);
  return identities.map((identity, i) => {
    const mapped = list.assets[identity.id];
    if (mapped !== undefined) return byId.get(mapped);
    const named = market.cmcMonthly.assets[i]!.listings.flatMap(
      (l) => byName.get(`${l.name}|${l.symbol}`) ?? [],
    );
    return new Set(named.map((c) => c.cmcId)).size === 1 ? named[0] : undefined;
  });
}

// Words too common in names to say two listings are one asset.
const COMMON_WORDS = new Set([
  'network',
  'token',
  'coin',
  'protocol',
  'chain',
  'exchange',
  'finance',
  'meme',
  'the',
  'dao',
  'old',
  'new',
  'classic',
  'usd',
]);
const nameWords = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 3 && !COMMON_WORDS.has(w));

type RawPoint = MarketFile['cmcMonthly']['assets'][number]['points'][number];
const SUPPLY_SAME = [0.8, 1.25] as const;
/** A token swap or redenomination: supply changes tenfold or more while the market cap holds. */
const SWAP_SUPPLY_RATIO = 10;
const SWAP_CAP_BAND = [1 / 3, 3] as const;

const within = (value: number, [lo, hi]: readonly [number, number]) => value >= lo && value <= hi;
const isSwap = (from: RawPoint, to: RawPoint) => {
  const supply = to[4] / from[4];
  return (
    from[4] > 0 &&
    from[3] > 0 &&
    (supply >= SWAP_SUPPLY_RATIO || supply <= 1 / SWAP_SUPPLY_RATIO) &&
    within(to[3] / from[3], SWAP_CAP_BAND)
  );
};

/**
 * Pairs of listings (indices into the market file's assets) that are one asset: a rename ("Matic
 * Network" to "Polygon", "Paxos Standard" to "Pax Dollar", "Wootrade" to "WOO Network") or a swap
 * ("MATIC" to "POL (ex-MATIC)", BitTorrent's redenomination), read from the listings alone.
 */
const linksOnce = new WeakMap<MarketFile, [number, number][]>();

export function listingLinks(market: MarketFile): [number, number][] {
  const known = linksOnce.get(market);
  if (known) return known;
  const assets = market.cmcMonthly.assets;
  const links: [number, number][] = [];
  const symbols = assets.map((a) => new Set(a.listings.map((l) => l.symbol.toLowerCase())));
  const words = assets.map((a) => new Set(a.listings.flatMap((l) => nameWords(l.name))));
  // The old symbols a listing's own name points at: "POL (ex-MATIC)", "(prev. MATIC)".
  const pointsAt = assets.map(
    (a) =>
      new Set(
        a.listings.flatMap((l) =>
          [...l.name.matchAll(/\((?:ex|prev\.?)[- ]([A-Za-z0-9]+)\)/g)].map((m) => m[1]!.toLowerCase()),
        ),
      ),
  );
  const startingIn = new Map<number, number[]>();
  for (const [b, newer] of assets.entries())
    startingIn.set(newer.points[0]![0], [...(startingIn.get(newer.points[0]![0]) ?? []), b]);
  for (const [a, older] of assets.entries()) {
    for (const [b, newer] of assets.entries())
      if (
        a !== b &&
        newer.points[0]![0] > older.points[0]![0] &&
        [...symbols[a]!].some((x) => pointsAt[b]!.has(x))
      )
        links.push([a, b]);
    const last = older.points.at(-1)!;
    for (const b of [...(startingIn.get(last[0] + 1) ?? []), ...(startingIn.get(last[0] + 2) ?? [])]) {
      if (links.some(([x, y]) => x === a && y === b)) continue;
      const first = assets[b]!.points[0]!;
      const sharesSymbol = [...symbols[b]!].some((x) => symbols[a]!.has(x));
      const sharesWord = [...words[b]!].some((w) => words[a]!.has(w));
      if (!sharesSymbol && !sharesWord) continue;
      if ((last[4] > 0 && within(first[4] / last[4], SUPPLY_SAME)) || isSwap(last, first)) links.push([a, b]);
    }
  }
  linksOnce.set(market, links);
  return links;
}

/** Gold tokens track an ounce of gold: named so and priced like it on their first snapshot. */
const GOLD_OUNCE_MIN_USD = 1000;
/** A dollar coin by its name and its first snapshot price. */
const DOLLAR_NAME = /\bUSD|USD\b|Dollar/i;
const DOLLAR_BAND = [0.95, 1.05] as const;

const PEG_CURRENCIES: Record<string, string> = { peggedUSD: 'USD', peggedEUR: 'EUR' };

function classOf(
  identities: BacktestIdentity[],
  members: number[],
  first: RawPoint,
): { assetClass: AssetClass; peg: string | null } {
  const registry = new Map(PUBLIC_DATA.stablecoins.records.map((r) => [r.geckoId, r]));
  for (const m of members) {
    const identity = identities[m]!;
    const record = registry.get(identity.id);
    if (record) return { assetClass: 'stablecoin', peg: PEG_CURRENCIES[record.pegType] ?? null };
    if (identity.kind === 'stablecoin') return { assetClass: 'stablecoin', peg: null };
  }
  const names = members.flatMap((m) => [identities[m]!.name, ...identities[m]!.symbols]);
  if (names.some((n) => /^Wrapped\b/i.test(n))) return { assetClass: 'wrapped or gold', peg: null };
  if (names.some((n) => /\bGold\b/i.test(n)) && first[2] >= GOLD_OUNCE_MIN_USD)
    return { assetClass: 'wrapped or gold', peg: null };
  if (names.some((n) => DOLLAR_NAME.test(n)) && within(first[2], DOLLAR_BAND))
    return { assetClass: 'stablecoin', peg: 'USD' };
  if (names.some((n) => /\bEUR/i.test(n))) return { assetClass: 'stablecoin', peg: 'EUR' };
  return { assetClass: 'coin', peg: null };
}

/**
 * The study's entities: the back-test identities joined by `listingLinks`, each with one monthly
 * series (where two listings overlap during a swap, the larger market cap's row) whose price is
 * adjusted across a redenomination (BinaryX's 2023 split is no fall).
 */
export function studyEntities(
  market: MarketFile,
  identities: BacktestIdentity[],
): { entities: StudyEntity[]; entityOfIdentity: number[] } {
  const parent = identities.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root]!;
    return root;
  };
  for (const [a, b] of listingLinks(market)) parent[find(a)] = find(b);
  // A series in another token's units that the market file ties to its asset (MATIC beside POL,
  // SKY after MKR; decision 0341) is that asset's life too, not a second asset.
  const indexOfKey = new Map(market.cmcMonthly.assets.map((a, i) => [a.key, i]));
  market.cmcMonthly.assets.forEach((asset, i) => {
    const same = asset.sameAsset === undefined ? undefined : indexOfKey.get(asset.sameAsset);
    if (same !== undefined) parent[find(i)] = find(same);
  });
  const groups = new Map<number, number[]>();
  for (const i of identities.keys()) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);

  const listings = listingsOf(identities, market);
  const entities: StudyEntity[] = [];
  const entityOfIdentity: number[] = identities.map(() => -1);
  for (const members of groups.values()) {
    const byMonth = new Map<number, RawPoint>();
    for (const m of members)
      for (const p of market.cmcMonthly.assets[m]!.points) {
        const seen = byMonth.get(p[0]);
        if (!seen || p[3] > seen[3]) byMonth.set(p[0], p);
      }
    const raw = [...byMonth.values()].sort((x, y) => x[0] - y[0]);
    // Redenominations: scale later prices so the series runs on in the first unit.
    let factor = 1;
    const points = raw.map((p, i) => {
      const before = raw[i - 1];
      if (before && p[0] - before[0] <= 2 && isSwap(before, p)) factor *= p[4] / before[4];
      return { month: p[0], rank: p[1], price: p[2] * factor, marketCap: p[3], volume: p[5] };
    });
    // The newest listing names the entity (a catalogue id when one member has it).
    const newest = [...members].sort(
      (x, y) =>
        Number(Boolean(identities[y]!.catalogue)) - Number(Boolean(identities[x]!.catalogue)) ||
        market.cmcMonthly.assets[y]!.points.at(-1)![0] - market.cmcMonthly.assets[x]!.points.at(-1)![0],
    )[0]!;
    const index = entities.length;
    for (const m of members) entityOfIdentity[m] = index;
    entities.push({
      id: identities[newest]!.id,
      name: identities[newest]!.name,
      members,
      ids: members.map((m) => identities[m]!.id),
      ...classOf(identities, members, raw[0]!),
      points,
      firstListed:
        members
          .map((m) => listings[m]?.firstDate)
          .filter((d) => d !== undefined)
          .sort()[0] ?? null,
      tradedUntil:
        members
          .map((m) => listings[m]?.lastDate)
          .filter((d) => d !== undefined)
          .sort()
          .at(-1) ?? null,
    });
  }
  return { entities, entityOfIdentity };
}
