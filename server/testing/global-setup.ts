import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { startQueue } from '../jobs/queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database (schema + job queue tables) that each test file copies. */
    templateDatabaseUrl: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Runs once per test run: one PostgreSQL (embedded unless DATABASE_URL is set) and a template database. */
export default async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  let stopServer = async () => {};
  let tempDir: string | undefined;
  if (!serverUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'crow-test-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await freePort(),
      database: 'postgres',
      persistent: false,
    });
    serverUrl = embedded.url;
    stopServer = embedded.stop;
  }
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
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
