import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './database';
import { connectDatabase } from './db/client';
import { ensureAdmin } from './features/auth/service';
import { verifyCardanoDerivation } from './features/cardano/derivation';
import { startQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { createLogger } from './logger';
import { createAppContext } from './providers';

/** Where start-up time goes, printed on the ready line so `bench:api` can report each step. */
const startupSteps: Array<[step: string, ms: number]> = [];
let stepStartedAt = 0;
function stepDone(step: string) {
  const now = performance.now();
  startupSteps.push([step, now - stepStartedAt]);
  stepStartedAt = now;
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
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const runsWorkers = config.ROLE !== 'web';
  const queue = await startQueue({ databaseUrl: database.url, runsWorkers, log });
  const ctx = createAppContext({ config, db: handle.db, queue, log });
  stepDone('queue');

  let app: FastifyInstance | undefined;
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info(`${signal}: shutting down (finishing in-flight requests and jobs)`);
    await app?.close();
    await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
    await handle.close();
    await database.stop();
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
    app = await buildApp(ctx);
    stepDone('app build');
    await app.listen({ host: config.HOST, port: config.PORT });
    stepDone('listen');
  }
  const seconds = (performance.now() / 1000).toFixed(2);
  const where = app ? ` — open http://localhost:${config.PORT}` : '';
  console.info(
    `${config.APP_NAME} ready in ${seconds} s (role: ${config.ROLE}, database: ${config.embeddedDatabase ? `embedded in ${config.DATA_DIR}` : 'DATABASE_URL'})${where}`,
  );
  // CPU time beside the wall-clock steps: on a busy machine the steps stretch, the CPU time less so.
  const { user, system } = process.cpuUsage();
  const steps = startupSteps.map(([step, ms]) => `${step} ${Math.round(ms)} ms`).join(', ');
  console.info(`start-up steps: ${steps}, CPU time ${Math.round((user + system) / 1000)} ms`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
