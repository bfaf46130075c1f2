import { PURCHASE_TYPES } from './reports';
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
  /** card, cardano or x402 (pay per call on Cardano). */
  paymentMethod: z.string(),
  /** The card payment's provider id, or the Cardano transaction hash. */
  paymentReference: z.string().nullable(),
  /**
   * A Cardano payment: the ADA or CROW amount, the USD rate used and when it was taken; the ADA
   * the buyer's transactions paid the network (on an invoice, when the chain gave it: decision 0310).
   */
  crypto: z
    .object({
      currency: z.string(),
      amount: z.string(),
      usdRate: z.string(),
      rateAt: z.string(),
      networkFee: z.string().nullable(),
    })
    .nullable(),
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

/** VIES and VAT numbers write Greece as EL; countries are ISO 3166 (GR). */
export const vatNumberCountry = (vatId: string) => (vatId.slice(0, 2) === 'EL' ? 'GR' : vatId.slice(0, 2));

export const CHECKOUT_TAX_MESSAGES = {
  countryRequired: 'Choose the country you are in',
  vatIdCountry: (country: string) =>
    `This VAT number is not from the country you chose: it must start with ${country === 'GR' ? 'EL' : country}`,
} as const;

/**
 * The checkout form's tax fields (decision 0305): there the buyer must state a country, the
 * evidence the place of supply is decided from; a VAT number is optional and must belong to it.
 * Programs calling the API may still leave both out (checkoutTaxFieldsSchema).
 */
export const checkoutTaxFormSchema = z
  .object({
    country: z
      .string({ message: CHECKOUT_TAX_MESSAGES.countryRequired })
      .trim()
      .min(1, CHECKOUT_TAX_MESSAGES.countryRequired)
      .pipe(checkoutTaxFieldsSchema.shape.country.unwrap()),
    vatId: z
      .string()
      .optional()
      .transform((value) => (value?.trim() ? value : undefined))
      .pipe(checkoutTaxFieldsSchema.shape.vatId),
  })
  .superRefine((fields, ctx) => {
    if (fields.vatId && vatNumberCountry(fields.vatId) !== fields.country) {
      ctx.addIssue({
        code: 'custom',
        path: ['vatId'],
        message: CHECKOUT_TAX_MESSAGES.vatIdCountry(fields.country),
      });
    }
  });

/** POST /api/checkout/vat-preview: the VAT in the price for the stated country, before paying. */
export const vatPreviewRequestSchema = z.object({
  purchaseType: z.enum(PURCHASE_TYPES, { message: 'Choose a purchase type' }),
  tax: checkoutTaxFormSchema,
  /** A Cardano payment has no card to confirm the country; a card payment may. */
  method: z.enum(['card', 'cardano']).default('card'),
  /** The issuing country of the card about to pay, when the form knows it (the sandbox's test cards). */
  cardCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

const vatTreatmentSchema = z.enum(['eu_vat', 'reverse_charge', 'outside_eu']);

/**
 * Which VAT the invoice charges depends on a second piece of evidence agreeing with the stated
 * country (decision 0302): `confirmed` (the connection's or the card's country agrees),
 * `if_card_matches` (a card payment whose card is not known yet: `otherwise` is what a card
 * issued elsewhere gets) or `not_confirmed` (nothing agrees: the seller's country applies).
 */
const VAT_PREVIEW_BASES = ['confirmed', 'if_card_matches', 'not_confirmed'] as const;

export const vatPreviewSchema = z.object({
  country: z.string(),
  /** The tax-inclusive price, e.g. "4.99"; it does not change with the country. */
  total: z.string(),
  net: z.string(),
  vat: z.string(),
  /** Percent, e.g. "19.00". */
  vatRate: z.string(),
  treatment: vatTreatmentSchema,
  /** The country whose VAT this is (null: none applies). */
  vatCountry: z.string().nullable(),
  basis: z.enum(VAT_PREVIEW_BASES),
  /** if_card_matches: the VAT a card issued in another country gets instead (same total). */
  otherwise: z
    .object({
      net: z.string(),
      vat: z.string(),
      vatRate: z.string(),
      treatment: vatTreatmentSchema,
      vatCountry: z.string().nullable(),
    })
    .nullable(),
  /** What VIES said of the VAT number, when one was given. */
  vies: z.enum(['valid', 'invalid', 'unavailable']).nullable(),
});
export type VatPreview = z.infer<typeof vatPreviewSchema>;
