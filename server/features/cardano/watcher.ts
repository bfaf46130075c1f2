import type { Logger } from 'pino';
import { CARDANO_LATE_WATCH_MS, type CardanoIncomingClassification } from '../../../contract/cardano';
import type { Database } from '../../db/client';
import type { SellerDetails } from '../../domain/invoices';
import { completePurchase, failPurchase } from '../../domain/purchases';
import type { JobQueue } from '../../jobs/queue';
import type { ChainClient, ChainTransaction } from './chain';
import {
  type CardanoPaymentRow,
  expireOverduePayments,
  findPaymentsByAddresses,
  findPurchaseForPayment,
  findRecordedTransactions,
  insertIncomingTransactions,
  lockPayment,
  lockPayments,
  markConfirmed,
  paymentsWithRecordedPayment,
  paymentTransactionsOf,
  recordObservation,
  touchCheckedPayments,
  unsettledTotals,
} from './repository';

// The chain watcher. Each cycle:
// 1. one paged query on the stake account lists the outputs at every receive address at once
//    (open payments cost nothing while nothing arrives, however many there are);
// 2. each transaction not seen before is looked at once (block height and time, sender) and
//    recorded with what it counts as: payment, late, duplicate; within a request budget, in a
//    fair order (open and partly paid first, then least recently looked at, newest first);
// 3. unconfirmed payments are settled from the recorded transactions and the chain tip.
// All state lives in the database, so a restarted or crashed watcher simply looks again.

export interface WatcherDeps {
  db: Database;
  queue: JobQueue;
  chain: ChainClient;
  log: Logger;
  confirmations: number;
  /** The stake address all receive addresses share. */
  stakeAddress: string;
  /** Who issues the invoice of a purchase the watcher completes. */
  seller: SellerDetails;
  /** Most chain requests one cycle makes; transactions beyond it are looked at next cycle. */
  requestBudget?: number;
  /** How many transaction looks run at the same time. */
  concurrency?: number;
}

export interface CycleReport {
  /** Outputs seen at the stake account. */
  outputs: number;
  /** Transactions recorded this cycle (any classification). */
  recorded: number;
  /** New transactions left for a later cycle by the request budget. */
  deferred: number;
  confirmed: number;
  /** Unconfirmed payments with money counted toward them (partly paid or not yet deep enough). */
  partlyPaid: number;
  errors: number;
  chainRequests: number;
  durationMs: number;
}

export const DEFAULT_CYCLE_REQUEST_BUDGET = 50;
export const DEFAULT_WATCH_CONCURRENCY = 8;

export function unitOf(payment: Pick<CardanoPaymentRow, 'currency' | 'policyId' | 'assetName'>): string {
  return payment.currency === 'ADA' ? 'lovelace' : `${payment.policyId}${payment.assetName ?? ''}`;
}

type Fairness = Pick<CardanoPaymentRow, 'id' | 'status' | 'receivedQuantity' | 'lastCheckedAt' | 'createdAt'>;

/**
 * The order in which payments get their new transactions looked at: open (pending) before
 * expired or confirmed; partly paid before unpaid; never or least recently looked at first
 * (round robin: a look moves a payment to the back); newest first. Abandoned payments cannot
 * starve a buyer who is paying now.
 */
export function fairOrder<T extends Fairness>(payments: T[]): T[] {
  const key = (p: T) => [
    p.status === 'pending' ? 0 : 1,
    BigInt(p.receivedQuantity) > 0n ? 0 : 1,
    p.lastCheckedAt?.getTime() ?? -1,
    -p.createdAt.getTime(),
    -p.id,
  ];
  return [...payments].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
}

/** How an arrival counts, judged by its block time (never the watcher's clock). */
export function classifyArrival(
  payment: Pick<CardanoPaymentRow, 'status' | 'expiresAt' | 'confirmedAt'>,
  blockTime: Date,
  hasRecordedPayment: boolean,
): Exclude<CardanoIncomingClassification, 'surplus'> {
  if (payment.status === 'confirmed') {
    // A payment confirmed before transactions were recorded: what was on chain by then paid for it.
    const legacy = !hasRecordedPayment && payment.confirmedAt && blockTime <= payment.confirmedAt;
    return legacy ? 'payment' : 'duplicate';
  }
  if (blockTime.getTime() > payment.expiresAt.getTime() + CARDANO_LATE_WATCH_MS) return 'late';
  return 'payment';
}

interface Arrival {
  payment: CardanoPaymentRow;
  txHash: string;
  quantity: bigint;
}

