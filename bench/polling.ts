import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { TIMINGS_MS } from '../contract/constants';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { freePort } from '../server/testing/postgres';

// Dashboard polling load: every simulated signed-in user polls as the dashboard does —
// my-reports every 15 s (all its reports are completed), public-reports every 30 s, and both
// every 10 s (the combined refresh) — sending If-None-Match like a browser's HTTP cache.
// 10,000 reports; each user has 20 purchases. The user count rises in steps up to 12,000 (every
// step is run and printed); the answer is the largest step held with p99 < 100 ms and no errors.
// Users stay signed in from one step to the next and keep the entity tags their browser holds.
// The users a step adds first open their dashboards (two full answers each, not measured; the
// "opened" column is how many dashboards per second that took), then the step measures steady
// polling, which is what 10,000 users with open dashboards cost. The web processes run on their
// own (ROLE=web, two by default, users spread evenly) and answer unchanged polls from the list
// versions they keep in memory, so steady polling costs the database nothing.

const REPORTS = 10_000;
const PURCHASES_PER_USER = 20;
const STEPS = (process.env.BENCH_STEPS ?? '1000,2000,3000,4000,5000,6000,7000,8000,9000,10000,11000,12000')
  .split(',')
  .map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const P99_LIMIT_MS = 100;
/** Stateless web processes behind a load balancer: users are spread over them evenly. */
const WEB_PROCESSES = Number(process.env.BENCH_WEB_PROCESSES ?? 2);

async function seed(url: string, users: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Seeding is not measured: skip the change-notification triggers (no web process listens yet).
  await client.query('set session_replication_role = replica');
  await client.query(
    `insert into research_reports (asset_name, status, is_public, composite_score, completed_at)
     select 'Asset ' || g, 'completed', true, (15 + (g % 62))::numeric(4,2), now() - (g || ' minutes')::interval
     from generate_series(1, $1) g`,
    [REPORTS],
  );
  await client.query(
    `insert into users (username, email, password_hash)
     select 'bench_' || g, 'bench_' || g || '@example.com', 'not-a-hash' from generate_series(1, $1) g`,
    [users],
  );
  await client.query(
    `insert into user_purchases (user_id, report_id, purchase_type, asset_name, amount, payment_method,
       stripe_payment_intent_id, status, completed_at)
     select u.id, 1 + ((u.id * 37 + k * 101) % $1), 'existing_report', 'Asset', '2.99', 'card',
       'pi_bench_' || u.id || '_' || k, 'completed', now()
     from users u cross join generate_series(1, $2) k`,
    [REPORTS, PURCHASES_PER_USER],
  );
  await client.query(
    `insert into sessions (id, user_id, expires_at)
     select encode(sha256(convert_to('bench-token-' || n, 'UTF8')), 'hex'), id, now() + interval '30 days'
     from (select id, row_number() over (order by id) as n from users) numbered`,
  );
  await client.query('analyze');
  await client.end();
}

async function startWeb(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      'server/main.ts',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        ROLE: 'web',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        DATABASE_POOL_SIZE: '20',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let attempt = 0; attempt < 480; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  child.kill('SIGTERM');
  throw new Error('the web process did not start');
}

interface StepResult {
  users: number;
  requests: number;
  errors: number;
  notModified: number;
  p50: number;
  p99: number;
  rps: number;
  /** Every answered request of the step, warm-up included (for the per-request costs). */
  answered: number;
}

/** CPU time (ms) a process has used so far; null where /proc is not available. */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Transactions the database has run so far (every query outside a transaction is one). */
async function transactions(client: pg.Client): Promise<number> {
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ count: string }>(
    'select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]!.count);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Entity tags each simulated browser holds, per user and path; kept across steps. */
const browserCaches = new Map<number, Map<string, string>>();

/**
 * The users a step adds open their dashboards before it is measured: each loads both lists once
 * (full answers, at most 64 in flight), so their browsers hold entity tags as a dashboard open
 * for a while does. Returns the seconds it took; the step then measures steady polling.
 */
async function openDashboards(ports: number[], fromUser: number, toUser: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = performance.now();
  let next = fromUser;
  const open = async () => {
    while (next <= toUser) {
      const id = next;
      next += 1;
      const etags = new Map<string, string>();
      browserCaches.set(id, etags);
      for (const pathName of ['/api/my-reports', '/api/public-reports']) {
        const tag = await new Promise<string | undefined>((resolve, reject) => {
          http
            .get(
              {
                host: '127.0.0.1',
                port: ports[id % ports.length]!,
                path: pathName,
                agent,
                headers: { cookie: cookieOf(id) },
              },
              (res) => {
                res.resume();
                res.on('end', () =>
                  res.statusCode === 200
                    ? resolve(res.headers.etag)
                    : reject(new Error(`${pathName} answered ${res.statusCode} while opening dashboards`)),
                );
              },
            )
            .on('error', reject);
        });
        if (tag) etags.set(pathName, tag);
      }
    }
  };
  await Promise.all(Array.from({ length: 64 }, open));
  agent.destroy();
  return (performance.now() - started) / 1000;
}

const cookieOf = (id: number) => `session_id=bench-token-${id}`;

async function runStep(ports: number[], users: number): Promise<StepResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let notModified = 0;
  let requests = 0;
  let answered = 0;
  const errorKinds = new Map<string, number>();
  const started = performance.now();
  const measureFrom = started + WARMUP_SECONDS * 1000;
  const endAt = started + STEP_SECONDS * 1000;
  const timers: NodeJS.Timeout[] = [];

  const request = (port: number, cookie: string, pathName: string, etags: Map<string, string>) => {
    if (performance.now() > endAt) return;
    const sentAt = performance.now();
    const etag = etags.get(pathName);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        agent,
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const doneAt = performance.now();
          answered += 1;
          const ok = res.statusCode === 200 || res.statusCode === 304;
          if (sentAt >= measureFrom) {
            requests += 1;
            latencies.push(doneAt - sentAt);
            if (!ok) {
              errors += 1;
              errorKinds.set(
                `${res.statusCode} ${pathName}`,
                (errorKinds.get(`${res.statusCode} ${pathName}`) ?? 0) + 1,
              );
            }
            if (res.statusCode === 304) notModified += 1;
          }
          const tag = res.headers.etag;
          if (ok && tag) etags.set(pathName, tag);
        });
      },
    );
    req.on('error', (error) => {
      if (sentAt >= measureFrom) {
        errors += 1;
        errorKinds.set(error.message, (errorKinds.get(error.message) ?? 0) + 1);
      }
    });
    req.end();
  };

  for (let id = 1; id <= users; id += 1) {
    const cookie = cookieOf(id);
    const port = ports[id % ports.length]!;
    const held = browserCaches.get(id)!;
    // Users have had their dashboards open for a while: each timer runs at its own random phase,
    // so the load is the steady state (0.3 requests per user per second) from the first second.
    const every = (intervalMs: number, paths: string[]) => {
      timers.push(
        setTimeout(() => {
          const fire = () => {
            for (const pathName of paths) request(port, cookie, pathName, held);
          };
          fire();
          timers.push(setInterval(fire, intervalMs));
        }, Math.random() * intervalMs),
      );
    };
    every(TIMINGS_MS.myReportsIdlePoll, ['/api/my-reports']);
    every(TIMINGS_MS.publicReportsPoll, ['/api/public-reports']);
    every(TIMINGS_MS.dashboardRefresh, ['/api/my-reports', '/api/public-reports']);
  }
  await sleep(STEP_SECONDS * 1000);
  for (const timer of timers) clearTimeout(timer);
  await sleep(1000);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  if (errorKinds.size) console.info(`  errors: ${JSON.stringify(Object.fromEntries(errorKinds))}`);
  const measuredSeconds = STEP_SECONDS - WARMUP_SECONDS;
  return {
    users,
    requests,
    errors,
    notModified,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: requests / measuredSeconds,
    answered,
  };
}

