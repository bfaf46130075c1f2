import { and, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { creditNotes, invoices, refunds } from '../../db/schema';

// Reads only: issued invoices and credit notes are written once by server/domain/invoices.ts
// and never changed (the table triggers refuse it), so nothing here updates them.

export function listInvoicesOf(db: DbExecutor, userId: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

export function listCreditNotesOf(db: DbExecutor, userId: number) {
  return db
    .select({ note: creditNotes, invoiceNumber: invoices.number, refundCurrency: refunds.currency })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(eq(creditNotes.userId, userId))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.id));
}

export async function findInvoiceOf(db: DbExecutor, userId: number, invoiceId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row;
}

export async function findCreditNoteOf(db: DbExecutor, userId: number, creditNoteId: number) {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices, refundCurrency: refunds.currency })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.userId, userId)));
  return row;
}
