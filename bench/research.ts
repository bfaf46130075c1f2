import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { sourceKey } from '../contract/reports';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { researchReports, users } from '../server/db/schema';
import { SANDBOX_SELLER } from '../server/domain/invoices';
import { completePurchase, createPendingPurchase } from '../server/domain/purchases';
import { JOBS } from '../server/jobs/definitions';
import { startQueue } from '../server/jobs/queue';
import { createAppContext } from '../server/providers';
import type { AssetEvidence, Fact } from '../server/research/evidence';
import { RESEARCH_CONCURRENCY, registerResearchJobs } from '../server/research/job';
import { createLiveSources } from '../server/research/sources/live';
import { createSnapshotSources } from '../server/research/sources/snapshot';
import type { ResearchSources } from '../server/research/sources/types';
import { type RecordedResponse, recorded, sendRecorded } from '../server/research/testing/recorded';
import { freePort } from '../server/testing/postgres';
import { printOfflineCoverage } from './research-coverage';
import { benchVerdictRules } from './research-rules';

// npm run bench:research — what the offline reports hold over all 168 assets (rated, categories
// with evidence, market figures, losses), research latency (enqueue -> completed) with the
// offline snapshot and with fake live sources answering in 200 ms, the facts and distinct
// sources behind a report in each mode, and the throughput of 50 queued reports on one worker.
// Runs on its own embedded PostgreSQL.

const RUNS = 10;
const QUEUED = 50;
const FAKE_LATENCY_MS = 200;

const AAVE_TOKEN = '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9';
const DAY_S = 86_400;

/** Paths the fake answers with a recorded real response (server/research/sources/fixtures/recorded). */
const RECORDED_ANSWERS: Record<string, RecordedResponse> = {
  // DeFiLlama's 2022 list cut to its Aave items: V2 (CoinGecko id "aave") and V3, one parent.
  '/protocols': recorded('defillama-protocols-200-aave-subset'),
  // A commits page whose Link header says how many pages (PyGithub's 2026 recording).
  '/repos/aave/aave-v3-core/commits': recorded('github-commits-200-link'),
  '/repos/aave/aave-v3-core/contributors': recorded('github-contributors-403-too-large'),
};

