import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './database';
import { connectDatabase } from './db/client';
import { ensureAdmin } from './features/auth/service';
import { verifyCardanoDerivation } from './features/cardano/derivation';
import { isLoopbackAddress } from './http/loopback';
import { startQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { createLogger } from './logger';
import { bindStateReaders, collectProcessMetrics } from './metrics/registry';
import { startMetricsServer } from './metrics/server';
import { databaseStateReaders } from './metrics/state';
import { createAppContext } from './providers';

/** Where start-up time goes, printed on the ready line so `bench:api` can report each step. */
const startupSteps: Array<[step: string, ms: number]> = [];
let stepStartedAt = 0;
function stepDone(step: string) {
  const now = performance.now();
  startupSteps.push([step, now - stepStartedAt]);
  stepStartedAt = now;
}

/** What main() has started so far; stopped newest first on shutdown or after a failed start-up. */
const started: Array<{ what: string; stop: () => Promise<unknown> }> = [];

async function stopStarted(log?: { error(obj: object, msg: string): void }) {
  for (const { what, stop } of started.splice(0).reverse()) {
    try {
      await stop();
    } catch (err) {
      if (log) log.error({ err }, `could not stop ${what}`);
      else console.error(`could not stop ${what}: ${String(err)}`);
    }
  }
}

async function main() {
  // Everything before this line is Node starting and loading the server's modules.
  stepDone('load code');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config);
  verifyCardanoDerivation(config);
  stepDone('config');
  const database = await prepareDatabase(config, log, stepDone);
  started.push({ what: 'the database', stop: () => database.stop() });
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  started.push({ what: 'the database pool', stop: () => handle.close() });
  const runsWorkers = config.ROLE !== 'web';
  const queue = await startQueue({ databaseUrl: database.url, runsWorkers, log });
  started.push({
    what: 'the job queue',
    stop: () => queue.stop({ graceful: true, wait: true, timeout: 10_000 }),
  });
  const ctx = createAppContext({ config, db: handle.db, queue, log });
  stepDone('queue');
  if (config.METRICS_PORT !== undefined) {
    collectProcessMetrics();
    bindStateReaders(databaseStateReaders(handle.pool));
    const metrics = await startMetricsServer(config.METRICS_HOST, config.METRICS_PORT);
    started.push({ what: 'the metrics server', stop: () => metrics.close() });
    log.info({ host: config.METRICS_HOST, port: metrics.port }, 'metrics served at /metrics');
    stepDone('metrics');
  }

  let app: FastifyInstance | undefined;
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info(`${signal}: shutting down (finishing in-flight requests and jobs)`);
    // Readiness answers 503 from here on, before anything stops.
    ctx.lifecycle.shuttingDown = true;
    await stopStarted(log);
  });

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
  if (runsWorkers) {
    await startWorker(ctx);
    stepDone('worker');
  }
  if (config.ROLE !== 'worker') {
    const web = await buildApp(ctx);
    app = web;
    started.push({ what: 'the web server', stop: () => web.close() });
    stepDone('app build');
    await web.listen({ host: config.HOST, port: config.PORT });
    stepDone('listen');
  }
  const seconds = (performance.now() / 1000).toFixed(2);
  const where = app
    ? ` — open http://localhost:${config.PORT} (listening on ${listeningOn(config.HOST)})`
    : '';
  console.info(
    `${config.APP_NAME} ready in ${seconds} s (role: ${config.ROLE}, database: ${config.embeddedDatabase ? `embedded in ${config.DATA_DIR}` : 'DATABASE_URL'})${where}`,
  );
  // CPU time beside the wall-clock steps: on a busy machine the steps stretch, the CPU time less so.
  const { user, system } = process.cpuUsage();
  const steps = startupSteps.map(([step, ms]) => `${step} ${Math.round(ms)} ms`).join(', ');
  console.info(`start-up steps: ${steps}, CPU time ${Math.round((user + system) / 1000)} ms`);
}

/** Says at start-up who can reach the store, so nobody exposes the demo by surprise. */
function listeningOn(host: string): string {
  if (isLoopbackAddress(host) || host === 'localhost')
    return `${host}, this computer only; set HOST=0.0.0.0 to open it to the network`;
  return `${host}; set HOST=127.0.0.1 to keep it on this computer`;
}

main().catch(async (error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  // A start-up that fails half-way must not leave the embedded PostgreSQL running.
  await stopStarted();
  process.exit(1);
});
