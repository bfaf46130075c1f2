import {
  type AccountingDocument,
  INVOICE_MESSAGES,
  invoicePdfPath,
  type VatPreview,
  type vatPreviewRequestSchema,
} from '../../../contract/invoices';
import type { z } from '../../../contract/zod';
import type { AppContext } from '../../context';
import { notFound } from '../../domain/errors';
import {
  CREDIT_NOTE_PREFIX,
  CREDIT_REFUND_LABEL,
  type CreditNoteRow,
  documentNumber,
  INVOICE_PREFIX,
  type InvoiceRow,
  refundedAsCredit,
  sellerOf,
} from '../../domain/invoices';
import { fromCents, toCents } from '../../domain/money';
import { creditPackOf, priceOf } from '../../domain/purchases';
import { checkoutVatOutlook } from '../../domain/tax/place-of-supply';
import { splitInclusiveTotal } from '../../domain/tax/vat-rates';
import { checkVatNumber } from '../../domain/tax/vies';
import { type AccountingPdfModel, invoicePdfModel, renderAccountingPdf } from '../../pdf/invoice';
import { findCreditNoteOf, findInvoiceOf, listCreditNotesOf, listInvoicesOf } from './repository';

// The buyer's invoices and credit notes: the list, and each as a PDF (rendered on request from
// the immutable row; nothing to store or invalidate).

/** The crypto side of a document: the amount given, at the invoice's rate and its time. */
function cryptoOf(
  invoice: Pick<InvoiceRow, 'cryptoCurrency' | 'usdRate' | 'rateAt'>,
  amount: string | null,
  networkFee: string | null,
): AccountingDocument['crypto'] {
  if (!(invoice.cryptoCurrency && amount && invoice.usdRate && invoice.rateAt)) return null;
  return {
    currency: invoice.cryptoCurrency,
    amount,
    usdRate: invoice.usdRate,
    rateAt: invoice.rateAt.toISOString(),
    networkFee,
  };
}

export function invoiceToDocument(invoice: InvoiceRow): AccountingDocument {
  return {
    kind: 'invoice',
    id: invoice.id,
    number: documentNumber(INVOICE_PREFIX, invoice.number),
    issuedAt: invoice.issuedAt.toISOString(),
    description: invoice.description,
    currency: invoice.currency,
    total: invoice.totalAmount,
    net: invoice.netAmount,
    vat: invoice.vatAmount,
    vatRate: invoice.vatRate,
    vatCountry: invoice.vatCountry,
    reverseCharge: invoice.vatTreatment === 'reverse_charge',
    creditsInvoice: null,
    paymentMethod: invoice.paymentMethod,
    paymentReference: invoice.paymentReference,
    crypto: cryptoOf(invoice, invoice.cryptoAmount, invoice.networkFee),
    pdfUrl: invoicePdfPath('invoice', invoice.id),
  };
}

/** The credit note's line: a refund returned as an API credit says so, and nothing else was sent. */
const creditNoteLine = (description: string, refund: { currency: string }) =>
  refundedAsCredit(refund)
    ? `Refund as ${CREDIT_REFUND_LABEL} (back on the buyer's balance; nothing sent on the chain): ${description}`
    : `Refund: ${description}`;

export function creditNoteToDocument(
  note: CreditNoteRow,
  refund: { currency: string },
  invoice: Pick<
    InvoiceRow,
    | 'number'
    | 'description'
    | 'vatRate'
    | 'vatCountry'
    | 'vatTreatment'
    | 'paymentMethod'
    | 'paymentReference'
    | 'cryptoCurrency'
    | 'usdRate'
    | 'rateAt'
  >,
): AccountingDocument {
  return {
    kind: 'credit_note',
    id: note.id,
    number: documentNumber(CREDIT_NOTE_PREFIX, note.number),
    issuedAt: note.issuedAt.toISOString(),
    description: creditNoteLine(invoice.description, refund),
    currency: note.currency,
    total: note.totalAmount,
    net: note.netAmount,
    vat: note.vatAmount,
    vatRate: invoice.vatRate,
    vatCountry: invoice.vatCountry,
    reverseCharge: invoice.vatTreatment === 'reverse_charge',
    creditsInvoice: documentNumber(INVOICE_PREFIX, invoice.number),
    paymentMethod: invoice.paymentMethod,
    paymentReference: invoice.paymentReference,
    crypto: refundedAsCredit(refund) ? null : cryptoOf(invoice, note.cryptoAmount, null),
    pdfUrl: invoicePdfPath('credit_note', note.id),
  };
}

