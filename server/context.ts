import type { Logger } from 'pino';
import type { Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import type { CardPaymentSetup } from './features/card-payments/setup';
import type { CardanoSetup } from './features/cardano/setup';
import type { SessionCache } from './http/session-cache';
import type { StreamSlots } from './http/stream-slots';
import type { JobQueue } from './jobs/queue';
import type { ResearchSources } from './research/sources/types';
import type { CategoryWriter } from './research/writer';

/** The payment providers of the process, built once at start-up from the configuration. */
export interface PaymentProviders {
  /** Stripe, the sandbox card, or none (config.payments.card). */
  card: CardPaymentSetup;
  /** Blockfrost chain and price source, the sandbox ledger, or none (config.payments.cardano). */
  cardano: CardanoSetup;
}

/** What research reads from the outside world and writes its text with, built once at start-up. */
export interface ResearchProviders {
  /** Live sources, or the dated snapshot (config.researchData). */
  sources: ResearchSources;
  /** The LLM writer when one is configured, else the deterministic writer. */
  writer: CategoryWriter;
}

/** Where the process is in its life: readiness turns 503 as soon as shutdown begins. */
export interface Lifecycle {
  shuttingDown: boolean;
}

/**
 * What every feature gets from the process: configuration, database, job queue, logger, and
 * the providers built from the configuration once (server/providers.ts), never per request.
 */
export interface AppContext {
  config: Config;
  db: Database;
  queue: JobQueue;
  log: Logger;
  payments: PaymentProviders;
  research: ResearchProviders;
  lifecycle: Lifecycle;
}

/** The store every web process counts its limits in: Redis with REDIS_URL, else this process. */
export interface SharedLimits {
  /** Per-user slots for open event streams, in the same store as every other limit. */
  streamSlots(perUser: number, holdMs: number): StreamSlots;
  /** Pings the shared Redis (readiness); undefined without REDIS_URL. */
  ping: (() => Promise<void>) | undefined;
}

/**
 * What the web role adds to the process's context, built once by app.ts and passed to every
 * feature's routes: the parts that live exactly as long as the web server.
 */
export interface WebContext extends AppContext {
  /** The process's one LISTEN connection: what changed in the database, and when caches must be dropped. */
  changes: ChangeFeed;
  /** Recently seen sessions; revoking one evicts it in every web process. */
  sessions: SessionCache;
  limits: SharedLimits;
}
