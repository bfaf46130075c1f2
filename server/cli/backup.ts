import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import pino from 'pino';
import { connectDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { enqueueResearch } from '../domain/research-start';
import { sendEmailJob } from '../email/outbox';
import { findQueuedEmailIds } from '../email/repository';
import { startQueue } from '../jobs/queue';
import { findUnfinishedReportIds } from '../research/repository';

// Backup and restore through the database server itself (node-postgres, no pg_dump): every table
// of the application schema, read in ONE repeatable-read, read-only transaction (a consistent
// snapshot while the store keeps running), written as gzipped JSON lines. Rows travel as
// to_jsonb and come back through jsonb_populate_recordset, so PostgreSQL's own input and output
// functions convert every type (bytea PDFs, numeric amounts, timestamps, arrays) exactly.
// Decision 0213 says why not pg_dump.

export const BACKUP_FORMAT = 'crow-research-backup';
const FORMAT_VERSION = 1;
const BATCH_ROWS = 500;

interface TableInfo {
  name: string;
  /** Stored columns in table order (generated columns are recomputed on restore). */
  columns: string[];
  /** Primary-key columns: rows are written in key order. */
  key: string[];
}

interface Header {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The schema level: restore refuses a backup from another set of migrations. */
  migrations: { count: number; lastHash: string | null };
  /** Tables in an order that satisfies their foreign keys. */
  tables: TableInfo[];
  /** Sequence positions, so new ids continue after the restored ones. */
  sequences: Array<{ name: string; lastValue: string | null }>;
}

type Line = { table: string; row: Record<string, unknown> } | { end: true; rows: Record<string, number> };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** The only schema a backup reads from and a restore writes into. */
const APPLICATION_SCHEMA = 'public';

export class BackupError extends Error {}

async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows: tables } = await client.query<{ name: string; columns: string[]; key: string[] | null }>(`
    select c.relname as name,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
           (select array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
                           join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n)
              from pg_index i where i.indrelid = c.oid and i.indisprimary) as key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`);
  const { rows: references } = await client.query<{ child: string; parent: string }>(`
    select distinct c.relname as child, p.relname as parent
      from pg_constraint f
      join pg_class c on c.oid = f.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = f.confrelid
     where f.contype = 'f' and cn.nspname = 'public' and c.oid <> p.oid`);
  // Parents before children; a table that refers to itself is written in key order instead.
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references) parents.set(child, [...(parents.get(child) ?? []), parent]);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const byName = new Map(tables.map((table) => [table.name, table]));
  const visit = (name: string, path: string[]) => {
    if (placed.has(name) || !byName.has(name)) return;
    if (path.includes(name))
      throw new BackupError(`foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    placed.add(name);
    const table = byName.get(name)!;
    ordered.push({ name: table.name, columns: table.columns, key: table.key ?? [] });
  };
  for (const table of tables) visit(table.name, []);
  return ordered;
}

async function appliedMigrations(client: pg.ClientBase): Promise<Header['migrations']> {
  const { rows: exists } = await client.query(`select to_regclass('drizzle.__drizzle_migrations') as t`);
  if (!exists[0]?.t) return { count: 0, lastHash: null };
  const { rows } = await client.query<{ count: number; last: string | null }>(
    `select count(*)::int as count, (select hash from drizzle.__drizzle_migrations order by id desc limit 1) as last
       from drizzle.__drizzle_migrations`,
  );
  return { count: rows[0]!.count, lastHash: rows[0]!.last };
}

/** Writes a consistent backup of the database at `databaseUrl` to `file`; returns rows per table. */
export async function backupDatabase(databaseUrl: string, file: string): Promise<Record<string, number>> {
  // The file is created first, and only if it is new: an existing backup is never overwritten,
  // and a name that is taken says so before any work is done.
  await mkdir(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const output = await open(file, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST')
      throw new BackupError(`${file} already exists: a backup never overwrites a file; choose a new name.`);
    throw error;
  });
  const gzip = createGzip();
  const written = pipeline(gzip, output.createWriteStream());
  written.catch(() => {}); // awaited below; a write error must not surface as an unhandled rejection
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'crow-backup' });
  const write = async (line: object) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const counts: Record<string, number> = {};
  try {
    // Every read below sees the same moment: a purchase and its report, its PDF and its payment.
    await client.connect();
    await client.query('begin isolation level repeatable read read only');
    const tables = await listTables(client);
    const { rows: sequences } = await client.query<{ name: string; lastValue: string | null }>(
      `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = 'public'`,
    );
    const header: Header = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(client),
      tables,
      sequences,
    };
    await write(header);
    for (const table of tables) {
      counts[table.name] = 0;
      const order = table.key.length ? ` order by ${table.key.map(quote).join(', ')}` : '';
      await client.query(
        `declare backup_rows no scroll cursor for select to_jsonb(t) as row from ${quote(APPLICATION_SCHEMA)}.${quote(table.name)} t${order}`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: Record<string, unknown> }>(
          `fetch ${BATCH_ROWS} from backup_rows`,
        );
        for (const { row } of rows) await write({ table: table.name, row } satisfies Line);
        counts[table.name] = (counts[table.name] ?? 0) + rows.length;
        if (rows.length < BATCH_ROWS) break;
      }
      await client.query('close backup_rows');
    }
    // The closing line lets restore tell a complete file from a cut-off one.
    await write({ end: true, rows: counts } satisfies Line);
    await client.query('commit');
    gzip.end();
    await written;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(file, { force: true }); // a partial backup is no backup
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
  return counts;
}

/** Tables of the application schema that hold at least one row. */
async function tablesWithRows(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const filled: string[] = [];
  for (const { name } of tables) {
    const { rows } = await client.query(
      `select exists (select 1 from ${quote(APPLICATION_SCHEMA)}.${quote(name)}) as filled`,
    );
    if (rows[0]?.filled) filled.push(name);
  }
  return filled;
}

async function* readLines(file: string): AsyncGenerator<unknown> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield JSON.parse(line);
}

const refused = (file: string, what: string) =>
  new BackupError(`Refusing to restore ${file}: it names ${what}. No row was restored.`);

/**
 * The backup's tables, each checked against this build's freshly migrated schema as the catalog
 * describes it (never as the backup's own header says): only tables of the application schema,
 * and only their stored columns, so a tampered header cannot write into a system catalog.
 */
async function acceptedTables(
  client: pg.ClientBase,
  header: Header,
  file: string,
): Promise<Map<string, TableInfo>> {
  const catalog = new Map((await listTables(client)).map((table) => [table.name, table]));
  if (!Array.isArray(header.tables)) throw refused(file, 'no list of tables');
  const accepted = new Map<string, TableInfo>();
  for (const table of header.tables) {
    const known = typeof table?.name === 'string' ? catalog.get(table.name) : undefined;
    if (!known || accepted.has(known.name))
      throw refused(file, `the table ${JSON.stringify(table?.name)}, which is not a table of this build`);
    if (!Array.isArray(table.columns)) throw refused(file, `no columns for ${known.name}`);
    for (const column of table.columns) {
      if (typeof column !== 'string' || !known.columns.includes(column))
        throw refused(file, `an unknown column ${JSON.stringify(column)} of ${known.name}`);
    }
    accepted.set(known.name, { name: known.name, columns: table.columns, key: known.key });
  }
  return accepted;
}

async function applicationSequences(client: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await client.query<{ name: string }>(
    'select sequencename as name from pg_sequences where schemaname = $1',
    [APPLICATION_SCHEMA],
  );
  return new Set(rows.map((row) => row.name));
}

/**
 * Restores `file` into the empty database at `databaseUrl`: this build's migrations create the
 * schema, then every row goes in within one transaction (all or nothing). Refuses a database
 * that holds any row, and a backup made at another migration level.
 */
export async function restoreDatabase(databaseUrl: string, file: string): Promise<Record<string, number>> {
  const lines = readLines(file);
  const first = await lines.next().catch((error: unknown) => {
    throw new BackupError(
      `${file} is not a readable backup (${error instanceof Error ? error.message : error})`,
    );
  });
  const header = first.value as Header | undefined;
  if (header?.format !== BACKUP_FORMAT || header.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(`${file} is not a ${BACKUP_FORMAT} file of format ${FORMAT_VERSION}`);
  }

  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'crow-restore' });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    const filled = await tablesWithRows(client);
    if (filled.length > 0) {
      throw new BackupError(
        `Refusing to restore: the target database is not empty (rows in ${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}). Restore into a new, empty database; nothing was changed.`,
      );
    }
    await runMigrations(databaseUrl);
    const migrations = await appliedMigrations(client);
    if (migrations.count !== header.migrations.count || migrations.lastHash !== header.migrations.lastHash) {
      throw new BackupError(
        `The backup was made at migration ${header.migrations.count} and this build is at ${migrations.count}: restore it with the release that made it, then upgrade (new processes migrate on start).`,
      );
    }

    const tables = await acceptedTables(client, header, file);
    for (const name of tables.keys()) counts[name] = 0;
    let batch: Record<string, unknown>[] = [];
    let batchTable: string | undefined;
    const flush = async () => {
      if (!batchTable || batch.length === 0) return;
      const table = tables.get(batchTable)!;
      const columns = table.columns.map(quote).join(', ');
      const qualified = `${quote(APPLICATION_SCHEMA)}.${quote(table.name)}`;
      await client.query(
        `insert into ${qualified} (${columns}) overriding system value
         select ${columns} from jsonb_populate_recordset(null::${qualified}, $1::jsonb)`,
        [JSON.stringify(batch)],
      );
      counts[table.name] = (counts[table.name] ?? 0) + batch.length;
      batch = [];
    };
    let ended: Record<string, number> | undefined;
    await client.query('begin');
    for await (const value of lines) {
      const line = value as Line;
      if ('end' in line) {
        ended = line.rows;
        break;
      }
      if (typeof line.table !== 'string' || !tables.has(line.table))
        throw refused(file, `a row of ${JSON.stringify(line.table)}, which is not a table of this build`);
      if (line.table !== batchTable || batch.length >= BATCH_ROWS) await flush();
      batchTable = line.table;
      batch.push(line.row);
    }
    await flush();
    if (!ended) throw new BackupError(`${file} ends early (no closing line): the backup is incomplete`);
    for (const [table, rows] of Object.entries(ended)) {
      if (!tables.has(table))
        throw refused(file, `a count for ${JSON.stringify(table)}, not a table of this build`);
      if ((counts[table] ?? 0) !== rows) {
        throw new BackupError(`${table}: restored ${counts[table] ?? 0} rows, the backup says ${rows}`);
      }
    }
    const sequences = await applicationSequences(client);
    for (const sequence of header.sequences) {
      if (!sequences.has(sequence.name))
        throw refused(file, `the sequence ${JSON.stringify(sequence.name)}, not one of this build`);
      if (sequence.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        `${quote(APPLICATION_SCHEMA)}.${quote(sequence.name)}`,
        sequence.lastValue,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
    await lines.return(undefined);
  }
  return counts;
}

/**
 * Jobs are not in a backup: research that had not finished, and emails not yet delivered, get
 * their jobs again so the restored store finishes them (one job per report, as at purchase).
 */
export async function requeueUnfinishedWork(
  databaseUrl: string,
): Promise<{ research: number; emails: number }> {
  const handle = connectDatabase(databaseUrl, 2);
  const queue = await startQueue({ databaseUrl, runsWorkers: false, log: pino({ level: 'silent' }) });
  try {
    const reports = await findUnfinishedReportIds(handle.db);
    for (const id of reports) await enqueueResearch(handle.db, queue, id);
    const emails = await findQueuedEmailIds(handle.db);
    for (const id of emails) await sendEmailJob(handle.db, queue, { messageId: id });
    return { research: reports.length, emails: emails.length };
  } finally {
    await queue.stop({ graceful: false, wait: true });
    await handle.close();
  }
}
