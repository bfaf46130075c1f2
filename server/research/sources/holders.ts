import { readFileSync } from 'node:fs';
import { BlockFrostAPI } from '@blockfrost/blockfrost-js';
import { z } from 'zod';
import type { Source } from '../../../contract/reports';
import type { Fact, HolderEntry, HolderFacts, SourceGap } from '../evidence';
import { TtlCache } from './cache';
import type { PlatformContracts } from './coingecko';
import { fetchJson } from './http';
import { type RateLimiter, type RateWindow, sharedLimiter } from './limiter';
import { SourceUnavailableError } from './types';

// Holder concentration from chain data, where a free API exists:
// - ERC-20 tokens: Ethplorer's public API (getTokenInfo, getTopTokenHolders; key "freekey");
// - SPL tokens: Solana JSON-RPC getTokenSupply and getTokenLargestAccounts (20 largest accounts);
// - Cardano native tokens: Blockfrost /assets/{asset} and /assets/{asset}/addresses (needs a
//   mainnet project id; the addresses are paged and unordered, so all pages are read, up to a
//   budget, and the list is only used when it is complete).
// Which one applies comes from the coin's platform contracts. Known exchange, contract and burn
// wallets are labelled from a small curated list (wallet-labels.json, each entry cited).

export const ETHPLORER_DEFAULT_BASE_URL = 'https://api.ethplorer.io';
export const SOLANA_DEFAULT_RPC_URL = 'https://api.mainnet-beta.solana.com';

export interface HolderSourceOptions {
  ethplorerBaseUrl?: string | undefined;
  ethplorerApiKey?: string | undefined;
  solanaRpcUrl?: string | undefined;
  /** Mainnet Blockfrost project id; without it Cardano holders are missing. */
  blockfrostProjectId?: string | undefined;
  blockfrostBaseUrl?: string | undefined;
  /** Pages of 100 addresses read for a Cardano token before giving up. */
  blockfrostMaxPages?: number;
  timeoutMs?: number;
  retries?: number;
  cacheTtlMs?: number;
  /** Ethplorer's limits for the key in use (the configuration passes them: ethplorerLimits, the free key's by default). */
  ethplorerLimits?: RateWindow[];
  /** Replaces the shared Ethplorer limiter (tests). */
  ethplorerLimiter?: RateLimiter;
}

/** Solana's answer when the node does not index token accounts (the public mainnet RPC). */
export const SOLANA_UNINDEXED_CODE = -32010;

export interface HolderResult {
  holders?: Fact<HolderFacts>;
  gap?: SourceGap;
}

const labelFileSchema = z.object({
  labels: z.array(
    z.object({
      chain: z.string(),
      address: z.string(),
      kind: z.enum(['exchange', 'contract', 'burn']),
      label: z.string(),
      source: z.url(),
    }),
  ),
});

/** chain -> lower-case address -> label. */
const LABELS: Map<string, Map<string, string>> = (() => {
  const file = labelFileSchema.parse(
    JSON.parse(readFileSync(new URL('./wallet-labels.json', import.meta.url), 'utf8')),
  );
  const byChain = new Map<string, Map<string, string>>();
  for (const entry of file.labels) {
    const chain = byChain.get(entry.chain) ?? new Map<string, string>();
    chain.set(entry.address.toLowerCase(), entry.label);
    byChain.set(entry.chain, chain);
  }
  return byChain;
})();

/** Cardano addresses whose payment part is a script (CIP-19 header types 1, 3, 7): DEX pools, vaults. */
function cardanoScriptLabel(address: string): string | undefined {
  return /^addr1[zxw]/.test(address) ? 'Contract: script address (e.g. a DEX pool or vault)' : undefined;
}

export function walletLabel(chain: string, address: string): string | undefined {
  const known = LABELS.get(chain)?.get(address.toLowerCase());
  if (known) return known;
  return chain === 'cardano' ? cardanoScriptLabel(address) : undefined;
}

/** Top-10 shares (all, and without labelled wallets) from holders sorted by share. */
export function concentration(
  chain: string,
  holders: readonly { address: string; share: number }[],
  holderCount?: number,
): HolderFacts {
  const sorted = [...holders].filter((h) => h.share > 0).sort((a, b) => b.share - a.share);
  const largest: HolderEntry[] = sorted.slice(0, 10).map((h) => {
    const label = walletLabel(chain, h.address);
    return { address: h.address, share: h.share, ...(label ? { label } : {}) };
  });
  const top10 = (list: readonly { share: number }[]) =>
    Math.min(
      1,
      list.slice(0, 10).reduce((sum, h) => sum + h.share, 0),
    );
  const unlabelled = sorted.filter((h) => !walletLabel(chain, h.address));
  return {
    top10Share: top10(sorted),
    ...(unlabelled.length < sorted.length ? { top10ShareExcludingLabelled: top10(unlabelled) } : {}),
    ...(holderCount !== undefined ? { holderCount } : {}),
    largest,
  };
}

