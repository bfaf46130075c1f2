import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { freePort } from '../server/testing/postgres';
import { load, printTable, startBenchApp } from './support';

// npm run bench:api — authenticated GET /api/auth/me and GET /api/health under load, beside a
// bare Fastify route measured in the same run (ratios survive a noisy shared machine), and the
// cold start of the real entry point on an existing data directory, step by step.

const PASSWORD = 'Sturdy#Pass1';
const DATABASE_SHARE_GOAL = 0.23;

const goalLine = (what: string, ratio: number, target: number, cpuRatio: number) =>
  `${what} at ${(ratio * 100).toFixed(0)}% of the bare route (goal >= ${target * 100}%): ${ratio >= target ? 'met' : 'NOT met'}; by CPU per request ${(cpuRatio * 100).toFixed(0)}%`;

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
  // Issue 48's goals, as shares of the bare route in this same run.
  console.info('');
  for (const [row, target] of [
    [me, 0.6],
    [myReports, 0.8],
    [publicReports, 0.8],
  ] as const) {
    console.info(
      goalLine(
        row.label,
        row.requestsPerSecond / baseline.requestsPerSecond,
        target,
        baseline.cpuUsPerRequest / row.cpuUsPerRequest,
      ),
    );
  }
  await bare.close();
  await bench.stop();
}

interface StartRun {
  ms: number;
  /** Each start-up step's milliseconds, as the server printed them. */
  steps: Map<string, number>;
}

/** Starts the server with `args` and returns the ms until it prints that it is ready. */
function timeStart(
  args: string[],
  env: Record<string, string>,
): Promise<StartRun & { stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let readyAt: number | undefined;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyAt === undefined && output.includes(' ready in ')) readyAt = performance.now() - started;
      const stepsLine = /start-up steps: (.*)/.exec(output);
      if (readyAt !== undefined && stepsLine) {
        const steps = new Map(
          [...stepsLine[1]!.matchAll(/([a-zA-Z ]+?) (\d+) ms/g)].map((m) => [m[1]!.trim(), Number(m[2])]),
        );
        child.stdout.off('data', onData);
        child.removeAllListeners('exit');
        // The first request after ready: what a health check or the first visitor waits for.
        const firstRequestStarted = performance.now();
        fetch(`http://127.0.0.1:${env.PORT}/`)
          .then(async (response) => {
            await response.arrayBuffer();
            steps.set('first request', Math.round(performance.now() - firstRequestStarted));
          })
          .catch(() => steps.set('first request', Number.NaN))
          .finally(() =>
            resolve({
              ms: readyAt!,
              steps,
              stop: () =>
                new Promise<void>((done) => {
                  child.once('exit', () => done());
                  child.kill('SIGTERM');
                }),
            }),
          );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before ready:\n${output}`)));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Starts `args` once on a new data directory (initdb), then `repeat` times on the existing one. */
async function coldStarts(args: string[], repeat: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crow-bench-start-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  };
  try {
    const first = await timeStart(args, env);
    await first.stop();
    const runs: StartRun[] = [];
    for (let i = 0; i < repeat; i++) {
      const again = await timeStart(args, env);
      runs.push(again);
      await again.stop();
    }
    return { first, runs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measureColdStart() {
  // What `npm start` and the image run: the server built ahead of time into dist/api.
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('npm run build:server failed');
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  const loadBefore = load();
  const compiled = await coldStarts(['--enable-source-maps', 'dist/api/main.js'], 5);
  // What `npm run dev` runs (transpiled at every start), measured in the same run: the ratio
  // between the two survives a busy machine better than either figure alone.
  const transpiled = await coldStarts(['--import', 'tsx', 'server/main.ts'], 3);
  const loadAfter = load();

  const stepNames = [...compiled.runs[0]!.steps.keys()];
  console.info('\ncold start on an existing data directory, median ms per step:\n');
  console.info(`${'step'.padEnd(22)}${'compiled'.padStart(10)}${'tsx'.padStart(10)}`);
  for (const step of stepNames) {
    const of = (runs: StartRun[]) => String(median(runs.map((r) => r.steps.get(step) ?? 0))).padStart(10);
    console.info(`${step.padEnd(22)}${of(compiled.runs)}${of(transpiled.runs)}`);
  }
  const compiledMedian = median(compiled.runs.map((r) => r.ms));
  const transpiledMedian = median(transpiled.runs.map((r) => r.ms));
  const list = (runs: StartRun[]) => runs.map((r) => seconds(r.ms)).join(', ');
  console.info(
    `\ncompiled (npm start): first run (initdb) ${seconds(compiled.first.ms)}; existing data dir median ${seconds(compiledMedian)} of ${list(compiled.runs)}`,
  );
  console.info(
    `tsx (npm run dev): first run (initdb) ${seconds(transpiled.first.ms)}; existing data dir median ${seconds(transpiledMedian)} of ${list(transpiled.runs)}`,
  );
  console.info(
    `compiled / tsx: ${((compiledMedian / transpiledMedian) * 100).toFixed(0)}%; load average (1, 5, 15 min) before ${loadBefore}, after ${loadAfter}`,
  );
  console.info(
    `compiled cold start median ${seconds(compiledMedian)} (target < 3 s on a quiet machine): ${compiledMedian < 3000 ? 'met' : 'NOT met'}`,
  );
  // Issue 48: the embedded database was 1.5 s of a 3.3 s start (45%); the goal halves its share.
  // The step is the time the start waited for the database after its own code had loaded.
  const databaseShare = median(compiled.runs.map((r) => (r.steps.get('embedded PostgreSQL') ?? 0) / r.ms));
  console.info(
    `embedded PostgreSQL's share of the compiled cold start ${(databaseShare * 100).toFixed(0)}% (goal <= ${DATABASE_SHARE_GOAL * 100}%, half of issue 48's 45%): ${databaseShare <= DATABASE_SHARE_GOAL ? 'met' : 'NOT met'}`,
  );
}

// `-- --cold-start` measures only the start-up, `-- --throughput` only the requests.
if (!process.argv.includes('--cold-start')) await measureThroughput();
if (!process.argv.includes('--throughput')) await measureColdStart();
