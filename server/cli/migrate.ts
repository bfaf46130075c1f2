import { ConfigError, loadConfig } from '../config';
import { prepareDatabase } from '../database';
import { createLogger } from '../logger';

// npm run db:migrate (node dist/api/migrate.js in the image): applies pending migrations and
// exits, for a deploy step that migrates once before new processes start. Every process also
// migrates on start (under an advisory lock), so this step is a convenience, never a requirement.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const log = createLogger({ ...config, LOG_LEVEL: 'warn' });
const started = performance.now();
const database = await prepareDatabase(config, log);
await database.stop();
console.info(`Migrations are current (${Math.round(performance.now() - started)} ms).`);
