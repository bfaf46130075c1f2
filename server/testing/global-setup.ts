import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../db/migrate';
import { startQueue } from '../jobs/queue';
import { startThrowawayPostgres, withDatabase } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database (schema + job queue tables) that each test file copies. */
    templateDatabaseUrl: string;
  }
}

export { freePort, withDatabase } from './postgres';

/** Runs once per test run: one PostgreSQL (embedded unless DATABASE_URL is set) and a template database. */
export default async function setup(project: TestProject) {
  const { serverUrl, stop: stopServer } = await startThrowawayPostgres('test');
  const templateName = `crow_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  const templateUrl = withDatabase(serverUrl, templateName);
  await runMigrations(templateUrl);
  const queue = await startQueue({
    databaseUrl: templateUrl,
    runsWorkers: false,
    log: pino({ level: 'silent' }),
  });
  await queue.stop({ graceful: false, wait: true });
  project.provide('templateDatabaseUrl', templateUrl);

  return async () => {
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.end();
    await stopServer();
  };
}
