import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import type { CardPaymentSetup } from './features/card-payments/setup';
import type { CardanoSetup } from './features/cardano/setup';
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
