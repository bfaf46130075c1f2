import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../server/config';
import type { AppContext } from '../server/context';
import { connectDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { researchReports, users } from '../server/db/schema';
import { completePurchase, createPendingPurchase } from '../server/domain/purchases';
import { QUEUES, startQueue } from '../server/jobs/queue';
import { RESEARCH_CONCURRENCY, registerResearchWorker } from '../server/research/job';
import { createLiveSources } from '../server/research/sources/live';
import { createSnapshotSources } from '../server/research/sources/snapshot';
import type { ResearchSources } from '../server/research/sources/types';
import { freePort } from '../server/testing/postgres';

// npm run bench:research — research latency (enqueue -> completed) with the offline snapshot
// and with fake live sources answering in 200 ms, and the throughput of 50 queued reports on
// one worker process. Runs on its own embedded PostgreSQL.

const RUNS = 10;
const QUEUED = 50;
const FAKE_LATENCY_MS = 200;

/** CoinGecko and DeFiLlama in their wire formats, each answer delayed by FAKE_LATENCY_MS. */
async function startFakeSources() {
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = (() => {
      if (url.pathname === '/search')
        return {
          coins: [{ id: 'aave', name: 'Aave', symbol: 'AAVE', market_cap_rank: 28 }],
          exchanges: [],
          categories: [],
          nfts: [],
        };
      if (url.pathname === '/coins/aave')
        return {
          id: 'aave',
          name: 'Aave',
          symbol: 'aave',
          asset_platform_id: 'ethereum',
          categories: ['Lending/Borrowing', 'DeFi'],
          description: { en: 'Aave is a decentralised lending protocol.' },
          genesis_date: '2020-10-02',
          market_cap_rank: 28,
          watchlist_portfolio_users: 312_000,
          links: { homepage: ['https://aave.com'], repos_url: { github: ['https://github.com/aave'] } },
          market_data: {
            market_cap: { usd: 3.9e9 },
            total_volume: { usd: 3e8 },
            ath_change_percentage: { usd: -61 },
            circulating_supply: 15.2e6,
            total_supply: 16e6,
            max_supply: 16e6,
          },
        };
      if (url.pathname === '/protocols')
        return [{ id: '1', name: 'Aave V3', symbol: 'AAVE', gecko_id: 'aave', audits: '2', tvl: 2e10 }];
      if (url.pathname === '/hacks') return [];
      return null;
    })();
    setTimeout(() => {
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    }, FAKE_LATENCY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crow-bench-research-'));
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: 'crow_bench',
    persistent: false,
  });
  const fake = await startFakeSources();
  try {
    await runMigrations(embedded.url);
    const log = pino({ level: 'silent' });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: embedded.url,
      RESEARCH_DATA: 'offline',
      LOG_LEVEL: 'silent',
    });
    const handle = connectDatabase(embedded.url, 10);
    const queue = await startQueue({ databaseUrl: embedded.url, runsWorkers: true, log });
    const ctx: AppContext = { config, db: handle.db, queue, log };
    const [user] = await ctx.db
      .insert(users)
      .values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' })
      .returning({ id: users.id });

    let counter = 0;
    const enqueue = async (assetName: string) => {
      counter += 1;
      const pending = await createPendingPurchase(ctx.db, {
        userId: user!.id,
        purchaseType: 'new_report',
        assetName,
        reportId: null,
        paymentMethod: 'card',
        stripePaymentIntentId: `pi_bench_${counter}`,
      });
      const { purchase } = await ctx.db.transaction((tx) => completePurchase(tx, queue, pending.id));
      return purchase.reportId!;
    };
    const waitCompleted = async (ids: number[]) => {
      for (;;) {
        const rows = await ctx.db
          .select({ status: researchReports.status })
          .from(researchReports)
          .where(inArray(researchReports.id, ids));
        if (rows.some((r) => r.status === 'failed')) throw new Error('a report failed');
        if (rows.every((r) => r.status === 'completed')) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const latency = async (label: string, sources: ResearchSources, asset: string) => {
      await registerResearchWorker(ctx, { sources });
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        const id = await enqueue(asset);
        await waitCompleted([id]);
        times.push(performance.now() - started);
      }
      await queue.offWork(QUEUES.research);
      console.info(
        `${label}: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${RUNS} reports)`,
      );
    };

    console.info(
      `Research benchmark (${RESEARCH_CONCURRENCY} concurrent jobs per worker, queue polling 0.5 s)`,
    );
    await latency('enqueue -> completed, offline snapshot', createSnapshotSources(), 'Ethereum');
    await latency(
      `enqueue -> completed, fake live sources (${FAKE_LATENCY_MS} ms per answer, no cache)`,
      createLiveSources({
        coingecko: { baseUrl: fake.base, retries: 0, cacheTtlMs: 1 },
        defillama: { baseUrl: fake.base, retries: 0, cacheTtlMs: 1 },
      }),
      'aave',
    );

    const ids: number[] = [];
    for (let i = 0; i < QUEUED; i += 1) ids.push(await enqueue(i % 2 ? 'Bitcoin' : 'Unknown Coin'));
    const started = performance.now();
    await registerResearchWorker(ctx, { sources: createSnapshotSources() });
    await waitCompleted(ids);
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `throughput: ${QUEUED} queued reports completed in ${seconds.toFixed(2)} s on one worker = ${(QUEUED / seconds).toFixed(1)} reports/s`,
    );
    const [one] = await ctx.db.select().from(researchReports).where(eq(researchReports.id, ids[0]!));
    if (!one?.reportContent) throw new Error('report content missing');

    await queue.stop({ graceful: false, wait: true });
    await handle.close();
  } finally {
    await fake.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
