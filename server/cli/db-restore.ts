import { ConfigError, loadConfig } from '../config';
import { BackupError, requeueUnfinishedWork, restoreDatabase } from './backup';
import { openToolDatabase } from './tool-database';

// npm run db:restore -- FILE (node dist/api/db-restore.js FILE in the image): restores a backup
// into an EMPTY database (DATABASE_URL, or a new DATA_DIR); it refuses a database with any row.
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run db:restore -- FILE   (into an empty database: a new DATABASE_URL or DATA_DIR)',
  );
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openToolDatabase(config, { mustExist: false });
  try {
    const started = performance.now();
    const counts = await restoreDatabase(database.url, file);
    const requeued = await requeueUnfinishedWork(database.url);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.info(
      `Restored ${rows} rows of ${Object.keys(counts).length} tables from ${file} in ${Math.round(performance.now() - started)} ms; queued again: ${requeued.research} unfinished research, ${requeued.emails} undelivered emails.`,
    );
  } finally {
    await database.stop();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError;
  console.error(
    known ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
