import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { freePort } from '../server/testing/postgres';
import { load, printTable, startBenchApp } from './support';

// npm run bench:api — authenticated GET /api/auth/me and GET /api/health under load, beside a
// bare Fastify route measured in the same run (ratios survive a noisy shared machine), and the
// cold start of the real entry point on an existing data directory.

const PASSWORD = 'Sturdy#Pass1';

async function measureThroughput() {
  const bench = await startBenchApp();
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareAddress = bare.server.address();
  const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/bare`;

  const register = await fetch(`${bench.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'bench_user',
      email: 'bench@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  });
  const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0]!;

  await load('warm-up', `${bench.baseUrl}/api/auth/me`, { seconds: 2, headers: { cookie } });
  const baseline = await load('bare Fastify route', bareUrl);
  const me = await load('GET /api/auth/me (signed in)', `${bench.baseUrl}/api/auth/me`, {
    headers: { cookie },
  });
  // The dashboard's steady state (bench:polling's load): unchanged lists answered 304 from memory.
  const unchangedPoll = async (label: string, pathName: string) => {
    const first = await fetch(`${bench.baseUrl}${pathName}`, { headers: { cookie } });
    await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    return load(label, `${bench.baseUrl}${pathName}`, { headers: { cookie, 'if-none-match': etag } });
  };
  const myReports = await unchangedPoll('GET /api/my-reports unchanged (304)', '/api/my-reports');
  const publicReports = await unchangedPoll('GET /api/public-reports unchanged (304)', '/api/public-reports');
  const health = await load('GET /api/health', `${bench.baseUrl}/api/health`);
  printTable([baseline, me, myReports, publicReports, health], baseline);
  const ratio = me.requestsPerSecond / baseline.requestsPerSecond;
  console.info(
    `\nauthenticated me at ${(ratio * 100).toFixed(0)}% of the bare route (target >= 40%): ${ratio >= 0.4 ? 'met' : 'NOT met'}`,
  );
  await bare.close();
  await bench.stop();
}

/** Starts server/main.ts and returns the ms until it prints that it is ready. */
function timeStart(env: Record<string, string>): Promise<{ ms: number; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(' ready in ')) {
        const ms = performance.now() - started;
        resolve({
          ms,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before ready:\n${output}`)));
  });
}

async function measureColdStart() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crow-bench-start-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  const first = await timeStart(env);
  await first.stop();
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await timeStart(env);
    runs.push(again.ms);
    await again.stop();
  }
  await rm(dataDir, { recursive: true, force: true });
  const median = [...runs].sort((a, b) => a - b)[1]!;
  console.info(
    `\ncold start to ready: first run (initdb) ${(first.ms / 1000).toFixed(2)} s; existing data dir median ${(median / 1000).toFixed(2)} s of ${runs.map((r) => (r / 1000).toFixed(2)).join(', ')} (target < 5 s): ${median < 5000 ? 'met' : 'NOT met'}`,
  );
}

await measureThroughput();
await measureColdStart();
