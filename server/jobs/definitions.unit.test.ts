import type PgBoss from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES, JOBS, sendJob, workJob } from './definitions';
import type { JobQueue } from './queue';

/** A queue that records what is sent and keeps the handler a worker registers. */
function recordingQueue() {
  const sent: { name: string; data: unknown; options: unknown }[] = [];
  let handler: ((jobs: PgBoss.JobWithMetadata<unknown>[]) => Promise<unknown>) | undefined;
  const queue = {
    send: async (name: string, data: unknown, options: unknown) => {
      sent.push({ name, data, options });
      return 'id';
    },
    work: async (_name: string, _options: unknown, h: typeof handler) => {
      handler = h;
      return 'worker';
    },
  } as unknown as JobQueue;
  const deliver = (data: unknown) =>
    handler!([{ id: 'job-1', name: 'x', data } as PgBoss.JobWithMetadata<unknown>]);
  return { queue, sent, deliver };
}

describe('job definitions', () => {
  it('lists every queue once', () => {
    expect(new Set(JOB_NAMES).size).toBe(Object.keys(JOBS).length);
  });

  it('sends a checked payload with the definition’s retries and one job per entity', async () => {
    const { queue, sent } = recordingQueue();
    await sendJob(queue, JOBS.research, { reportId: 7 });
    expect(sent).toEqual([
      {
        name: 'research',
        data: { reportId: 7 },
        options: {
          retryLimit: 3,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: 900,
          singletonKey: 'research-7',
        },
      },
    ]);
    await expect(sendJob(queue, JOBS.cardRefund, { refundId: -1 } as never)).rejects.toThrow();
    expect(sent).toHaveLength(1);
  });

  it('hands workers only payloads that match, and fails a job that does not', async () => {
    const { queue, deliver } = recordingQueue();
    const seen: unknown[] = [];
    await workJob(queue, JOBS.renderPdf, async (jobs) => {
      seen.push(...jobs.map((job) => job.data));
    });
    // The request context the queue adds (trace) is not part of the payload the handler reads.
    await deliver({ reportId: 3, trace: { requestId: 'r-1' } });
    expect(seen).toEqual([{ reportId: 3 }]);
    await expect(deliver({ nope: true })).rejects.toThrow(/job render-pdf job-1 has an invalid payload/);
    expect(seen).toHaveLength(1);
  });
});
