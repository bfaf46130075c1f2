import type { Logger } from 'pino';
import { CARDANO_LATE_WATCH_MS } from '../../../contract/cardano';
import type { Database } from '../../db/client';
import { completePurchase, failPurchase } from '../../domain/purchases';
import type { JobQueue } from '../../jobs/queue';
import type { ChainClient } from './chain';
import {
  type CardanoPaymentRow,
  expireOverduePayments,
  findPurchaseForPayment,
  findWatchedPayments,
  lockPayment,
  markConfirmed,
  recordObservation,
  touchCheckedPayments,
} from './repository';

// The chain watcher: every cycle looks at each watched address and settles what has arrived.
// All state lives in the database and each check reads the address's whole balance (not a
// delta), so a restarted or crashed watcher simply looks again and misses nothing.

export interface WatcherDeps {
  db: Database;
  queue: JobQueue;
  chain: ChainClient;
  log: Logger;
  confirmations: number;
  /** How many addresses are looked up at the same time. */
  concurrency?: number;
  now?: () => Date;
}

export type CheckOutcome = 'confirmed' | 'pending' | 'error';

export interface CycleReport {
  watched: number;
  confirmed: number;
  pending: number;
  errors: number;
  durationMs: number;
}

export const DEFAULT_WATCH_CONCURRENCY = 8;

export function unitOf(payment: Pick<CardanoPaymentRow, 'currency' | 'policyId' | 'assetName'>): string {
  return payment.currency === 'ADA' ? 'lovelace' : `${payment.policyId}${payment.assetName ?? ''}`;
}

export class CardanoWatcher {
  constructor(private readonly deps: WatcherDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async runCycle(): Promise<CycleReport> {
    const started = performance.now();
    const payments = await findWatchedPayments(this.deps.db, this.now(), CARDANO_LATE_WATCH_MS);
    const unchanged: number[] = [];
    const outcomes = await mapBounded(payments, this.deps.concurrency ?? DEFAULT_WATCH_CONCURRENCY, (p) =>
      this.checkPayment(p, unchanged),
    );
    // Addresses where nothing moved get their check time in one statement, not one each.
    await touchCheckedPayments(this.deps.db, unchanged);
    const report: CycleReport = {
      watched: payments.length,
      confirmed: outcomes.filter((o) => o === 'confirmed').length,
      pending: outcomes.filter((o) => o === 'pending').length,
      errors: outcomes.filter((o) => o === 'error').length,
      durationMs: Math.round(performance.now() - started),
    };
    if (report.errors)
      this.deps.log.warn(report, 'cardano watcher: some addresses could not be checked; retrying next cycle');
    else if (report.watched) this.deps.log.debug(report, 'cardano watcher cycle');
    return report;
  }

  /** Looks at one payment's address once; never throws (a failed look is retried next cycle). */
  async checkPayment(payment: CardanoPaymentRow, unchanged?: number[]): Promise<CheckOutcome> {
    try {
      const funds = await this.deps.chain.receivedAt(
        payment.address,
        unitOf(payment),
        this.deps.confirmations,
      );
      const expected = BigInt(payment.expectedQuantity);
      if (funds.confirmed >= expected) {
        await this.confirm(payment.id, funds.total);
        return 'confirmed';
      }
      if (unchanged && funds.total === BigInt(payment.receivedQuantity)) unchanged.push(payment.id);
      else await recordObservation(this.deps.db, payment.id, funds.total);
      return 'pending';
    } catch (error) {
      this.deps.log.warn({ err: error, paymentId: payment.id }, 'cardano watcher: address check failed');
      return 'error';
    }
  }

  /**
   * Confirms the payment and completes its purchase in one transaction; for a new report that
   * creates the report and enqueues its research on the same connection. Idempotent.
   */
  private async confirm(paymentId: number, receivedQuantity: bigint): Promise<void> {
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, paymentId);
      if (!payment || payment.status === 'confirmed') return;
      const purchase = await findPurchaseForPayment(tx, paymentId);
      if (!purchase) throw new Error(`cardano payment ${paymentId} has no purchase`);
      const { purchase: completed } = await completePurchase(tx, this.deps.queue, purchase.id);
      const paidLate = now.getTime() > payment.expiresAt.getTime();
      await markConfirmed(tx, paymentId, {
        receivedQuantity,
        paidLate,
        reportId: completed.reportId ?? payment.reportId,
      });
      const expected = BigInt(payment.expectedQuantity);
      const details = {
        paymentId,
        purchaseId: purchase.id,
        reportId: completed.reportId,
        expected: expected.toString(),
        received: receivedQuantity.toString(),
      };
      if (paidLate)
        this.deps.log.warn(details, 'cardano payment arrived after its window closed (paid late)');
      else if (receivedQuantity > expected)
        this.deps.log.info(details, 'cardano payment confirmed (over-paid)');
      else this.deps.log.info(details, 'cardano payment confirmed');
    });
  }
}

/** Marks unpaid payments expired after their window and their purchases with them. */
export async function expireCardanoPayments(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await expireOverduePayments(tx, now);
    for (const { id } of expired) {
      const purchase = await findPurchaseForPayment(tx, id);
      if (purchase)
        await failPurchase(
          tx,
          purchase.id,
          'expired',
          'The payment window closed before the payment arrived',
        );
    }
    return expired.length;
  });
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order. */
export async function mapBounded<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}
