// Chain watcher at scale, against a fake Blockfrost answering in 50 ms through the real SDK with
// a configured request budget. Two figures:
// 1. one cycle over 10,000 open payments (500 partly paid earlier, 20 paid this minute):
//    target at most 5 s and at most 50 chain requests;
// 2. one real payment hidden among 2,000 abandoned ones that each got a dust output in the same
//    minute (the worst case for the per-cycle request budget): target confirmed within 2 cycles.
// Run: npm run bench:cardano   (DATABASE_URL optional; otherwise a throwaway embedded PostgreSQL)

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import pino from 'pino';
import { CARDANO_PAYMENT_WINDOW_MS } from '../contract/cardano';
import { connectDatabase, type Database } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { cardanoIncomingTransactions, cardanoPayments, userPurchases, users } from '../server/db/schema';
import { SANDBOX_SELLER } from '../server/domain/invoices';
import { BlockfrostChain } from '../server/features/cardano/chain';
import { AddressDeriver, SANDBOX_ACCOUNT_XPUB } from '../server/features/cardano/derivation';
import { startFakeBlockfrost } from '../server/features/cardano/testing/fake-services';
import { CardanoWatcher, type CycleReport } from '../server/features/cardano/watcher';
import { startQueue } from '../server/jobs/queue';
import { freePort } from '../server/testing/postgres';

const OPEN_PAYMENTS = 10_000;
const PARTLY_PAID_EARLIER = 500;
const PAID_THIS_MINUTE = 20;
const ABANDONED = 2_000;
const LATENCY_MS = 50;
const TARGET_CYCLE_MS = 5_000;
const TARGET_REQUESTS = 50;
const TARGET_CYCLES_TO_CONFIRM = 2;
/** The SDK's client-side limiter: 50 at once, refilled by 50 every 250 ms (200/s). */
const RATE_LIMIT = { size: 50, increaseInterval: 250, increaseAmount: 50 };
const EXPECTED = '9980000';

