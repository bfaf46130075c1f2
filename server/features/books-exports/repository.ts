import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  creditNotes,
  cardanoIncomingTransactions as incoming,
  invoices,
  userPurchases,
  x402Payments,
} from '../../db/schema';

// What the accountant's exports read: invoices and credit notes issued in [from, to).

/**
 * The network fee (lovelace) the buyer's Cardano transactions paid for a purchase (decision
 * 0310): a checkout's paying transactions summed, or the x402 call's one transaction. Null for a
 * card, on the sandbox chain, and when any paying transaction's fee is not known.
 */
const networkFeeLovelace = sql<string | null>`case ${userPurchases.paymentMethod}
  when 'cardano' then (
    select case when count(*) > 0 and count(*) = count(${incoming.feeLovelace}) then sum(${incoming.feeLovelace})::text end
    from ${incoming}
    where ${incoming.paymentId} = ${userPurchases.cardanoPaymentId} and ${incoming.classification} = 'payment')
  when 'x402' then (
    select ${x402Payments.feeLovelace}::text from ${x402Payments} where ${x402Payments.purchaseId} = ${userPurchases.id})
  end`;

export function invoicesIssuedBetween(db: DbExecutor, from: Date, to: Date) {
  return db
    .select({ invoice: invoices, purchaseStatus: userPurchases.status, networkFeeLovelace })
    .from(invoices)
    .innerJoin(userPurchases, eq(userPurchases.id, invoices.purchaseId))
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.number));
}

export function creditNotesIssuedBetween(db: DbExecutor, from: Date, to: Date) {
  return db
    .select({ note: creditNotes, invoice: invoices })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.number));
}
