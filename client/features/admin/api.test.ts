import { type FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnexpectedResponseError } from '../../lib/api';
import {
  bugReportsQuery,
  failedReportsQuery,
  flaggedPaymentsQuery,
  openRefundsQuery,
  refundPurchase,
  retryResearch,
  unmatchedIncomingQuery,
  updateBugReportStatus,
} from './api';

const user = { username: 'ada', email: 'ada@example.com' };
const bugReport = {
  id: 3,
  title: 'Pay button spins',
  description: 'Forever',
  status: 'open',
  category: null,
  name: 'Ada',
  email: 'ada@example.com',
  steps: null,
  expected: null,
  actual: null,
  browser: null,
  device: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  user,
};
const failedReport = {
  id: 41,
  assetName: 'Brokencoin',
  failureReason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  purchase: null,
};

/** Answers every fetch with `body` and records what was asked. */
function answer(body: unknown, status = 200) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

function fetchList<Row>(query: FetchQueryOptions<Row[], Error, Row[], string[]>) {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(query);
}

afterEach(() => vi.restoreAllMocks());

describe('admin lists', () => {
  it('each list reads its own route', async () => {
    const fetch = answer([]);
    await expect(fetchList(bugReportsQuery)).resolves.toEqual([]);
    await expect(fetchList(failedReportsQuery)).resolves.toEqual([]);
    await expect(fetchList(openRefundsQuery)).resolves.toEqual([]);
    await expect(fetchList(flaggedPaymentsQuery)).resolves.toEqual([]);
    await expect(fetchList(unmatchedIncomingQuery)).resolves.toEqual([]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/bug-reports',
      '/api/admin/failed-reports',
      '/api/admin/refunds',
      '/api/admin/flagged-payments',
      '/api/admin/unmatched-incoming',
    ]);
  });

  it('returns rows of the contract shape', async () => {
    answer([bugReport]);
    await expect(fetchList(bugReportsQuery)).resolves.toEqual([bugReport]);
    answer([failedReport]);
    await expect(fetchList(failedReportsQuery)).resolves.toEqual([failedReport]);
  });

  it('rejects rows of another shape, naming the field', async () => {
    answer([{ ...bugReport, status: 'lost' }]);
    await expect(fetchList(bugReportsQuery)).rejects.toBeInstanceOf(UnexpectedResponseError);
    const { purchase: _, ...withoutPurchase } = failedReport;
    answer([withoutPurchase]);
    await expect(fetchList(failedReportsQuery)).rejects.toThrow(/0\.purchase/);
    answer({ rows: [] });
    await expect(fetchList(openRefundsQuery)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});

describe('admin actions', () => {
  it('sends the new status of a bug report and returns the report as it now is', async () => {
    const fetch = answer({ ...bugReport, status: 'resolved' });
    await expect(updateBugReportStatus(3, 'resolved')).resolves.toMatchObject({ id: 3, status: 'resolved' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/bug-reports/3');
    expect(init).toMatchObject({ method: 'PATCH', body: JSON.stringify({ status: 'resolved' }) });
  });

  it('posts retry and refund without a body and checks their answers', async () => {
    const fetch = answer({ reportId: 41, status: 'pending', enqueued: true });
    await expect(retryResearch(41)).resolves.toEqual({ reportId: 41, status: 'pending', enqueued: true });
    expect(fetch.mock.calls[0]).toEqual([
      '/api/admin/reports/41/retry-research',
      expect.objectContaining({ method: 'POST', body: null }),
    ]);

    answer({ purchaseId: 9, refundId: 2, status: 'due', paymentMethod: 'cardano' });
    await expect(refundPurchase(9)).resolves.toMatchObject({ refundId: 2, status: 'due' });

    answer({ purchaseId: 9, refundId: 2, status: 'sent', paymentMethod: 'cardano' });
    await expect(refundPurchase(9)).rejects.toThrow(/purchases\/9\/refund: status:/);
  });

  it('turns a refused action into an ApiError carrying the server message', async () => {
    answer({ code: 'CONFLICT', message: 'Already refunded' }, 409);
    await expect(refundPurchase(9)).rejects.toMatchObject({ status: 409, serverMessage: 'Already refunded' });
  });
});
