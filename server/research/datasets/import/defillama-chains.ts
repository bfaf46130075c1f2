// Reads DefiLlama/defillama-server's chain list (defi/src/utils/normalizeChain.ts, the object
// `chainCoingeckoIds`): each chain's coin by CoinGecko id, and for a chain built on another its
// parent. Only these facts are kept (the repository declares no license; decision 0274). The
// object is a TypeScript literal of strings, numbers, nulls, arrays and objects; it is read as
// data, never run.

export interface ListedChain {
  /** The chain's name as the list keys it ("Solana", "Terra Classic"). */
  name: string;
  geckoId: string | null;
  symbol: string | null;
  cmcId: string | null;
  categories?: string[];
  /** The chain this one is built on, and how ("L2", "gas", "parachain"). */
  parent?: { chain: string; types: string[] };
}

export interface ChainRecord {
  /** The catalogue asset's CoinGecko id: the chains' geckoId. */
  id: string;
  chains: Omit<ListedChain, 'geckoId'>[];
}

const OBJECT_START = 'export const chainCoingeckoIds = ';

/** Every entry of `chainCoingeckoIds` in the file's text, in its order. */
export function listedChainsOf(source: string): ListedChain[] {
  const start = source.indexOf(OBJECT_START);
  const end = source.indexOf('} as unknown as', start);
  if (start < 0 || end < 0) throw new Error('chain list: chainCoingeckoIds not found');
  const literal = source
    .slice(start + OBJECT_START.length, end + 1)
    .replace(/'([^'\n]*)'/g, '"$1"')
    .replace(/([{,]\s*)([A-Za-z_]\w*)\s*:/g, '$1"$2":')
    .replace(/,(\s*[}\]])/g, '$1');
  const entries = Object.entries(JSON.parse(literal) as Record<string, Record<string, unknown>>);
  return entries.map(([name, e]) => {
    const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
    const parent = e.parent as { chain?: unknown; types?: unknown } | undefined;
    return {
      name,
      geckoId: text(e.geckoId),
      symbol: text(e.symbol),
      cmcId: text(e.cmcId),
      ...(Array.isArray(e.categories) ? { categories: e.categories.map(String) } : {}),
      ...(parent && typeof parent.chain === 'string'
        ? {
            parent: {
              chain: parent.chain,
              types: Array.isArray(parent.types) ? parent.types.map(String) : [],
            },
          }
        : {}),
    };
  });
}

/** The chains whose coin is a catalogue asset (exact CoinGecko id, never a symbol), by asset. */
export function chainRecordsOf(chains: readonly ListedChain[], ids: ReadonlySet<unknown>): ChainRecord[] {
  const byId = new Map<string, ChainRecord>();
  for (const { geckoId, ...chain } of chains) {
    if (!geckoId || !ids.has(geckoId)) continue;
    const record = byId.get(geckoId) ?? { id: geckoId, chains: [] };
    record.chains.push(chain);
    byId.set(geckoId, record);
  }
  return [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
}
