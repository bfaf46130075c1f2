import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../testing/postgres';

// The deploy step that migrates before new processes start: an empty database ends up with
// every migration, a second run changes nothing, and a bad setting stops it with one line.
const templateUrl = inject('templateDatabaseUrl');
const database = `migrate_cli_${process.pid}`;
const databaseUrl = withDatabase(templateUrl, database);
const serverAdmin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });

beforeAll(async () => {
  await serverAdmin.connect();
  await serverAdmin.query(`create database ${database}`);
});
afterAll(async () => {
  await serverAdmin.query(`drop database if exists ${database} with (force)`);
  await serverAdmin.end();
});

const run = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/migrate.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });

async function appliedMigrations(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe('npm run db:migrate', () => {
  it('migrates an empty database, then finds nothing to do', async () => {
    const first = run({ DATABASE_URL: databaseUrl });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Migrations are current/);
    const applied = await appliedMigrations();
    expect(applied).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query(`select to_regclass('public.users') as users`);
    await client.end();
    expect(rows[0].users).toBe('users');

    const second = run({ DATABASE_URL: databaseUrl });
    expect(second.status, second.stderr).toBe(0);
    expect(await appliedMigrations()).toBe(applied);
  }, 60_000);

  it('stops with one line naming the setting when the configuration is wrong', () => {
    const bad = run({ NODE_ENV: 'production', DATABASE_URL: '' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toMatch(
      /^Invalid configuration: DATABASE_URL is required when NODE_ENV=production/,
    );
  }, 30_000);
});
