// One chain-watcher cycle over 1,000 open payments against a fake Blockfrost answering in 50 ms,
// through the real SDK with bounded concurrency and a configured request budget.
// Run: npm run bench:cardano   (DATABASE_URL optional; otherwise a throwaway embedded PostgreSQL)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { CARDANO_PAYMENT_WINDOW_MS } from '../contract/cardano';
import { connectDatabase } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { cardanoPayments, userPurchases, users } from '../server/db/schema';
import { BlockfrostChain } from '../server/features/cardano/chain';
import { AddressDeriver, SANDBOX_ACCOUNT_XPUB } from '../server/features/cardano/derivation';
import { startFakeBlockfrost } from '../server/features/cardano/testing/fake-services';
import { CardanoWatcher } from '../server/features/cardano/watcher';
import { startQueue } from '../server/jobs/queue';
import { freePort } from '../server/testing/postgres';

const PAYMENTS = 1_000;
const PAID_SHARE = 0.1;
const LATENCY_MS = 50;
const CONCURRENCY = 32;
/** The request budget the watcher is configured with: 50 at once, refilled by 50 every 250 ms (200/s). */
const RATE_LIMIT = { size: 50, increaseInterval: 250, increaseAmount: 50 };

async function main() {
  let databaseUrl = process.env.DATABASE_URL;
  let stopDatabase = async () => {};
  let tempDir: string | undefined;
  if (!databaseUrl) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'crow-bench-pg-'));
    const embedded = await startEmbeddedPostgres({
      dataDir: tempDir,
      port: await freePort(),
      database: 'crow_bench',
      persistent: false,
    });
    databaseUrl = embedded.url;
    stopDatabase = embedded.stop;
  }
  await runMigrations(databaseUrl);
  const log = pino({ level: 'warn' });
  const handle = connectDatabase(databaseUrl, 10);
  const queue = await startQueue({ databaseUrl, runsWorkers: false, log });
  const fake = await startFakeBlockfrost();
  fake.delayMs = LATENCY_MS;

  try {
    const [user] = await handle.db
      .insert(users)
      .values({
        username: `bench_${Date.now()}`,
        email: `bench_${Date.now()}@example.com`,
        passwordHash: 'x',
      })
      .returning();
    const deriver = new AddressDeriver(SANDBOX_ACCOUNT_XPUB, 'preprod');
    const [{ maxIndex }] = (
      await handle.db.execute(
        'select coalesce(max(derivation_index), -1) as "maxIndex" from cardano_payments',
      )
    ).rows as [{ maxIndex: number }];
    const firstIndex = Number(maxIndex) + 1;
    const expiresAt = new Date(Date.now() + CARDANO_PAYMENT_WINDOW_MS);
    const rows = Array.from({ length: PAYMENTS }, (_, i) => ({
      userId: user!.id,
      derivationIndex: firstIndex + i,
      address: deriver.addressAt(firstIndex + i),
      amount: '9.980000',
      expectedQuantity: '9980000',
      currency: 'ADA' as const,
      description: 'bench',
      usdAmount: '4.99',
      quotedUsdPrice: '0.50000000',
      expiresAt,
    }));
    const inserted = await handle.db.insert(cardanoPayments).values(rows).returning();
    await handle.db.insert(userPurchases).values(
      inserted.map((payment) => ({
        userId: user!.id,
        purchaseType: 'new_report' as const,
        assetName: 'Bitcoin',
        amount: '4.99',
        paymentMethod: 'cardano' as const,
        cardanoPaymentId: payment.id,
      })),
    );
    // Some addresses are paid (these need a block lookup and a completion); most are unused (404).
    inserted.forEach((payment, i) => {
      if (i % Math.round(1 / PAID_SHARE) === 0) {
        fake.send(payment.address, [{ unit: 'lovelace', quantity: '9980000', confirmations: 5 }]);
      }
    });

    const watcher = new CardanoWatcher({
      db: handle.db,
      queue,
      chain: new BlockfrostChain({
        projectId: 'preprodBench',
        baseUrl: fake.url,
        network: 'preprod',
        rateLimit: process.env.BENCH_NO_LIMIT ? false : RATE_LIMIT,
      }),
      log,
      confirmations: 3,
      concurrency: CONCURRENCY,
    });

    let peakRss = process.memoryUsage().rss;
    let peakHeap = process.memoryUsage().heapUsed;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
    }, 25);
    const report = await watcher.runCycle();
    clearInterval(sampler);

    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.info(
      `cardano watcher cycle over ${report.watched} open payments (fake chain API ${LATENCY_MS} ms/answer)`,
    );
    console.info(
      `  concurrency ${CONCURRENCY}, request budget ${(RATE_LIMIT.increaseAmount * 1000) / RATE_LIMIT.increaseInterval} per s`,
    );
    console.info(`  cycle time:      ${(report.durationMs / 1000).toFixed(2)} s (target <= 10 s)`);
    console.info(
      `  confirmed:       ${report.confirmed}, still pending: ${report.pending}, errors: ${report.errors}`,
    );
    console.info(`  chain requests:  ${fake.requests}, peak ${fake.peakRequestsPerSecond} in one second`);
    console.info(`  peak memory:     rss ${mib(peakRss)} MiB, heap ${mib(peakHeap)} MiB`);
    if (report.errors || report.durationMs > 10_000) process.exitCode = 1;
  } finally {
    await fake.close();
    await queue.stop({ graceful: false, wait: true });
    await handle.close();
    await stopDatabase();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