export class CardanoWatcher {
  constructor(private readonly deps: WatcherDeps) {}

  async runCycle(): Promise<CycleReport> {
    const started = performance.now();
    const { chain, db, log } = this.deps;
    const report: CycleReport = {
      outputs: 0,
      recorded: 0,
      deferred: 0,
      confirmed: 0,
      partlyPaid: 0,
      errors: 0,
      chainRequests: 0,
      durationMs: 0,
    };
    const finish = () => {
      report.durationMs = Math.round(performance.now() - started);
      if (report.errors) log.warn(report, 'cardano watcher: some checks failed; retrying next cycle');
      else if (report.recorded || report.confirmed) log.info(report, 'cardano watcher cycle');
      return report;
    };

    let tipHeight: number;
    let arrivals: Arrival[];
    try {
      tipHeight = await chain.tipHeight();
      report.chainRequests += chain.requestsPerTransaction > 0 ? 1 : 0;
      const scan = await chain.accountOutputs(this.deps.stakeAddress);
      report.chainRequests += scan.requests;
      report.outputs = scan.outputs.length;
      arrivals = await this.newArrivals(scan.outputs);
    } catch (error) {
      log.warn({ err: error }, 'cardano watcher: the stake account could not be read');
      report.errors += 1;
      return finish();
    }

    // Transaction looks within the budget, in fair order; the rest wait for the next cycle.
    const cost = chain.requestsPerTransaction;
    let budget = Math.max(
      (this.deps.requestBudget ?? DEFAULT_CYCLE_REQUEST_BUDGET) - report.chainRequests,
      cost,
    );
    const selected: Arrival[] = [];
    for (const payment of fairOrder([...new Set(arrivals.map((a) => a.payment))])) {
      for (const arrival of arrivals) {
        if (arrival.payment !== payment) continue;
        if (budget < cost) {
          report.deferred += 1;
          continue;
        }
        budget -= cost;
        selected.push(arrival);
      }
    }
    report.chainRequests += selected.length * cost;
    const looked: { arrival: Arrival; details: ChainTransaction }[] = [];
    await mapBounded(selected, this.deps.concurrency ?? DEFAULT_WATCH_CONCURRENCY, async (arrival) => {
      try {
        looked.push({ arrival, details: await chain.transaction(arrival.txHash) });
      } catch (error) {
        report.errors += 1;
        log.warn({ err: error, paymentId: arrival.payment.id }, 'cardano watcher: transaction look failed');
      }
    });
    try {
      await this.record(looked);
      report.recorded += looked.length;
    } catch (error) {
      report.errors += 1;
      log.warn({ err: error }, 'cardano watcher: recording transactions failed');
    }
    await touchCheckedPayments(db, [...new Set(looked.map((l) => l.arrival.payment.id))]);

    // Settling: each confirmation is its own transaction (purchase, report, research job); a few at once.
    const unsettled = await unsettledTotals(db, tipHeight, this.deps.confirmations);
    await mapBounded(unsettled, this.deps.concurrency ?? DEFAULT_WATCH_CONCURRENCY, async (row) => {
      const expected = BigInt(row.payment.expectedQuantity);
      try {
        if (BigInt(row.confirmed) >= expected) {
          if (await this.confirm(row.payment.id)) report.confirmed += 1;
          return;
        }
        report.partlyPaid += 1;
        if (BigInt(row.total) !== BigInt(row.payment.receivedQuantity)) {
          await recordObservation(db, row.payment.id, BigInt(row.total));
        }
      } catch (error) {
        report.errors += 1;
        log.warn({ err: error, paymentId: row.payment.id }, 'cardano watcher: settling failed');
      }
    });
    return finish();
  }

  /** Outputs in the payment's own unit at one of our addresses, from transactions not yet recorded. */
  private async newArrivals(
    outputs: { txHash: string; address: string; amount: { unit: string; quantity: string }[] }[],
  ): Promise<Arrival[]> {
    if (outputs.length === 0) return [];
    const byAddress = new Map<string, typeof outputs>();
    for (const output of outputs) {
      const list = byAddress.get(output.address) ?? [];
      list.push(output);
      byAddress.set(output.address, list);
    }
    const payments = await findPaymentsByAddresses(this.deps.db, [...byAddress.keys()]);
    const recorded = await findRecordedTransactions(
      this.deps.db,
      payments.map((p) => p.id),
    );
    const arrivals: Arrival[] = [];
    for (const payment of payments) {
      const unit = unitOf(payment);
      const perTx = new Map<string, bigint>();
      for (const output of byAddress.get(payment.address) ?? []) {
        for (const amount of output.amount) {
          if (amount.unit !== unit) continue;
          perTx.set(output.txHash, (perTx.get(output.txHash) ?? 0n) + BigInt(amount.quantity));
        }
      }
      for (const [txHash, quantity] of perTx) {
        if (quantity > 0n && !recorded.has(`${payment.id}:${txHash}`)) {
          arrivals.push({ payment, txHash, quantity });
        }
      }
    }
    return arrivals;
  }

