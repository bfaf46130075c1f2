import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/postgres';

// The real entry point as an operator runs it: embedded database in a data folder, signals,
// crashes and bad configuration.

let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'crow-main-'));
  env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
}

function start(extraEnv: Record<string, string> = {}): Promise<Started> {
  const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...parentEnv, ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes(' ready in ')) {
        clearInterval(timer);
        resolve({ child, output: () => output });
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('npm start (server/main.ts)', () => {
  it('starts on an empty data folder, prints where to open it and the admin credentials once', async () => {
    const first = await start();
    expect(first.output()).toMatch(/open http:\/\/localhost:\d+/);
    expect(first.output()).toMatch(/password: \S+/);
    const health = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok', queue: 'ok' });

    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await start();
    expect(second.output()).not.toMatch(/password:/);
    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
  }, 90_000);

  it('starts again after the previous run was killed without stopping its database', async () => {
    const crashed = await start();
    crashed.child.kill('SIGKILL');
    await exited(crashed.child);
    // The orphaned PostgreSQL still holds the data folder; the next start must recover.
    const again = await start();
    const health = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
    expect(health.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await exited(again.child)).toBe(0);
  }, 90_000);

  it('exits non-zero and stops its database when start-up fails after the database started', async () => {
    // The web port is taken, so listen() fails after PostgreSQL, migrations and the queue are up.
    const squatter = createServer();
    squatter.listen(Number(env.PORT), '0.0.0.0');
    await once(squatter, 'listening');
    try {
      const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...parentEnv, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await exited(child)).toBe(1);
      expect(stderr).toContain('EADDRINUSE');
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      squatter.close();
    }
  }, 90_000);

  it('refuses a bad setting with one readable line naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(child)).toBe(1);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^Invalid configuration: PORT="eighty"/);
  }, 30_000);

  it('serves metrics on METRICS_PORT only when it is set, never on the public port', async () => {
    const without = await start();
    expect(listeningPorts(without.child.pid!)).toEqual([Number(env.PORT)]);
    without.child.kill('SIGTERM');
    expect(await exited(without.child)).toBe(0);

    const metricsPort = await freePort();
    const withMetrics = await start({ METRICS_PORT: String(metricsPort) });
    try {
      expect(listeningPorts(withMetrics.child.pid!)).toEqual(
        [Number(env.PORT), metricsPort].sort((a, b) => a - b),
      );
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      const text = await scraped.text();
      expect(text).toContain('# TYPE crow_http_request_duration_seconds histogram');
      expect(text).toMatch(/crow_job_queue_depth\{queue="research"\} \d+/);
      expect(text).toMatch(/^process_cpu_seconds_total \d/m);
      const publicPort = await fetch(`http://127.0.0.1:${env.PORT}/metrics`);
      expect(await publicPort.text()).not.toContain('# TYPE');
    } finally {
      withMetrics.child.kill('SIGTERM');
      expect(await exited(withMetrics.child)).toBe(0);
    }
  }, 90_000);
});

/** The TCP ports a process listens on, read from /proc (its socket descriptors and the kernel's tables). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // A descriptor closed while the folder was read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // Fields: sl, local address, remote address, state (0A = LISTEN), …, inode (10th).
      if (fields[3] === '0A' && inodes.has(fields[9]!))
        ports.add(Number.parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}
