import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config';
import type { Lifecycle } from './context';
import { startDatabaseServer } from './database';
import { runMigrations } from './db/migrate';
import { isLoopbackAddress } from './http/loopback';
import { createLogger } from './logger';
import type { StartedPart } from './start-roles';

/** Where start-up time goes, printed on the ready line so `bench:api` can report each step. */
const startupSteps: Array<[step: string, ms: number]> = [];
let stepStartedAt = 0;
function stepDone(step: string) {
  const now = performance.now();
  startupSteps.push([step, now - stepStartedAt]);
  stepStartedAt = now;
}

/** What main() has started so far; stopped newest first on shutdown or after a failed start-up. */
const started: StartedPart[] = [];

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
  // Everything before this line is Node starting and loading this small entry module.
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
  stepDone('config');
  const lifecycle: Lifecycle = { shuttingDown: false };
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info(`${signal}: shutting down (finishing in-flight requests and jobs)`);
    // Readiness answers 503 from here on, before anything stops.
    lifecycle.shuttingDown = true;
    await stopStarted(log);
  });
  // The database server starts in its own process while this one loads the application's code
  // (the largest start-up step): the two overlap instead of adding up.
  const databaseStarting = startDatabaseServer(config, log, stepDone);
  const roles = import('./start-roles');
  roles.catch(() => {}); // awaited below, where a failure is reported
  const database = await databaseStarting;
  started.push({ what: 'the database', stop: () => database.stop() });
  const migrated = runMigrations(database.url);
  migrated.catch(() => {}); // awaited in startRoles, beside the queue's start
  const { startRoles } = await roles;
  stepDone('load app code');
  const { app } = await startRoles({
    config,
    log,
    databaseUrl: database.url,
    migrated,
    lifecycle,
    started,
    stepDone,
  });
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
    return `${host}, this computer only; set HOST=0.0.0.0 (and ALLOWED_HOSTS to the names it is reached by) to open it to the network`;
  return `${host}; set HOST=127.0.0.1 to keep it on this computer`;
}

main().catch(async (error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  // A start-up that fails half-way must not leave the embedded PostgreSQL running.
  await stopStarted();
  process.exit(1);
});
