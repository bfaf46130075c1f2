import { z } from './zod';

/** GET /api/assets/search?q= — suggestions for the New Report input. */
export const assetSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type at least one character')
    .max(100, 'Search text must be at most 100 characters'),
});

/** A completed public report on the asset, recent enough to be offered at the existing-report price. */
export const recentReportSchema = z.object({
  id: z.number(),
  /** Total on the 77-point scale, as a numeric string; null when Not rated. */
  composite_score: z.string().nullable(),
  completed_at: z.string(),
});

/** How long a completed public report is offered instead of (beside) a new one. */
export const RECENT_REPORT_MAX_AGE_DAYS = 7;

export const assetSuggestionSchema = z.object({
  /** Canonical asset id (for example "bitcoin"). */
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  /** Market-cap rank, when the source knows it. */
  rank: z.number().optional(),
  /** layer1, layer2, token, stablecoin, meme, defi, exchange (see assetKindLabel). */
  kind: z.string().optional(),
  /** Host chain of a token ("Ethereum"). */
  platform: z.string().optional(),
  /** Set on the search answer when a report on this asset is less than a week old. */
  recentReport: recentReportSchema.optional(),
});
export type AssetSuggestion = z.infer<typeof assetSuggestionSchema>;

export const assetSearchResponseSchema = z.object({ assets: z.array(assetSuggestionSchema) });

/** GET /api/assets/:id/coverage — what a report on the asset would hold, told before payment. */
export const assetCoverageParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,100}$/, 'An asset id is lowercase letters, digits and dashes'),
});
export const assetCoverageSchema = z.object({
  assetId: z.string(),
  /** How many of the twelve categories have evidence in the sources today. */
  categoriesWithEvidence: z.number().int().min(0).max(12),
  /** False when too few categories have evidence: the report would be Not rated. */
  rated: z.boolean(),
  /** The report's "Data as of" date (YYYY-MM-DD), or null when no source is dated. */
  dataAsOf: z.string().nullable(),
});
export type AssetCoverage = z.infer<typeof assetCoverageSchema>;

/** "11 of 12 categories, rated, data as of 2025-10-01" */
export const coverageLine = (coverage: AssetCoverage) =>
  `${coverage.categoriesWithEvidence} of 12 categories, ${coverage.rated ? 'rated' : 'Not rated'}${coverage.dataAsOf ? `, data as of ${coverage.dataAsOf}` : ''}`;

const KIND_LABELS: Record<string, string> = {
  layer1: 'Layer 1',
  layer2: 'Layer 2',
  token: 'Token',
  stablecoin: 'Stablecoin',
  meme: 'Meme',
  defi: 'DeFi',
  exchange: 'Exchange token',
};

/** What an asset is, in a buyer's words: "Layer 1", "Token on Ethereum", "Stablecoin", "Meme". */
export function assetKindLabel(kind: string | undefined, platform?: string): string | undefined {
  if (!kind) return platform ? `Token on ${platform}` : undefined;
  const label = KIND_LABELS[kind] ?? kind;
  return kind === 'token' && platform ? `Token on ${platform}` : label;
}

const KIND_NOUNS: Record<string, readonly [string, string]> = {
  layer1: ['layer-1 coin', 'layer-1 coins'],
  layer2: ['layer-2 asset', 'layer-2 assets'],
  token: ['token', 'tokens'],
  stablecoin: ['stablecoin', 'stablecoins'],
  meme: ['meme coin', 'meme coins'],
  defi: ['DeFi token', 'DeFi tokens'],
  exchange: ['exchange token', 'exchange tokens'],
};

/** The kind as a noun inside a sentence, singular and plural ("layer-1 coin", "DeFi tokens"). */
export const kindNouns = (kind: string): readonly [string, string] =>
  KIND_NOUNS[kind] ?? [`${kind} asset`, `${kind} assets`];

/** Up to this many suggestions come with an unknown-asset refusal. */
export const UNKNOWN_ASSET_SUGGESTIONS = 5;

export const unknownAssetMessage = (name: string) =>
  `We could not find "${name}" in our data sources. A report on it would be Not rated (no composite score and no risk level, for lack of evidence); confirm with acknowledgeUnknownAsset to buy it anyway.`;

export const notRatedAssetMessage = (name: string, categories: number) =>
  `Our sources hold evidence for only ${categories} of 12 categories on ${name}. A report on it would be Not rated (no composite score and no risk level, for lack of evidence); confirm with acknowledgeUnknownAsset to buy it anyway.`;

/** A new report identical to one the buyer owns (same asset, data date and methodology). */
export const sameReportOwnedMessage = (name: string, dataAsOf: string) =>
  `You already own a report on ${name} with data as of ${dataAsOf} under the current methodology; a new one would be the same report. Open the one you own instead.`;

/** The 422 answer of the purchase endpoints for a name the data sources do not know. */
export const unknownAssetErrorSchema = z.object({
  statusCode: z.literal(422),
  code: z.literal('UNKNOWN_ASSET'),
  error: z.string(),
  message: z.string(),
  suggestions: z.array(assetSuggestionSchema),
});

/** What a purchase request says about the asset: the resolved id, or a confirmed unknown name. */
export const purchaseAssetFields = {
  /** The asset the buyer picked in the New Report tab (canonical id). */
  assetId: z.string().trim().min(1).max(100).optional(),
  /** The buyer confirmed the warning that an unknown asset's report will mostly lack evidence. */
  acknowledgeUnknownAsset: z.boolean().optional(),
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const sameKey = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The assets a typed name means, among the ones a search found. An asset whose name or id is
 * exactly the text is the one meant. Otherwise every asset whose symbol is the text, or whose
 * name has it as a whole word, matches: "Luna" is both Terra (LUNA) and Terra Luna Classic, so
 * the buyer must pick. Shared by the New Report input and both payment endpoints.
 */
export function assetsMatching<T extends { id: string; name: string; symbol: string }>(
  typed: string,
  found: readonly T[],
): T[] {
  const text = typed.trim();
  if (!text) return [];
  const byName = found.filter((asset) => sameKey(asset.name, text) || sameKey(asset.id, text));
  if (byName.length === 1) return byName;
  const typedWords = words(text).join(' ');
  return found.filter(
    (asset) =>
      byName.includes(asset) ||
      sameKey(asset.symbol, text) ||
      (typedWords.length >= 3 && ` ${words(asset.name).join(' ')} `.includes(` ${typedWords} `)),
  );
}

/** The 422 answer of the purchase endpoints for a name that matches several assets. */
export const ambiguousAssetMessage = (name: string, count: number) =>
  `"${name}" matches ${count} assets. Pick the one you mean (send its assetId); nothing was charged.`;
export const ambiguousAssetErrorSchema = z.object({
  statusCode: z.literal(422),
  code: z.literal('AMBIGUOUS_ASSET'),
  error: z.string(),
  message: z.string(),
  suggestions: z.array(assetSuggestionSchema),
});
