import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedResponseError } from '../api';
import { publicReportsQuery, publicReportsSearchQuery } from './reports';

const item = {
  id: 3,
  asset_name: 'Bitcoin',
  name_verified: true,
  composite_score: '61.0',
  status: 'completed',
  owned: false,
  asset_id: 'bitcoin',
};

describe('public report searches', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ask the server with the term encoded and answer the parsed list', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify([item]), { status: 200 }));
    await expect(new QueryClient().fetchQuery(publicReportsSearchQuery('bit & co'))).resolves.toEqual([item]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/public-reports?q=bit%20%26%20co');
  });

  it('fail on an answer of another shape', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify([{ ...item, owned: 'no' }]), { status: 200 }),
    );
    await expect(new QueryClient().fetchQuery(publicReportsSearchQuery('bit'))).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });

  it('sit below the public list, so refetching the list refetches them too', () => {
    expect(publicReportsSearchQuery('bit').queryKey.slice(0, 1)).toEqual([...publicReportsQuery.queryKey]);
  });
});
