import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded';

// Helpers for tests and benchmarks (no test-runner imports, so e2e and bench can use them).

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

/** DATABASE_URL's server when set; otherwise a throwaway embedded PostgreSQL in a temp folder. */
export async function startThrowawayPostgres(
  label: string,
): Promise<{ serverUrl: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { serverUrl: process.env.DATABASE_URL, stop: async () => {} };
  const tempDir = await mkdtemp(path.join(os.tmpdir(), `crow-${label}-pg-`));
  const embedded = await startEmbeddedPostgres({
    dataDir: tempDir,
    port: await freePort(),
    database: 'postgres',
    persistent: false,
  });
  return {
    serverUrl: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}
