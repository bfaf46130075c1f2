import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// The process's Prometheus series. Code that does the work calls one small function below
// (countPayment, countEmail, …); series that describe state (queue depth, pool, open Cardano
// payments) are read when Prometheus scrapes, from the readers main.ts binds (bindStateReaders).
// Every process (web or worker) has its own registry and serves it on its own metrics port.

export const registry = new Registry();

let defaultsCollected = false;
/** Node's process series (CPU, memory, GC, handles, event-loop lag); once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

const httpDuration = new Histogram({
  name: 'crow_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern and status',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** One answered request; `route` is the pattern (`/api/reports/:id`), never the raw URL. */
export function observeHttpRequest(method: string, route: string, statusCode: number, seconds: number) {
  httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
}

const researchDuration = new Histogram({
  name: 'crow_research_duration_seconds',
  help: 'Research job attempts by outcome (completed, failed, retrying, or a skip reason)',
  labelNames: ['outcome'] as const,
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

/** Starts timing one research attempt; call the result with its outcome when it ends. */
export function timeResearch(): (outcome: string) => void {
  const end = researchDuration.startTimer();
  return (outcome) => {
    end({ outcome });
  };
}

const writerFallbacks = new Counter({
  name: 'crow_llm_writer_fallbacks_total',
  help: 'Texts the LLM writer left to the rules, by reason (refused, cut-off, call-failed, not-json, unexpected-shape, unsourced-claims, other)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** One category or summary text written by the rules because the model's answer was unusable. */
export function countWriterFallback(reason: string): void {
  writerFallbacks.inc({ reason });
}

const droppedSourceItems = new Counter({
  name: 'crow_research_source_items_dropped_total',
  help: 'Items of a live source list dropped for their shape (the rest of the list is used)',
  labelNames: ['source', 'list'] as const,
  registers: [registry],
});

export function countDroppedSourceItems(source: string, list: string, dropped: number): void {
  droppedSourceItems.inc({ source, list }, dropped);
}

export type PaymentEvent = 'created' | 'paid' | 'refunded' | 'failed' | 'expired';
const payments = new Counter({
  name: 'crow_payments_total',
  help: 'Purchases created, paid, refunded, failed or expired, per payment method',
  labelNames: ['method', 'event'] as const,
  registers: [registry],
});

export function countPayment(method: 'card' | 'cardano' | 'credits' | 'x402', event: PaymentEvent): void {
  payments.inc({ method, event });
}

const emails = new Counter({
  name: 'crow_emails_total',
  help: 'Email delivery attempts by outcome (sent, failed; a failed attempt is retried until its last)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export function countEmail(outcome: 'sent' | 'failed'): void {
  emails.inc({ outcome });
}

const cardanoCycle = new Histogram({
  name: 'crow_cardano_watch_cycle_seconds',
  help: 'Duration of one Cardano watcher cycle',
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});
const cardanoRequests = new Histogram({
  name: 'crow_cardano_watch_requests_per_cycle',
  help: 'Chain (Blockfrost) requests made by one Cardano watcher cycle',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200],
  registers: [registry],
});
const cardanoErrors = new Counter({
  name: 'crow_cardano_watch_errors_total',
  help: 'Checks that failed during Cardano watcher cycles (retried the next cycle)',
  registers: [registry],
});

export function recordCardanoCycle(cycle: { durationMs: number; chainRequests: number; errors: number }) {
  cardanoCycle.observe(cycle.durationMs / 1000);
  cardanoRequests.observe(cycle.chainRequests);
  if (cycle.errors) cardanoErrors.inc(cycle.errors);
}

const redisErrors = new Counter({
  name: 'crow_redis_errors_total',
  help: 'Errors from the shared rate-limit store (Redis)',
  registers: [registry],
});

export function countRedisError(): void {
  redisErrors.inc();
}

/** What the scrape-time series read; bound once per process by main.ts (and by tests). */
export interface StateReaders {
  /** Waiting jobs and the age of the oldest, per queue. */
  queues(): Promise<Array<{ queue: string; waiting: number; oldestAgeSeconds: number }>>;
  /** Connections of the process's PostgreSQL pool. */
  pool(): { inUse: number; idle: number; waiting: number };
  /** Unpaid Cardano payments whose addresses the watcher still watches. */
  openCardanoPayments(): Promise<number>;
}

let readers: StateReaders | undefined;
export function bindStateReaders(next: StateReaders | undefined): void {
  readers = next;
}

/** A failing read leaves the series out of this scrape instead of failing the whole scrape. */
async function readOrSkip<T>(read: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

new Gauge({
  name: 'crow_job_queue_depth',
  help: 'Jobs waiting to run (created or retry), per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const rows = readers ? await readOrSkip(readers.queues) : undefined;
    for (const row of rows ?? []) this.set({ queue: row.queue }, row.waiting);
  },
});
new Gauge({
  name: 'crow_job_queue_oldest_age_seconds',
  help: 'Age of the oldest waiting job, per queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const rows = readers ? await readOrSkip(readers.queues) : undefined;
    for (const row of rows ?? []) this.set({ queue: row.queue }, row.oldestAgeSeconds);
  },
});
new Gauge({
  name: 'crow_db_pool_connections',
  help: "The process's PostgreSQL pool: connections in use, idle, and requests waiting for one",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const pool = readers?.pool();
    if (!pool) return;
    this.set({ state: 'in_use' }, pool.inUse);
    this.set({ state: 'idle' }, pool.idle);
    this.set({ state: 'waiting' }, pool.waiting);
  },
});
new Gauge({
  name: 'crow_cardano_open_payments',
  help: 'Unpaid Cardano payments the watcher still watches',
  registers: [registry],
  async collect() {
    this.reset();
    const open = readers ? await readOrSkip(readers.openCardanoPayments) : undefined;
    if (open !== undefined) this.set(open);
  },
});
