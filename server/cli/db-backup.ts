import { ConfigError, loadConfig } from '../config';
import { BackupError, backupDatabase } from './backup';
import { openToolDatabase } from './tool-database';

// npm run db:backup -- FILE (node dist/api/db-backup.js FILE in the image): a consistent backup
// of DATABASE_URL, or of the embedded database in DATA_DIR (running or not), to a new FILE.
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error(
    'Usage: npm run db:backup -- FILE   (FILE must not exist yet; e.g. backups/crow-2026-11-24.jsonl.gz, a folder\n' +
      'that git and the image build leave out, or a path outside the checkout: a backup holds password hashes and tokens)',
  );
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openToolDatabase(config, { mustExist: true });
  try {
    const started = performance.now();
    const counts = await backupDatabase(database.url, file);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.info(
      `Backed up ${rows} rows of ${Object.keys(counts).length} tables to ${file} in ${Math.round(performance.now() - started)} ms.`,
    );
  } finally {
    await database.stop();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError;
  console.error(
    known ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