async function insertPayments(
  db: Database,
  userId: number,
  deriver: AddressDeriver,
  firstIndex: number,
  count: number,
  expiresAt: Date,
  status: 'pending' | 'expired',
) {
  const inserted: (typeof cardanoPayments.$inferSelect)[] = [];
  for (let start = 0; start < count; start += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - start) }, (_, i) => {
      const index = firstIndex + start + i;
      return {
        userId,
        derivationIndex: index,
        address: deriver.addressAt(index),
        amount: '9.980000',
        expectedQuantity: EXPECTED,
        currency: 'ADA' as const,
        description: 'bench',
        usdAmount: '4.99',
        quotedUsdPrice: '0.50000000',
        status,
        expiresAt,
      };
    });
    const batch = await db.insert(cardanoPayments).values(rows).returning();
    await db.insert(userPurchases).values(
      batch.map((payment) => ({
        userId,
        purchaseType: 'new_report' as const,
        assetName: 'Bitcoin',
        amount: '4.99',
        paymentMethod: 'cardano' as const,
        status: status === 'expired' ? ('expired' as const) : ('pending' as const),
        cardanoPaymentId: payment.id,
      })),
    );
    inserted.push(...batch);
  }
  return inserted;
}

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
  const log = pino({ level: 'error' });
  const handle = connectDatabase(databaseUrl, 10);
  const queue = await startQueue({ databaseUrl, runsWorkers: false, log });
  const fake = await startFakeBlockfrost();
  fake.delayMs = LATENCY_MS;
  const db = handle.db;
  let failed = false;

  try {
    const [user] = await db
      .insert(users)
      .values({
        username: `bench_${Date.now()}`,
        email: `bench_${Date.now()}@example.com`,
        passwordHash: 'x',
      })
      .returning();
    const deriver = new AddressDeriver(SANDBOX_ACCOUNT_XPUB, 'preprod');
    const [{ maxIndex }] = (
      await db.execute('select coalesce(max(derivation_index), -1) as "maxIndex" from cardano_payments')
    ).rows as [{ maxIndex: number }];
    let nextIndex = Number(maxIndex) + 1;
    const watcher = new CardanoWatcher({
      db,
      queue,
      chain: new BlockfrostChain({
        projectId: 'preprodBench',
        baseUrl: fake.url,
        network: 'preprod',
        rateLimit: RATE_LIMIT,
      }),
      log,
      confirmations: 3,
      stakeAddress: deriver.stakeAddress(),
      seller: SANDBOX_SELLER,
    });
    const cycle = async (): Promise<CycleReport & { requests: number }> => {
      const before = fake.requests;
      const report = await watcher.runCycle();
      return { ...report, requests: fake.requests - before };
    };

    // 1. 10,000 open payments.
    const open = await insertPayments(
      db,
      user!.id,
      deriver,
      nextIndex,
      OPEN_PAYMENTS,
      new Date(Date.now() + CARDANO_PAYMENT_WINDOW_MS),
      'pending',
    );
    nextIndex += OPEN_PAYMENTS;
    // Partly paid in earlier cycles: on chain and already recorded.
    const earlier = open.slice(0, PARTLY_PAID_EARLIER);
    const recorded = earlier.map((payment) => {
      const [txHash] = fake.send(payment.address, [
        { unit: 'lovelace', quantity: '1000000', confirmations: 10 },
      ]);
      return {
        paymentId: payment.id,
        txHash: txHash!,
        quantity: '1000000',
        unit: 'lovelace',
        blockHeight: 1,
        blockTime: new Date(),
        senderAddress: 'addr_test1',
        classification: 'payment' as const,
      };
    });
    for (let i = 0; i < recorded.length; i += 1_000) {
      await db.insert(cardanoIncomingTransactions).values(recorded.slice(i, i + 1_000));
    }
    await db
      .update(cardanoPayments)
      .set({ receivedQuantity: '1000000' })
      .where(
        inArray(
          cardanoPayments.id,
          earlier.map((p) => p.id),
        ),
      );
    const paidNow = open.slice(OPEN_PAYMENTS - PAID_THIS_MINUTE);
    for (const payment of paidNow) {
      fake.send(payment.address, [{ unit: 'lovelace', quantity: EXPECTED, confirmations: 5 }]);
    }

    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 25);
    const scale = await cycle();
    clearInterval(sampler);
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.info(
      `cardano watcher, fake chain API ${LATENCY_MS} ms per answer, SDK limiter ${(RATE_LIMIT.increaseAmount * 1000) / RATE_LIMIT.increaseInterval}/s`,
    );
    console.info(
      `1. one cycle over ${OPEN_PAYMENTS.toLocaleString('en')} open payments (${PARTLY_PAID_EARLIER} partly paid earlier, ${PAID_THIS_MINUTE} paid this minute)`,
    );
    console.info(
      `   cycle time:      ${(scale.durationMs / 1000).toFixed(2)} s (target <= ${TARGET_CYCLE_MS / 1000} s)`,
    );
    console.info(
      `   chain requests:  ${scale.requests} (target <= ${TARGET_REQUESTS}); outputs seen ${scale.outputs}`,
    );
    console.info(
      `   confirmed:       ${scale.confirmed} of ${PAID_THIS_MINUTE}, deferred ${scale.deferred}, errors ${scale.errors}`,
    );
    console.info(`   peak memory:     rss ${mib(peakRss)} MiB`);
    if (
      scale.durationMs > TARGET_CYCLE_MS ||
      scale.requests > TARGET_REQUESTS ||
      scale.confirmed !== PAID_THIS_MINUTE ||
      scale.errors
    ) {
      failed = true;
    }

    // 2. One real payment among 2,000 abandoned ones, all hit by dust in the same minute.
    const abandoned = await insertPayments(
      db,
      user!.id,
      deriver,
      nextIndex,
      ABANDONED,
      new Date(Date.now() - 60_000),
      'expired',
    );
    nextIndex += ABANDONED;
    for (const payment of abandoned) {
      fake.send(payment.address, [{ unit: 'lovelace', quantity: '1000', confirmations: 5 }]);
    }
    const [real] = await insertPayments(
      db,
      user!.id,
      deriver,
      nextIndex,
      1,
      new Date(Date.now() + CARDANO_PAYMENT_WINDOW_MS),
      'pending',
    );
    fake.send(real!.address, [{ unit: 'lovelace', quantity: EXPECTED, confirmations: 5 }]);
    const started = performance.now();
    let cycles = 0;
    let confirmedIn: number | undefined;
    const perCycle: string[] = [];
    while (cycles < 10 && confirmedIn === undefined) {
      const report = await cycle();
      cycles += 1;
      perCycle.push(`${(report.durationMs / 1000).toFixed(2)} s/${report.requests} req`);
      const [row] = await db
        .select()
        .from(cardanoPayments)
        .where(inArray(cardanoPayments.id, [real!.id]));
      if (row?.status === 'confirmed') confirmedIn = cycles;
    }
    const watcherMs = performance.now() - started;
    console.info(
      `2. one real payment among ${ABANDONED.toLocaleString('en')} abandoned ones, each hit by dust in the same minute`,
    );
    console.info(
      `   confirmed in:    ${confirmedIn ?? 'not within 10'} watcher cycle(s) (target <= ${TARGET_CYCLES_TO_CONFIRM}); ${(watcherMs / 1000).toFixed(2)} s of watcher time (${perCycle.join(', ')})`,
    );
    console.info(
      `   on the one-minute schedule that is at most ${confirmedIn ?? '>10'} minute(s) after the transaction is deep enough`,
    );
    if (confirmedIn === undefined || confirmedIn > TARGET_CYCLES_TO_CONFIRM) failed = true;
  } finally {
    await fake.close();
    await queue.stop({ graceful: false, wait: true });
    await handle.close();
    await stopDatabase();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
