import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenToReport, reportChangesQuery } from './api';

describe('the report page reads', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for the changes since a given version, or since the previous one', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}'));
    const client = new QueryClient();
    await client.fetchQuery(reportChangesQuery(12, 9)).catch(() => undefined);
    await client.fetchQuery(reportChangesQuery(12)).catch(() => undefined);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/reports/12/changes?since=9',
      '/api/reports/12/changes',
    ]);
  });

  it('passes on pushed events that have the report shape and ignores others', () => {
    const listeners: ((message: { data: string }) => void)[] = [];
    const close = vi.fn();
    class FakeEventSource {
      onopen: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(readonly url: string) {}
      addEventListener(_name: string, listener: (message: { data: string }) => void) {
        listeners.push(listener);
      }
      close = close;
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const report = vi.fn();
    const stop = listenToReport('5', { open: () => {}, error: () => {}, report });
    listeners[0]?.({ data: JSON.stringify({ report: { id: 'five' } }) });
    expect(report).not.toHaveBeenCalled();
    stop();
    expect(close).toHaveBeenCalled();
  });
});
