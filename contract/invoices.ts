import { z } from './zod';

// The buyer's invoices and credit notes (decisions 0300-0302): the account page lists them and
// links each PDF; numbers are gap-free per series.

export const ACCOUNTING_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type AccountingDocumentKind = (typeof ACCOUNTING_DOCUMENT_KINDS)[number];

export const accountingDocumentSchema = z.object({
  kind: z.enum(ACCOUNTING_DOCUMENT_KINDS),
  id: z.number().int(),
  /** INV-000001 or CN-000001. */
  number: z.string(),
  issuedAt: z.string(),
  description: z.string(),
  currency: z.string(),
  total: z.string(),
  net: z.string(),
  vat: z.string(),
  vatRate: z.string(),
  vatCountry: z.string().nullable(),
  reverseCharge: z.boolean(),
  /** A credit note names the invoice it credits. */
  creditsInvoice: z.string().nullable(),
  pdfUrl: z.string(),
});
export type AccountingDocument = z.infer<typeof accountingDocumentSchema>;

export const accountingDocumentListSchema = z.array(accountingDocumentSchema);

export const INVOICE_MESSAGES = {
  notFound: 'Invoice not found',
} as const;

/** Where the account page and the emails link a document's PDF. */
export const invoicePdfPath = (kind: AccountingDocumentKind, id: number) =>
  kind === 'invoice' ? `/api/account/invoices/${id}/pdf` : `/api/account/credit-notes/${id}/pdf`;

/** Optional place-of-supply evidence the buyer gives at checkout (decision 0302). */
export const checkoutTaxFieldsSchema = z.object({
  /** ISO 3166-1 alpha-2 country the buyer says they are in. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code such as DE')
    .transform((value) => value.toUpperCase())
    .optional(),
  /** An EU business buyer's VAT number, e.g. DE123456789 (checked against VIES). */
  vatId: z
    .string()
    .max(30)
    .transform((value) => value.toUpperCase().replace(/[\s.-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}[0-9A-Z+*]{2,18}$/, 'VAT number must start with its two-letter country code'),
    )
    .optional(),
});
export type CheckoutTaxFields = z.infer<typeof checkoutTaxFieldsSchema>;
