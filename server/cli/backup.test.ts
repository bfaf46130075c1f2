import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reportPdfs, userPurchases } from '../db/schema';
import { withDatabase } from '../testing/postgres';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUp } from '../testing/users';

// An operator's round trip: npm run db:backup on a store with users, payments, reports and
// stored PDFs, npm run db:restore into a new empty database, and the same data comes back;
// a database that already holds data is refused.

let source: TestApp;
let folder: string;
const target = `crow_restore_${process.pid}`;
let targetUrl: string;
let serverAdmin: pg.Client;

beforeAll(async () => {
  source = await createTestApp();
  folder = await mkdtemp(path.join(os.tmpdir(), 'crow-backup-'));
  serverAdmin = new pg.Client({ connectionString: withDatabase(source.databaseUrl, 'postgres') });
  await serverAdmin.connect();
  await serverAdmin.query(`create database ${target}`);
  targetUrl = withDatabase(source.databaseUrl, target);
});
afterAll(async () => {
  await serverAdmin.query(`drop database if exists ${target} with (force)`);
  await serverAdmin.end();
  await source.close();
  await rm(folder, { recursive: true, force: true });
});

const run = (script: 'db-backup' | 'db-restore', file: string, databaseUrl: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 120_000,
  });

/** Row count and a checksum of the rows' text, per table of the application schema. */
async function fingerprint(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    const result: Record<string, { rows: number; checksum: string | null }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query(
        `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as checksum from "${name}" t`,
      );
      result[name] = rows[0];
    }
    const { rows: pdfs } = await client.query(
      `select report_id, encode(sha256(pdf), 'hex') as sha256 from report_pdfs order by report_id`,
    );
    const { rows: sequences } = await client.query(
      `select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    return { tables: result, pdfs, sequences };
  } finally {
    await client.end();
  }
}

describe('npm run db:backup and db:restore', () => {
  it('restore brings back every table and the stored PDFs byte for byte, and refuses a non-empty database', async () => {
    // A store with two buyers, paid purchases (their reports and receipts) and two stored PDFs.
    const pdfs: Buffer[] = [];
    for (const assetName of ['Chainlink', 'Aave']) {
      const buyer = await signUp(source.app);
      const created = await source.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: buyer.cookie },
        payload: { purchaseType: 'new_report', assetName, acknowledgeUnknownAsset: true },
      });
      const { paymentIntentId } = created.json();
      const paid = await source.app.inject({
        method: 'POST',
        url: '/api/sandbox/card-payment',
        headers: { cookie: buyer.cookie },
        payload: { paymentIntentId, cardNumber: '4242 4242 4242 4242' },
      });
      expect(paid.statusCode).toBe(200);
      const [purchase] = await source.ctx.db
        .select()
        .from(userPurchases)
        .where(eq(userPurchases.stripePaymentIntentId, paymentIntentId));
      // Every byte value, so an encoding slip anywhere would show in the checksum.
      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.7\n'),
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(200_000),
      ]);
      pdfs.push(pdf);
      await source.ctx.db.insert(reportPdfs).values({
        reportId: purchase!.reportId!,
        pdf,
        sizeBytes: pdf.length,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        methodologyVersion: '3.0',
      });
    }
    const before = await fingerprint(source.databaseUrl);
    expect(before.tables.users!.rows).toBeGreaterThanOrEqual(2);
    expect(before.tables.user_purchases!.rows).toBe(2);
    expect(before.pdfs).toHaveLength(2);

    const file = path.join(folder, 'crow.jsonl.gz');
    const backup = run('db-backup', file, source.databaseUrl);
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows of \d+ tables to .+crow\.jsonl\.gz/);

    const restore = run('db-restore', file, targetUrl);
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);
    const after = await fingerprint(targetUrl);
    expect(after.tables).toEqual(before.tables);
    expect(after.pdfs).toEqual(before.pdfs);
    expect(after.pdfs.map((row) => row.sha256)).toEqual(
      pdfs.map((pdf) => createHash('sha256').update(pdf).digest('hex')),
    );
    // New ids continue after the restored ones.
    expect(after.sequences).toEqual(before.sequences);
    // The two reports were still waiting for research: the restored store gets their jobs again.
    expect(restore.stdout).toMatch(/queued again: 2 unfinished research/);
    const restored = new pg.Client({ connectionString: targetUrl });
    await restored.connect();
    const { rows: jobs } = await restored.query(
      `select (data->>'reportId')::int as "reportId" from pgboss.job where name = 'research' order by 1`,
    );
    await restored.end();
    const reportIds = before.pdfs.map((row) => row.report_id as number);
    expect(jobs.map((job) => job.reportId)).toEqual(reportIds);

    const again = run('db-restore', file, targetUrl);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(
      /^Refusing to restore: the target database is not empty \(rows in .*report_pdfs, .*nothing was changed/,
    );
    expect((await fingerprint(targetUrl)).tables).toEqual(before.tables);

    // An existing file is refused with one line, not a crash, and is left as it was.
    const bytes = await readFile(file);
    const overwrite = run('db-backup', file, source.databaseUrl);
    expect(overwrite.status).toBe(1);
    expect(overwrite.stderr).toBe(
      `${file} already exists: a backup never overwrites a file; choose a new name.\n`,
    );
    expect((await readFile(file)).equals(bytes)).toBe(true);
  }, 180_000);

  it('suggests a backup folder that neither git nor the image build takes in', async () => {
    const usage = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/db-backup.ts'], {
      encoding: 'utf8',
    });
    expect(usage.status).toBe(2);
    const suggested = /e\.g\. (\S+?)\//.exec(usage.stderr)?.[1];
    expect(suggested).toBe('backups');
    const ignored = spawnSync('git', [
      'check-ignore',
      `${suggested}/crow.jsonl.gz`,
      'data/postgres-password',
    ]);
    expect(ignored.status).toBe(0);
    const dockerignore = (await readFile('.dockerignore', 'utf8')).split('\n');
    expect(dockerignore).toContain(suggested);
    expect(dockerignore).toContain('data');
  });
});

describe('npm run db:restore on a tampered backup', () => {
  const tampered = `crow_tampered_${process.pid}`;
  const intruder = `crow_intruder_${process.pid}`;
  let tamperedUrl: string;
  let header: Record<string, unknown> & { tables: Array<{ name: string; columns: string[]; key: string[] }> };

  beforeAll(async () => {
    const file = path.join(folder, 'genuine.jsonl.gz');
    expect(run('db-backup', file, source.databaseUrl).status).toBe(0);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    header = lines[0];
  });
  beforeEach(async () => {
    await serverAdmin.query(`drop database if exists ${tampered} with (force)`);
    await serverAdmin.query(`create database ${tampered}`);
    tamperedUrl = withDatabase(source.databaseUrl, tampered);
  });
  afterAll(async () => {
    await serverAdmin.query(`drop database if exists ${tampered} with (force)`);
    await serverAdmin.query(`drop role if exists ${intruder}`);
  });

  async function writeBackup(name: string, lines: object[]): Promise<string> {
    const file = path.join(folder, name);
    await writeFile(file, gzipSync(lines.map((line) => `${JSON.stringify(line)}\n`).join('')));
    return file;
  }

  it('refuses a header that names a system catalog: no new superuser', async () => {
    // The review's probe: a pg_authid "table" in the header and one row, a copy of the superuser.
    const { rows } = await serverAdmin.query(
      `select to_jsonb(a) as row from pg_authid a where rolname = current_user`,
    );
    const row = { ...rows[0].row, oid: 3_999_000_000 + (process.pid % 100_000), rolname: intruder };
    const file = await writeBackup('pg-authid.jsonl.gz', [
      { ...header, tables: [...header.tables, { name: 'pg_authid', columns: Object.keys(row), key: [] }] },
      { table: 'pg_authid', row },
      { end: true, rows: { pg_authid: 1 } },
    ]);
    const restore = run('db-restore', file, tamperedUrl);
    expect(restore.stderr).toBe(
      `Refusing to restore ${file}: it names the table "pg_authid", which is not a table of this build. No row was restored.\n`,
    );
    expect(restore.status).toBe(1);
    const roles = await serverAdmin.query('select 1 from pg_roles where rolname = $1', [intruder]);
    expect(roles.rowCount).toBe(0);
  }, 120_000);

  it('refuses a header that gives a table a column the schema does not have', async () => {
    const tables = header.tables.map((table) =>
      table.name === 'users' ? { ...table, columns: [...table.columns, 'is_root'] } : table,
    );
    const file = await writeBackup('unknown-column.jsonl.gz', [
      { ...header, tables },
      { end: true, rows: {} },
    ]);
    const restore = run('db-restore', file, tamperedUrl);
    expect(restore.stderr).toBe(
      `Refusing to restore ${file}: it names an unknown column "is_root" of users. No row was restored.\n`,
    );
    expect(restore.status).toBe(1);
  }, 120_000);
});
