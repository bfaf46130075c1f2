import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { creditNotes, invoices, refunds, userPurchases } from '../../db/schema';

// What the accountant's exports read: invoices and credit notes issued in [from, to).

export function invoicesIssuedBetween(db: DbExecutor, from: Date, to: Date) {
  return db
    .select({ invoice: invoices, purchaseStatus: userPurchases.status })
    .from(invoices)
    .innerJoin(userPurchases, eq(userPurchases.id, invoices.purchaseId))
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.number));
}

export function creditNotesIssuedBetween(db: DbExecutor, from: Date, to: Date) {
  return db
    .select({ note: creditNotes, invoice: invoices, refundCurrency: refunds.currency })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)))
    .orderBy(asc(creditNotes.number));
}
