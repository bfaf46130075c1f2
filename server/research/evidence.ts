import type { Source } from '../../contract/reports';

// What the agents score: facts about one asset, each with the source it came from.

export interface Fact<T> {
  value: T;
  source: Source;
}

export interface AssetRef {
  /** Canonical id (CoinGecko's coin id, e.g. "bitcoin"). */
  id: string;
  name: string;
  symbol: string;
}

export type ChainKind = 'layer1' | 'layer2' | 'token';

export interface HackRecord {
  name: string;
  /** ISO date of the incident. */
  date: string;
  amountUsd: number;
  returnedUsd: number;
  technique?: string;
}

export interface TeamFacts {
  identified: boolean;
  publicCode: boolean;
  note: string;
}

export interface UseCaseFacts {
  description: string;
  categories: string[];
  tvlUsd?: number;
  marketCapRank?: number;
}

export interface AuditFacts {
  count: number;
  latestYear?: number;
}

/** Market and project facts (CoinGecko or the snapshot). */
export interface MarketEvidence {
  marketCapUsd?: Fact<number>;
  volume24hUsd?: Fact<number>;
  supply?: Fact<{ circulating: number | null; total: number | null; max: number | null }>;
  watchlistUsers?: Fact<number>;
  genesisDate?: Fact<string>;
  athChangeRatio?: Fact<number>;
  team?: Fact<TeamFacts>;
  useCase?: Fact<UseCaseFacts>;
  chain?: Fact<ChainKind>;
  topHoldersShare?: Fact<number>;
}

/** Security facts (DeFiLlama or the snapshot). */
export interface SecurityEvidence {
  audits?: Fact<AuditFacts>;
  /** Present (possibly empty) when the incident database was consulted. */
  hacks?: Fact<HackRecord[]>;
  tvlUsd?: Fact<number>;
}

export type AssetEvidence = MarketEvidence & SecurityEvidence;
