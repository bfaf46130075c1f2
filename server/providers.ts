import type { Logger } from 'pino';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createCardPaymentSetup } from './features/card-payments/setup';
import { createCardanoSetup } from './features/cardano/setup';
import { sourcesFromConfig } from './research/sources/live';
import { writerFromConfig } from './research/writer';

// Where the process's providers are built: once, when main (or a test or benchmark) assembles
// its AppContext. Routes, services and jobs read them from ctx (decision 0151).

export interface ProviderInputs {
  config: Config;
  /** The sandbox card and the sandbox chain keep their ledger here. */
  db: Database;
  log: Logger;
}

/** Builds the payment and research providers the configuration asks for. */
export function buildProviders({
  config,
  db,
  log,
}: ProviderInputs): Pick<AppContext, 'payments' | 'research'> {
  return {
    payments: {
      card: createCardPaymentSetup(config, db),
      cardano: createCardanoSetup(config, db),
    },
    research: {
      sources: sourcesFromConfig(config),
      writer: writerFromConfig(config, log),
    },
  };
}

/** The AppContext of a process: its configuration, database, queue and logger, and the providers built from them. */
export function createAppContext(base: Omit<AppContext, 'payments' | 'research' | 'lifecycle'>): AppContext {
  return { ...base, ...buildProviders(base), lifecycle: { shuttingDown: false } };
}