/** raw / total as a ratio, exact for integer token amounts of any size. */
function ratio(raw: string, total: string): number {
  const a = BigInt(raw);
  const b = BigInt(total);
  if (b <= 0n) return 0;
  return Number((a * 1_000_000_000n) / b) / 1_000_000_000;
}

const ethplorerInfoSchema = z.object({
  address: z.string(),
  name: z.string().nullish(),
  holdersCount: z.number().nullish(),
});
const ethplorerHoldersSchema = z.object({
  holders: z.array(z.object({ address: z.string(), balance: z.number(), share: z.number() })),
});

// A JSON-RPC answer is either a result or an error object (both with HTTP 200).
const rpcErrorSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) });
type RpcError = z.infer<typeof rpcErrorSchema>;
const rpcResult = <T extends z.ZodType>(value: T) =>
  z.union([z.object({ result: z.object({ value }) }), rpcErrorSchema]);
const tokenAmount = z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number() });
const largestAccountsSchema = rpcResult(z.array(tokenAmount.extend({ address: z.string() })));
const tokenSupplySchema = rpcResult(tokenAmount);

const SUPPORTED = ['ethereum', 'solana', 'cardano'] as const;
type HolderChain = (typeof SUPPORTED)[number];

/** The chain to read holders on: the coin's own platform first, then any supported one. */
export function holderChainFor(
  contracts: PlatformContracts,
  primary?: string,
): { chain: HolderChain; address: string } | undefined {
  const order = [primary, ...SUPPORTED].filter((c): c is HolderChain => SUPPORTED.includes(c as HolderChain));
  for (const chain of order) {
    const address = contracts[chain];
    if (address) return { chain, address };
  }
  return undefined;
}

export class HolderSource {
  private readonly options: HolderSourceOptions;
  private readonly blockfrost: BlockFrostAPI | undefined;
  private readonly cache: TtlCache<HolderResult>;
  private readonly ethplorerLimiter: RateLimiter | undefined;