/** CoinGecko, DeFiLlama and Ethplorer in their wire formats, each answer delayed by FAKE_LATENCY_MS. */
async function startFakeSources() {
  const now = Math.floor(Date.now() / 1000);
  const server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = (() => {
      if (url.pathname === '/coins/aave/tickers')
        return {
          name: 'Aave',
          tickers: ['binance', 'coinbase', 'okx', 'kraken', 'uniswap_v3'].map((exchange, i) => ({
            base: 'AAVE',
            target: 'USDT',
            market: { name: exchange, identifier: exchange, has_trading_incentive: false },
            converted_volume: { usd: 5e7 / (i + 1) },
            bid_ask_spread_percentage: 0.02 * (i + 1),
            cost_to_move_up_usd: 1e6 / (i + 1),
            cost_to_move_down_usd: 9e5 / (i + 1),
            is_anomaly: false,
            is_stale: false,
            trust_score: 'green',
          })),
        };
      if (url.pathname === '/coins/aave/market_chart') {
        const prices = Array.from({ length: 366 }, (_, i) => [
          (now - (365 - i) * DAY_S) * 1000,
          250 + 60 * Math.sin(i / 20),
        ]);
        return { prices, market_caps: prices, total_volumes: prices };
      }
      if (url.pathname === '/orgs/aave/repos')
        return [
          {
            full_name: 'aave/aave-v3-core',
            html_url: 'https://github.com/aave/aave-v3-core',
            stargazers_count: 900,
            archived: false,
          },
        ];
      if (url.pathname === `/getTokenInfo/${AAVE_TOKEN}`)
        return { address: AAVE_TOKEN, name: 'Aave Token', holdersCount: 170_000 };
      if (url.pathname === `/getTopTokenHolders/${AAVE_TOKEN}`)
        return {
          holders: Array.from({ length: 20 }, (_, i) => ({
            address: `0x${String(i + 1).padStart(40, '0')}`,
            balance: 1e5,
            share: 10 / (i + 1),
          })),
        };
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
          platforms: { ethereum: AAVE_TOKEN },
          categories: ['Lending/Borrowing', 'DeFi'],
          description: { en: 'Aave is a decentralised lending protocol.' },
          genesis_date: '2020-10-02',
          market_cap_rank: 28,
          watchlist_portfolio_users: 312_000,
          links: {
            homepage: ['https://aave.com'],
            twitter_screen_name: 'aave',
            chat_url: ['https://discord.gg/aave'],
            repos_url: { github: ['https://github.com/aave'] },
          },
          market_data: {
            market_cap: { usd: 3.9e9 },
            total_volume: { usd: 3e8 },
            ath_change_percentage: { usd: -61 },
            circulating_supply: 15.2e6,
            total_supply: 16e6,
            max_supply: 16e6,
          },
        };
      return null;
    })();
    // Calls with a recorded real answer get its bytes (DeFiLlama's list, GitHub's commits page and
    // its refusal of Aave's contributor list). DeFiLlama's audits and TVL come from the recording
    // alone: no recording of /protocol/aave-v2 exists, so the history answers 404 as DeFiLlama's
    // documentation says for an unknown protocol, and the keyless path asks for no /hacks.
    const recording = RECORDED_ANSWERS[url.pathname];
    setTimeout(() => {
      if (recording) return sendRecorded(res, recording);
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    }, FAKE_LATENCY_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Facts (fields holding a value and its source) and distinct sources in one report's evidence. */
async function evidenceFigures(sources: ResearchSources, assetName: string) {
  const asset = await sources.resolve(assetName);
  if (!asset) throw new Error(`${assetName} did not resolve`);
  const evidence: AssetEvidence = { ...(await sources.market(asset)), ...(await sources.security(asset)) };
  const facts = Object.values(evidence).filter(
    (field): field is Fact<unknown> => typeof field === 'object' && field !== null && 'source' in field,
  );
  return { facts: facts.length, sources: new Set(facts.map((fact) => sourceKey(fact.source))).size };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  await printOfflineCoverage();
  // Issue 32's measures (verdict rules): knockouts, the claim checker, repetition.
  await benchVerdictRules();
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
    const ctx = createAppContext({ config, db: handle.db, queue, log });
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
      const { purchase } = await ctx.db.transaction((tx) =>
        completePurchase(tx, queue, pending.id, SANDBOX_SELLER),
      );
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
      await registerResearchJobs(ctx, { sources });
      const times: number[] = [];
      let lastId = 0;
      for (let i = 0; i < RUNS; i += 1) {
        const started = performance.now();
        lastId = await enqueue(asset);
        await waitCompleted([lastId]);
        times.push(performance.now() - started);
      }
      await queue.offWork(JOBS.research.name);
      console.info(
        `${label}: median ${median(times).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${RUNS} reports)`,
      );
      const figures = await evidenceFigures(sources, asset);
      const [report] = await ctx.db
        .select({ data: researchReports.researchData, content: researchReports.reportContent })
        .from(researchReports)
        .where(eq(researchReports.id, lastId));
      const cited = (report?.data as { sources?: unknown[] } | null)?.sources?.length ?? 0;
      console.info(
        `  per report (${asset}): ${figures.facts} facts from ${figures.sources} distinct sources in the evidence; the report cites ${cited} distinct sources`,
      );
      // What the report says of the audits and the value locked, as printed in it.
      const lines = (report?.content ?? '').split('\n');
      const said = (pattern: RegExp) => lines.find((line) => pattern.test(line))?.trim() ?? '(not stated)';
      console.info(`  audits (${asset}): ${said(/^\s*Audits — /)}`);
      console.info(`  value locked (${asset}): ${said(/Total value locked/)}`);
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
        holders: { ethplorerBaseUrl: fake.base, retries: 0, cacheTtlMs: 1 },
        github: { baseUrl: fake.base, retries: 0, cacheTtlMs: 1 },
      }),
      'aave',
    );

    const ids: number[] = [];
    for (let i = 0; i < QUEUED; i += 1) ids.push(await enqueue(i % 2 ? 'Bitcoin' : 'Unknown Coin'));
    const started = performance.now();
    await registerResearchJobs(ctx, { sources: createSnapshotSources() });
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
