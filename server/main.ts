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
import { createAppContext } from './providers';

async function main() {
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
  const database = await prepareDatabase(config, log);
  const handle = connectDatabase(database.url, config.DATABASE_POOL_SIZE);
  const runsWorkers = config.ROLE !== 'web';
  const queue = await startQueue({ databaseUrl: database.url, runsWorkers, log });
  const ctx = createAppContext({ config, db: handle.db, queue, log });

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
  }
  if (runsWorkers) await startWorker(ctx);
  if (config.ROLE !== 'worker') {
    app = await buildApp(ctx);
    await app.listen({ host: config.HOST, port: config.PORT });
  }
  const seconds = (performance.now() / 1000).toFixed(2);
  const where = app
    ? ` — open http://localhost:${config.PORT} (listening on ${listeningOn(config.HOST)})`
    : '';
  console.info(
    `${config.APP_NAME} ready in ${seconds} s (role: ${config.ROLE}, database: ${config.embeddedDatabase ? `embedded in ${config.DATA_DIR}` : 'DATABASE_URL'})${where}`,
  );
}

/** Says at start-up who can reach the store, so nobody exposes the demo by surprise. */
function listeningOn(host: string): string {
  if (isLoopbackAddress(host) || host === 'localhost')
    return `${host}, this computer only; set HOST=0.0.0.0 to open it to the network`;
  return `${host}; set HOST=127.0.0.1 to keep it on this computer`;
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