  constructor(options: HolderSourceOptions = {}) {
    this.options = options;
    this.ethplorerLimiter =
      options.ethplorerLimiter ??
      (options.ethplorerLimits
        ? sharedLimiter(`ethplorer:${options.ethplorerBaseUrl ?? ETHPLORER_DEFAULT_BASE_URL}`, {
            source: 'Ethplorer',
            windows: options.ethplorerLimits,
          })
        : undefined);
    this.blockfrost =
      options.blockfrostProjectId || options.blockfrostBaseUrl
        ? new BlockFrostAPI({
            ...(options.blockfrostBaseUrl
              ? { customBackend: options.blockfrostBaseUrl, projectId: options.blockfrostProjectId ?? '' }
              : { projectId: options.blockfrostProjectId ?? '', network: 'mainnet' }),
            rateLimiter: true,
            requestTimeout: options.timeoutMs ?? 10_000,
            retrySettings: {
              limit: options.retries ?? 2,
              methods: ['GET'],
              statusCodes: [408, 429, 500, 502, 503, 504],
              errorCodes: ['ETIMEDOUT', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN'],
              calculateDelay: ({ computedValue }) => (computedValue !== 0 ? 250 : 0),
              maxRetryAfter: undefined,
            },
          })
        : undefined;
    this.cache = new TtlCache(options.cacheTtlMs ?? 30 * 60_000);
  }

  /** Holder facts for a token, or the gap that explains why they are missing. Never throws. */
  async holders(contracts: PlatformContracts, primaryPlatform?: string): Promise<HolderResult> {
    const target = holderChainFor(contracts, primaryPlatform);
    if (!target) return {};
    const { chain, address } = target;
    const sourceName = { ethereum: 'Ethplorer', solana: 'Solana RPC', cardano: 'Blockfrost' }[chain];
    try {
      return await this.cache.get(`${chain}:${address}`, async () => {
        const retrievedAt = new Date().toISOString();
        if (chain === 'ethereum') return { holders: await this.ethereum(address, retrievedAt) };
        if (chain === 'solana') return { holders: await this.solana(address, retrievedAt) };
        return { holders: await this.cardano(address, retrievedAt) };
      });
    } catch (error) {
      return {
        gap: {
          source: sourceName,
          facts: ['holders'],
          reason: error instanceof Error ? error.message : String(error),
        },
      };
    }
  }

  private http<T>(
    source: string,
    url: string,
    schema: z.ZodType<T>,
    postBody?: unknown,
    limiter?: RateLimiter,
  ) {
    return fetchJson(url, schema, {
      source,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      retries: this.options.retries ?? 2,
      ...(postBody === undefined ? {} : { postBody }),
      ...(limiter ? { limiter } : {}),
    });
  }

  private async ethereum(contract: string, retrievedAt: string): Promise<Fact<HolderFacts>> {
    const base = (this.options.ethplorerBaseUrl ?? ETHPLORER_DEFAULT_BASE_URL).replace(/\/+$/, '');
    const key = encodeURIComponent(this.options.ethplorerApiKey ?? 'freekey');
    const token = encodeURIComponent(contract);
    const [info, top] = await Promise.all([
      this.http(
        'Ethplorer',
        `${base}/getTokenInfo/${token}?apiKey=${key}`,
        ethplorerInfoSchema,
        undefined,
        this.ethplorerLimiter,
      ),
      this.http(
        'Ethplorer',
        `${base}/getTopTokenHolders/${token}?apiKey=${key}&limit=50`,
        ethplorerHoldersSchema,
        undefined,
        this.ethplorerLimiter,
      ),
    ]);
    const facts = concentration(
      'ethereum',
      // Ethplorer gives each holder's share of the supply in percent.
      top.holders.map((h) => ({ address: h.address, share: h.share / 100 })),
      info.holdersCount ?? undefined,
    );
    const source: Source = {
      title: `Ethplorer top token holders: ${info.name ?? contract}`,
      url: `https://ethplorer.io/address/${contract}#tab=tab-holders`,
      retrievedAt,
      live: true,
    };
    return { value: facts, source };
  }

  private async solana(mint: string, retrievedAt: string): Promise<Fact<HolderFacts>> {
    const url = this.options.solanaRpcUrl ?? SOLANA_DEFAULT_RPC_URL;
    const call = async <T>(method: string, schema: z.ZodType<{ result: { value: T } } | RpcError>) => {
      const answer = await this.http('Solana RPC', url, schema, {
        jsonrpc: '2.0',
        id: 1,
        method,
        params: [mint, { commitment: 'finalized' }],
      });
      if ('error' in answer) {
        if (answer.error.code === SOLANA_UNINDEXED_CODE) {
          throw new SourceUnavailableError(
            'Solana RPC',
            // Said to the reader; the fix (SOLANA_RPC_URL to an indexing provider) is in the README.
            `the Solana RPC node used does not index token accounts, so it cannot list a token's largest holders (Solana error ${SOLANA_UNINDEXED_CODE}, "excluded from account secondary indexes", as Solana's public RPC answers)`,
          );
        }
        throw new SourceUnavailableError('Solana RPC', `${answer.error.message} (code ${answer.error.code})`);
      }
      return answer.result.value;
    };
    const [supply, accounts] = await Promise.all([
      call('getTokenSupply', tokenSupplySchema),
      call('getTokenLargestAccounts', largestAccountsSchema),
    ]);
    const total = supply.amount;
    return {
      // Token accounts, not owners: one owner may hold several accounts (the share is then understated).
      value: concentration(
        'solana',
        accounts.map((a) => ({ address: a.address, share: ratio(a.amount, total) })),
      ),
      source: {
        title: 'Solana RPC: 20 largest token accounts (getTokenLargestAccounts) and supply',
        url: `https://explorer.solana.com/address/${mint}/largest`,
        retrievedAt,
        live: true,
      },
    };
  }

  private async cardano(unit: string, retrievedAt: string): Promise<Fact<HolderFacts>> {
    const api = this.blockfrost;
    if (!api) throw new SourceUnavailableError('Blockfrost', 'no mainnet project id is configured');
    // CoinGecko lists Cardano tokens as policy id + hex asset name; a bare policy id is ambiguous.
    if (!/^[0-9a-f]{56}[0-9a-f]*$/i.test(unit) || unit.length === 56) {
      throw new SourceUnavailableError(
        'Blockfrost',
        `"${unit}" does not name one asset (policy id + asset name)`,
      );
    }
    const wrap = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        throw new SourceUnavailableError(
          'Blockfrost',
          `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    };
    const asset = await wrap('asset lookup', () => api.assetsById(unit));
    const maxPages = this.options.blockfrostMaxPages ?? 20;
    const holdings: { address: string; quantity: string }[] = [];
    for (let page = 1; ; page += 1) {
      if (page > maxPages) {
        throw new SourceUnavailableError(
          'Blockfrost',
          `more than ${maxPages * 100} addresses hold this token; the largest cannot be ranked within the page budget`,
        );
      }
      const batch = await wrap('holder list', () => api.assetsAddresses(unit, { page, count: 100 }));
      holdings.push(...batch);
      if (batch.length < 100) break;
    }
    const name = asset.asset_name ? Buffer.from(asset.asset_name, 'hex').toString('utf8') : unit;
    return {
      value: concentration(
        'cardano',
        holdings.map((h) => ({ address: h.address, share: ratio(h.quantity, asset.quantity) })),
        holdings.length,
      ),
      source: {
        title: `Blockfrost asset holders (${holdings.length} addresses): ${name}`,
        url: `https://cardanoscan.io/token/${unit}`,
        retrievedAt,
        live: true,
      },
    };
  }
}
