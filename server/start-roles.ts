import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app';
import type { Config } from './config';
import type { AppContext, Lifecycle } from './context';
import { connectDatabase } from './db/client';
import { ensureAdmin } from './features/auth/service';
import { verifyCardanoDerivation } from './features/cardano/derivation';
import { startQueue } from './jobs/queue';
import { bindStateReaders, collectProcessMetrics } from './metrics/registry';
import { startMetricsServer } from './metrics/server';
import { databaseStateReaders } from './metrics/state';
import { createAppContext } from './providers';
import { checkCoinGeckoPlan } from './research/sources/live';
import { startWorker } from './worker';

// The application's part of start-up, in a module of its own: main.ts imports it while the
// embedded PostgreSQL starts, so loading this code (the largest start-up step) overlaps with
// the database server starting in its own process.

export interface StartedPart {
  what: string;
  stop: () => Promise<unknown>;
}

export interface RoleInputs {
  config: Config;
  log: Logger;
  databaseUrl: string;
  /** This build's migrations, already under way. */
  migrated: Promise<void>;
  lifecycle: Lifecycle;
  /** Everything started is pushed here, so main stops it on shutdown or a failed start. */
  started: StartedPart[];
  stepDone: (step: string) => void;
}

export async function startRoles(inputs: RoleInputs): Promise<{ ctx: AppContext; app?: FastifyInstance }> {
  const { config, log, databaseUrl, started, stepDone } = inputs;
  verifyCardanoDerivation(config);
  const handle = connectDatabase(databaseUrl, config.DATABASE_POOL_SIZE);
  started.push({ what: 'the database pool', stop: () => handle.close() });
  const runsWorkers = config.ROLE !== 'web';
  // pg-boss keeps its own schema: the queue starts while the migrations run.
  const [queueStart, migrations] = await Promise.allSettled([
    startQueue({ databaseUrl, runsWorkers, log }),
    inputs.migrated,
  ]);
  if (queueStart.status === 'fulfilled') {
    const queue = queueStart.value;
    started.push({
      what: 'the job queue',
      stop: () => queue.stop({ graceful: true, wait: true, timeout: 10_000 }),
    });
  }
  if (migrations.status === 'rejected') throw migrations.reason;
  if (queueStart.status === 'rejected') throw queueStart.reason;
  const ctx: AppContext = {
    ...createAppContext({ config, db: handle.db, queue: queueStart.value, log }),
    lifecycle: inputs.lifecycle,
  };
  stepDone('migrations and queue');
  // Not awaited: a wrong CoinGecko plan is logged, it does not hold up the start.
  void checkCoinGeckoPlan(config, log);

  if (config.METRICS_PORT !== undefined) {
    collectProcessMetrics();
    bindStateReaders(databaseStateReaders(handle.pool));
    const metrics = await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT);
    started.push({ what: 'the metrics server', stop: () => metrics.close() });
    log.info({ host: config.METRICS_HOST, port: metrics.port }, 'metrics served at /metrics');
    stepDone('metrics');
  }

  if (config.embeddedDatabase) {
    const admin = await ensureAdmin(ctx.db, {
      email: config.ADMIN_EMAIL,
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_INITIAL_PASSWORD,
    });
    if (admin.created) {
      console.info(
        `\n  Admin account created. The password is shown only this once; keep it safe:\n    email:    ${admin.user.email}\n    password: ${admin.password}\n`,
      );
    }
    stepDone('admin');
  }

  // Registering the job handlers waits on the database; building the app is CPU: side by side.
  const [workerStart, appBuild] = await Promise.allSettled([
    runsWorkers ? startWorker(ctx) : Promise.resolve(),
    config.ROLE !== 'worker' ? buildApp(ctx) : Promise.resolve(undefined),
  ]);
  const app = appBuild.status === 'fulfilled' ? appBuild.value : undefined;
  if (app) started.push({ what: 'the web server', stop: () => app.close() });
  if (workerStart.status === 'rejected') throw workerStart.reason;
  if (appBuild.status === 'rejected') throw appBuild.reason;
  stepDone(runsWorkers && app ? 'worker and app build' : app ? 'app build' : 'worker');
  if (app) {
    await app.listen({ host: config.HOST, port: config.PORT });
    stepDone('listen');
  }
  return app ? { ctx, app } : { ctx };
}
