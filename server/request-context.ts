import { AsyncLocalStorage } from 'node:async_hooks';

// Which request (and purchase) the current work belongs to. A request sets it; a job sent while
// it is set carries it in its payload (`trace`), and the worker restores it around the job, so the
// research, PDF and email logs of a purchase name the request that paid for it. Every log line
// reads it through the logger's mixin. An OpenTelemetry trace would travel the same way: a
// `traceparent` beside `requestId` in JobTrace, and trace_id/span_id in the same mixin.

export interface JobTrace {
  /** The HTTP request the work started from. */
  requestId?: string;
  /** The purchase the work serves, once known. */
  purchaseId?: number;
}

interface WorkContext extends JobTrace {
  /** Set while a job runs: its queue and id. */
  job?: string;
  jobId?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `work` and everything it starts in `context` (a request's hooks and handler, a job). */
export function runInWorkContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/** Adds what became known on the way (the purchase a payment completed) to the current context. */
export function noteInWorkContext(facts: JobTrace): void {
  const context = storage.getStore();
  if (context) Object.assign(context, facts);
}

/** What a job sent now should carry; undefined outside any request or job that has a trace. */
export function traceToCarry(): JobTrace | undefined {
  const context = storage.getStore();
  if (!context || (context.requestId === undefined && context.purchaseId === undefined)) return undefined;
  return {
    ...(context.requestId !== undefined ? { requestId: context.requestId } : {}),
    ...(context.purchaseId !== undefined ? { purchaseId: context.purchaseId } : {}),
  };
}

/** The fields every log line gets (pino mixin). */
export function logFieldsOfWorkContext(): Record<string, unknown> {
  const context = storage.getStore();
  if (!context) return {};
  const fields: Record<string, unknown> = {};
  if (context.requestId !== undefined) fields.requestId = context.requestId;
  if (context.purchaseId !== undefined) fields.purchaseId = context.purchaseId;
  if (context.job !== undefined) fields.job = context.job;
  if (context.jobId !== undefined) fields.jobId = context.jobId;
  return fields;
}

/** Reads a trace a job payload carries (never trusted further than these two fields' shapes). */
export function traceOfJobData(data: unknown): JobTrace {
  const trace = (data as { trace?: unknown } | null)?.trace;
  if (!trace || typeof trace !== 'object') return {};
  const { requestId, purchaseId } = trace as Record<string, unknown>;
  return {
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(typeof purchaseId === 'number' ? { purchaseId } : {}),
  };
}
