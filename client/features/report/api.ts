import { queryOptions } from '@tanstack/react-query';
import { assetBacktestResponseSchema } from '../../../contract/backtest';
import { type ReportResponse, reportResponseSchema } from '../../../contract/reports';
import { reportEventSchema } from '../../../contract/research';
import { reportChangesResponseSchema, reportVersionsResponseSchema } from '../../../contract/versions';
import { getJson } from '../../lib/api';

const reportUrl = (id: string | number) => `/api/reports/${encodeURIComponent(id)}`;

/** A report as its page shows it; `id` is the route's text, which the server checks. */
export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: ['report', id],
    queryFn: ({ signal }) => getJson(reportUrl(id), reportResponseSchema, signal),
  });

/** Every version of the report's asset, oldest first. */
export const reportVersionsQuery = (reportId: number) =>
  queryOptions({
    queryKey: ['report-versions', reportId],
    queryFn: ({ signal }) => getJson(`${reportUrl(reportId)}/versions`, reportVersionsResponseSchema, signal),
  });

/** What changed in the report since version `since`, or since the previous version. */
export const reportChangesQuery = (reportId: number, since?: number) =>
  queryOptions({
    queryKey: ['report-changes', reportId, since ?? null],
    queryFn: ({ signal }) =>
      getJson(
        `${reportUrl(reportId)}/changes${since ? `?since=${since}` : ''}`,
        reportChangesResponseSchema,
        signal,
      ),
  });

/** The asset's back-tested monthly ratings and what followed them (decision 0293). */
export const assetBacktestQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['asset-backtest', assetId],
    queryFn: ({ signal }) =>
      getJson(`/api/track-record/assets/${encodeURIComponent(assetId)}`, assetBacktestResponseSchema, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * Listens to the report's server-sent events: each is the whole report, as GET answers it. An
 * event of another shape is ignored. Returns the function that closes the stream.
 */
export function listenToReport(
  id: string,
  on: { open: () => void; error: () => void; report: (report: ReportResponse) => void },
): () => void {
  const events = new EventSource(`${reportUrl(id)}/events`, { withCredentials: true });
  events.onopen = on.open;
  events.onerror = on.error;
  events.addEventListener('report', (message) => {
    const parsed = reportEventSchema.safeParse(JSON.parse((message as MessageEvent<string>).data));
    if (parsed.success) on.report(parsed.data);
  });
  return () => events.close();
}
