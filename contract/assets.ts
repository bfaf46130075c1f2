import { z } from './zod';

/** GET /api/assets/search?q= — suggestions for the New Report input. */
export const assetSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type at least one character')
    .max(100, 'Search text must be at most 100 characters'),
});

export const assetSuggestionSchema = z.object({
  /** Canonical asset id (for example "bitcoin"). */
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
});
export type AssetSuggestion = z.infer<typeof assetSuggestionSchema>;

export const assetSearchResponseSchema = z.object({ assets: z.array(assetSuggestionSchema) });