async function main() {
  const maxUsers = Math.max(...STEPS);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crow-bench-polling-'));
  const database = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'crow_bench',
    persistent: false,
  });
  const webs: ChildProcess[] = [];
  try {
    await runMigrations(database.url);
    const seedStart = performance.now();
    await seed(database.url, maxUsers);
    console.info(
      `seeded ${REPORTS} reports, ${maxUsers} users x ${PURCHASES_PER_USER} purchases in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const ports: number[] = [];
    for (let i = 0; i < WEB_PROCESSES; i += 1) {
      const port = await freePort();
      webs.push(await startWeb(database.url, port));
      ports.push(port);
    }
    console.info(
      `${WEB_PROCESSES} web process(es); step ${STEP_SECONDS} s each (first ${WARMUP_SECONDS} s not measured); limit p99 < ${P99_LIMIT_MS} ms, no errors`,
    );
    console.info(
      'users   opened  req/s   304s   errors  p50 ms  p99 ms  web CPU ms/req  db queries/req  load CPU ms/req  (costs include the warm-up)',
    );
    const stats = new pg.Client({ connectionString: database.url });
    await stats.connect();
    let held = 0;
    let failed = false;
    let opened = 0;
    for (const users of STEPS) {
      const newcomers = users - opened;
      const openSeconds = users > opened ? await openDashboards(ports, opened + 1, users) : 0;
      opened = Math.max(opened, users);
      const cpuBefore = await Promise.all(webs.map((web) => cpuMs(web.pid)));
      const loadCpuBefore = process.cpuUsage();
      const queriesBefore = await transactions(stats);
      const result = await runStep(ports, users);
      const cpuAfter = await Promise.all(webs.map((web) => cpuMs(web.pid)));
      const loadCpu = process.cpuUsage(loadCpuBefore);
      const queries = (await transactions(stats)) - queriesBefore - 2;
      const cpu = cpuAfter.every((ms) => ms !== null)
        ? cpuAfter.reduce((sum: number, ms, i) => sum + ms! - cpuBefore[i]!, 0)
        : null;
      const perRequest = (value: number) => (result.answered ? value / result.answered : 0);
      const notModifiedShare = result.requests ? Math.round((result.notModified / result.requests) * 100) : 0;
      const openRate = openSeconds ? `${(newcomers / openSeconds).toFixed(0)}/s` : '-';
      console.info(
        `${String(users).padStart(5)}  ${openRate.padStart(7)}  ${result.rps.toFixed(0).padStart(5)}  ${`${notModifiedShare}%`.padStart(5)}  ${String(result.errors).padStart(6)}  ${result.p50.toFixed(1).padStart(6)}  ${result.p99.toFixed(1).padStart(6)}  ${(cpu === null ? 'n/a' : perRequest(cpu).toFixed(2)).padStart(14)}  ${perRequest(queries).toFixed(3).padStart(14)}  ${perRequest(
          (loadCpu.user + loadCpu.system) / 1000,
        )
          .toFixed(2)
          .padStart(15)}`,
      );
      // Every step is run and printed; the answer is the largest step held up to the first failure.
      if (result.errors > 0 || result.p99 >= P99_LIMIT_MS) failed = true;
      if (!failed) held = users;
    }
    await stats.end();
    console.info(
      `\nLargest number of polling users held with p99 < ${P99_LIMIT_MS} ms and no errors: ${held}`,
    );
  } finally {
    for (const web of webs) web.kill('SIGTERM');
    await sleep(500);
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
