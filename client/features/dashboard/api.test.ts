import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAssetSuggestions } from './api';

const asset = (id: string) => ({ id, name: id, symbol: id.slice(0, 3).toUpperCase() });
const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

describe('asset suggestions for the New Report tab', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answer at most eight assets', async () => {
    const assets = Array.from({ length: 10 }, (_, index) => asset(`coin${index}`));
    answer(200, { assets });
    await expect(fetchAssetSuggestions('coin')).resolves.toEqual(assets.slice(0, 8));
  });

  it('answer null, never "no such asset", when the search fails or answers another shape', async () => {
    answer(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down' });
    await expect(fetchAssetSuggestions('bit')).resolves.toBeNull();
    answer(200, { results: [] });
    await expect(fetchAssetSuggestions('bit')).resolves.toBeNull();
  });
});