/** Invoices and credit notes of a user, newest first. */
export async function listAccountingDocuments(
  ctx: AppContext,
  userId: number,
): Promise<AccountingDocument[]> {
  const [invoiceRows, noteRows] = await Promise.all([
    listInvoicesOf(ctx.db, userId),
    listCreditNotesOf(ctx.db, userId),
  ]);
  const invoiceById = new Map(invoiceRows.map((row) => [row.id, row]));
  const documents = [
    ...invoiceRows.map(invoiceToDocument),
    ...noteRows.map(({ note, refundCurrency }) =>
      creditNoteToDocument(note, { currency: refundCurrency }, invoiceById.get(note.invoiceId)!),
    ),
  ];
  return documents.sort(
    (a, b) => b.issuedAt.localeCompare(a.issuedAt) || (a.kind === 'credit_note' ? -1 : 1),
  );
}

export async function invoicePdf(ctx: AppContext, userId: number, invoiceId: number) {
  const invoice = await findInvoiceOf(ctx.db, userId, invoiceId);
  if (!invoice) throw notFound(INVOICE_MESSAGES.notFound);
  const model = invoicePdfModel(invoice);
  return { fileName: `${model.number}.pdf`, pdf: await renderAccountingPdf(model, ctx.config.APP_NAME) };
}

export async function creditNotePdf(ctx: AppContext, userId: number, creditNoteId: number) {
  const found = await findCreditNoteOf(ctx.db, userId, creditNoteId);
  if (!found) throw notFound(INVOICE_MESSAGES.notFound);
  const { note, invoice } = found;
  const refund = { currency: found.refundCurrency };
  const model: AccountingPdfModel = {
    ...invoicePdfModel(invoice),
    title: 'Credit note',
    number: documentNumber(CREDIT_NOTE_PREFIX, note.number),
    issuedAt: note.issuedAt,
    creditsInvoice: documentNumber(INVOICE_PREFIX, invoice.number),
    description: creditNoteLine(invoice.description, refund),
    net: note.netAmount,
    vat: note.vatAmount,
    total: note.totalAmount,
    // The buyer's fee stays paid: a refund does not give it back (decision 0310).
    networkFee: null,
    // An API credit went back, not the ADA or CROW the call was paid with.
    ...(refundedAsCredit(refund) ? { crypto: null, refundedAs: CREDIT_REFUND_LABEL } : {}),
    notes: [
      `Credits invoice ${documentNumber(INVOICE_PREFIX, invoice.number)} in full (reason: ${note.reason.replaceAll('_', ' ')}).`,
    ],
  };
  return { fileName: `${model.number}.pdf`, pdf: await renderAccountingPdf(model, ctx.config.APP_NAME) };
}

/**
 * The checkout's price breakdown for the country the buyer states (decisions 0305, 0380): the same
 * tax-inclusive total, split into net and the VAT the invoice will charge on the evidence known so
 * far (the connection's country, the card's when the form knows it), or reverse charge when VIES
 * confirms the VAT number; while the card is unknown, also what a card from elsewhere gets.
 */
export async function previewCheckoutVat(
  ctx: AppContext,
  request: z.output<typeof vatPreviewRequestSchema>,
  ipCountry: string | null,
): Promise<VatPreview> {
  const { country, vatId } = request.tax;
  const vies = vatId ? await checkVatNumber(ctx.config.VIES_URL, vatId) : null;
  const outlook = checkoutVatOutlook(
    {
      statedCountry: country,
      ipCountry,
      cardCountry: request.cardCountry ?? null,
      method: request.method,
      vies,
    },
    sellerOf(ctx.config).country,
    new Date(),
  );
  const total = priceOf(request.purchaseType, creditPackOf(ctx.config));
  const split = (vat: typeof outlook.vat) => {
    const { netCents, vatCents } = splitInclusiveTotal(toCents(total), vat.ratePercent);
    return {
      net: fromCents(netCents),
      vat: fromCents(vatCents),
      vatRate: vat.ratePercent.toFixed(2),
      treatment: vat.treatment,
      vatCountry: vat.vatCountry,
    };
  };
  return {
    country,
    total,
    ...split(outlook.vat),
    basis: outlook.basis,
    otherwise: outlook.otherwise ? split(outlook.otherwise) : null,
    vies: vies?.status ?? null,
  };
}