  /** Records arrivals in one transaction, under their payments' row locks, so each is classified against the settled state. */
  private async record(looked: { arrival: Arrival; details: ChainTransaction }[]): Promise<void> {
    if (looked.length === 0) return;
    await this.deps.db.transaction(async (tx) => {
      const locked = await lockPayments(tx, [...new Set(looked.map((l) => l.arrival.payment.id))]);
      const byId = new Map(locked.map((payment) => [payment.id, payment]));
      const confirmed = locked.filter((p) => p.status === 'confirmed').map((p) => p.id);
      const withPayments = await paymentsWithRecordedPayment(tx, confirmed);
      const rows = [];
      for (const { arrival, details } of looked) {
        const payment = byId.get(arrival.payment.id);
        if (!payment) continue;
        const classification = classifyArrival(payment, details.blockTime, withPayments.has(payment.id));
        rows.push({
          paymentId: payment.id,
          txHash: arrival.txHash,
          quantity: arrival.quantity.toString(),
          unit: unitOf(payment),
          blockHeight: details.blockHeight,
          blockTime: details.blockTime,
          senderAddress: details.senderAddress,
          feeLovelace: details.feeLovelace,
          classification,
        });
        if (classification !== 'payment') {
          this.deps.log.warn(
            {
              paymentId: payment.id,
              txHash: arrival.txHash,
              quantity: arrival.quantity.toString(),
              classification,
            },
            'cardano: money arrived that pays for nothing; recorded for the admin',
          );
        }
      }
      await insertIncomingTransactions(tx, rows);
    });
  }

  /**
   * Confirms the payment and completes its purchase in one transaction (for a new report that
   * creates the report and enqueues its research on the same connection); records any surplus.
   * Idempotent: returns false when the payment was already confirmed.
   */
  private async confirm(paymentId: number): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const payment = await lockPayment(tx, paymentId);
      if (!payment || payment.status === 'confirmed') return false;
      const paid = await paymentTransactionsOf(tx, paymentId);
      const received = paid.reduce((sum, row) => sum + BigInt(row.quantity), 0n);
      const purchase = await findPurchaseForPayment(tx, paymentId);
      if (!purchase) throw new Error(`cardano payment ${paymentId} has no purchase`);
      const { purchase: completed, refundedBecause } = await completePurchase(
        tx,
        this.deps.queue,
        purchase.id,
        this.deps.seller,
      );
      // Late by block time: when the money was put on chain, not when the watcher saw it.
      const paidLate = paid.some((row) => row.blockTime.getTime() > payment.expiresAt.getTime());
      await markConfirmed(tx, paymentId, {
        receivedQuantity: received,
        paidLate,
        reportId: completed.reportId ?? payment.reportId,
      });
      const expected = BigInt(payment.expectedQuantity);
      const surplus = received - expected;
      const last = paid.at(-1);
      if (surplus > 0n && last) {
        await insertIncomingTransactions(tx, [
          {
            paymentId,
            txHash: last.txHash,
            quantity: surplus.toString(),
            unit: last.unit,
            blockHeight: last.blockHeight,
            blockTime: last.blockTime,
            senderAddress: last.senderAddress,
            feeLovelace: last.feeLovelace,
            classification: 'surplus',
          },
        ]);
      }
      const details = {
        paymentId,
        purchaseId: purchase.id,
        reportId: completed.reportId,
        expected: expected.toString(),
        received: received.toString(),
      };
      if (refundedBecause)
        this.deps.log.warn({ ...details, refundedBecause }, 'cardano payment recorded as a refund due');
      else if (paidLate)
        this.deps.log.warn(details, 'cardano payment arrived after its window closed (paid late)');
      else if (surplus > 0n)
        this.deps.log.info(details, 'cardano payment confirmed (over-paid; surplus recorded)');
      else this.deps.log.info(details, 'cardano payment confirmed');
      return true;
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
