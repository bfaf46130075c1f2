import type { Config } from '../../config';
import { countDroppedSourceItems } from '../../metrics/registry';
import type { AssetRef, MarketEvidence } from '../evidence';
import { CoinGeckoSource, coingeckoPlanProblem } from './coingecko';
import { DefiLlamaSource } from './defillama';
import { type DeveloperResult, GitHubSource, githubLimits } from './github';
import { type HolderResult, HolderSource } from './holders';
import { withCuratedIncidents } from './incidents';
import type { RateWindow } from './limiter';
import {
  type CoinGeckoQuota,
  defaultCallsPerMinute,
  QuotaReservedError,
  sharedCoinGeckoQuota,
} from './quota';
import { createSnapshotSources, searchSnapshot } from './snapshot';
import { normalizeAssetText, type ResearchSources } from './types';

export interface LiveSourceOptions {
  coingecko?: ConstructorParameters<typeof CoinGeckoSource>[0];
  defillama?: ConstructorParameters<typeof DefiLlamaSource>[0];
  holders?: ConstructorParameters<typeof HolderSource>[0];
  github?: ConstructorParameters<typeof GitHubSource>[0];
}

/** True when the error (or one it wraps) is the quota refusing a search. */
function isQuotaRefusal(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (e instanceof QuotaReservedError) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const matchesExactly = (asset: AssetRef, text: string) => {
  const query = normalizeAssetText(text);
  return [asset.id, asset.symbol, asset.name].some((key) => normalizeAssetText(key) === query);
};

/**
 * Live market data (CoinGecko: details, markets, prices), holder concentration (Ethplorer,
 * Solana RPC, Blockfrost), developer activity (GitHub) and security data (DeFiLlama, plus the curated incident list). Search
 * and resolution answer from the dated snapshot first when it knows the asset: typing in the
 * New Report box costs no quota.
 */
export function createLiveSources(options: LiveSourceOptions = {}): ResearchSources {
  const coingecko = new CoinGeckoSource(options.coingecko);
  const defillama = new DefiLlamaSource(options.defillama);
  const holders = new HolderSource(options.holders);
  const github = new GitHubSource(options.github);
  return withCuratedIncidents({
    mode: 'live',
    async resolve(text) {
      const known = searchSnapshot(text, 1)[0];
      if (known && matchesExactly(known, text)) return known;
      return coingecko.resolve(text);
    },
    async search(text, limit) {
      const local = searchSnapshot(text, limit);
      if (local.length >= limit || (local[0] && matchesExactly(local[0], text))) return local;
      let remote: AssetRef[];
      try {
        remote = await coingecko.search(text, limit);
      } catch (error) {
        // No spare quota: the snapshot's answer (possibly empty) is the answer.
        if (isQuotaRefusal(error)) return local;
        throw error;
      }
      const seen = new Set(local.map((a) => a.id));
      return [...local, ...remote.filter((a) => !seen.has(a.id))].slice(0, limit);
    },
    async market(asset) {
      // Holders and GitHub activity need the coin's contracts and repositories, which come with
      // the details the market call reads (one cached request); they run alongside the markets
      // and price-history calls.
      const [evidence, [holderResult, developerResult]] = await Promise.all([
        coingecko.market(asset),
        coingecko.contracts(asset).then(
          ({ contracts, platformId, repos, hasDeveloperData }) =>
            Promise.all([
              holders.holders(contracts, platformId),
              hasDeveloperData ? ({} as DeveloperResult) : github.developer(repos),
            ]),
          (): [HolderResult, DeveloperResult] => [{}, {}],
        ),
      ]);
      const merged: MarketEvidence = { ...evidence };
      if (holderResult.holders) {
        merged.holders = holderResult.holders;
        merged.topHoldersShare = {
          value: holderResult.holders.value.top10Share,
          source: holderResult.holders.source,
        };
      }
      if (!merged.developer && developerResult.developer) merged.developer = developerResult.developer;
      const gaps = [holderResult.gap, developerResult.gap].filter((gap) => gap !== undefined);
      if (gaps.length) merged.marketGaps = [...(merged.marketGaps ?? []), ...gaps];
      return merged;
    },
    security: (asset) => defillama.security(asset),
  });
}

interface PlanCheckLog {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/**
 * The start-up check of the CoinGecko key against its plan: one /ping, logged as an error an
 * operator can act on ("a Pro key with COINGECKO_PLAN=demo", CoinGecko error 10010) instead of
 * every report failing later. Never throws; no key, offline data: nothing to check.
 */
export async function checkCoinGeckoPlan(config: Config, log: PlanCheckLog): Promise<void> {
  if (config.researchData !== 'live' || !config.COINGECKO_API_KEY) return;
  const problem = await coingeckoPlanProblem({
    apiKey: config.COINGECKO_API_KEY,
    plan: config.COINGECKO_PLAN,
    baseUrl: config.COINGECKO_BASE_URL,
  }).catch((error: unknown) => `the CoinGecko plan check failed: ${String(error)}`);
  if (problem) log.error({ plan: config.COINGECKO_PLAN }, `CoinGecko key check: ${problem}`);
  else log.info({ plan: config.COINGECKO_PLAN }, 'CoinGecko key accepted for its plan');
}

/** The process's CoinGecko budget, as configured (shared by research, quotes and search). */
export function coingeckoQuotaFromConfig(config: Config): CoinGeckoQuota {
  const plan = config.COINGECKO_API_KEY ? config.COINGECKO_PLAN : 'public';
  return sharedCoinGeckoQuota({
    callsPerMinute: config.COINGECKO_CALLS_PER_MINUTE ?? defaultCallsPerMinute(plan),
    searchCallsPerDay: config.COINGECKO_SEARCH_CALLS_PER_DAY,
    callsPerMonth: config.COINGECKO_CALLS_PER_MONTH,
  });
}

/**
 * Ethplorer's limits for the configured key, every window its API wiki states for the free key
 * (per second, minute, hour, day and week): a window left out is one the key can overrun.
 */
export function ethplorerLimits(config: Config): RateWindow[] {
  return [
    { calls: config.ETHPLORER_CALLS_PER_SECOND, perMs: 1_000 },
    { calls: config.ETHPLORER_CALLS_PER_MINUTE, perMs: 60_000 },
    { calls: config.ETHPLORER_CALLS_PER_HOUR, perMs: 3_600_000 },
    { calls: config.ETHPLORER_CALLS_PER_DAY, perMs: 86_400_000 },
    { calls: config.ETHPLORER_CALLS_PER_WEEK, perMs: 604_800_000 },
  ];
}

/** The sources the configuration asks for (offline snapshot on the embedded demo). */
export function sourcesFromConfig(config: Config): ResearchSources {
  // The offline demo (refused in production) may show non-commercial datasets; the live
  // sources' snapshot fallback never does.
  if (config.researchData === 'offline') return createSnapshotSources({ nonCommercial: true });
  const holderBlockfrostId =
    config.HOLDERS_BLOCKFROST_PROJECT_ID ??
    (config.CARDANO_NETWORK === 'mainnet' ? config.BLOCKFROST_PROJECT_ID : undefined);
  return createLiveSources({
    coingecko: {
      apiKey: config.COINGECKO_API_KEY,
      plan: config.COINGECKO_PLAN,
      baseUrl: config.COINGECKO_BASE_URL,
      quota: coingeckoQuotaFromConfig(config),
    },
    defillama: {
      ...(config.DEFILLAMA_BASE_URL ? { baseUrl: config.DEFILLAMA_BASE_URL } : {}),
      apiKey: config.DEFILLAMA_API_KEY,
      proBaseUrl: config.DEFILLAMA_PRO_BASE_URL,
      onDroppedItems: (list, dropped) => countDroppedSourceItems('DeFiLlama', list, dropped),
    },
    holders: {
      ethplorerApiKey: config.ETHPLORER_API_KEY,
      ethplorerBaseUrl: config.ETHPLORER_BASE_URL,
      ethplorerLimits: ethplorerLimits(config),
      solanaRpcUrl: config.SOLANA_RPC_URL,
      blockfrostProjectId: holderBlockfrostId,
      blockfrostBaseUrl: config.HOLDERS_BLOCKFROST_URL,
    },
    github: {
      token: config.GITHUB_TOKEN,
      baseUrl: config.GITHUB_API_URL,
      limits: githubLimits(config.GITHUB_TOKEN),
    },
  });
}
