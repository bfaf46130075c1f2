import type { AssetRef, MarketEvidence, SecurityEvidence } from '../evidence';

/** Where the research engine gets its facts: live services or the dated offline snapshot. */
export interface ResearchSources {
  readonly mode: 'live' | 'offline';
  /** Free text (name, symbol or id, any case) -> one canonical asset, or null for unknown. */
  resolve(text: string): Promise<AssetRef | null>;
  /** Suggestions for the New Report input. */
  search(text: string, limit: number): Promise<AssetRef[]>;
  market(asset: AssetRef): Promise<MarketEvidence>;
  security(asset: AssetRef): Promise<SecurityEvidence>;
}

/** A source did not answer usably after its retries; the research job is retried later. */
export class SourceUnavailableError extends Error {
  constructor(
    readonly source: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${source}: ${message}`, options);
  }
}

/** Lower-case, trimmed, inner whitespace collapsed: the key asset resolution compares. */
export function normalizeAssetText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}
