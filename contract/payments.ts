import { purchaseAssetFields } from './assets';
import { checkoutTaxFieldsSchema } from './invoices';
import { optionalReportIdSchema, PURCHASE_TYPES } from './reports';
import { z } from './zod';

// Card checkout: create-payment-intent, confirm-payment and the sandbox card.

/** The phrase the checkout looks for to show the 'Payment System Unavailable' screen. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'Payment system temporarily unavailable. Please try again later or contact support.';

export const PAYMENT_MESSAGES = {
  reportNotFound: 'Report not found',
  reportNotForSale: 'This report is not available in the marketplace',
  alreadyOwned: 'You already own this report',
  reportRequired: 'Choose a report to buy',
  paymentNotFound: 'Payment not found',
  notSucceeded: 'The payment has not succeeded',
  sandboxOnly: 'The sandbox card is not available',
} as const;

/** A client-sent amount is accepted for compatibility and ignored: prices live on the server. */
export const createPaymentIntentRequestSchema = z.object({
  purchaseType: z.enum(PURCHASE_TYPES, { message: 'Choose a purchase type' }),
  assetName: z.string().max(200).optional(),
  reportId: optionalReportIdSchema,
  amount: z.unknown().optional(),
  ...purchaseAssetFields,
  ...checkoutTaxFieldsSchema.shape,
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  /** The report bought (existing_report), or 0 for a new report that does not exist yet. */
  reportId: z.number().int(),
  paymentIntentId: z.string(),
  amount: z.string(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const confirmPaymentRequestSchema = z.object({
  paymentIntentId: z.string().trim().min(1, 'paymentIntentId: Required').max(255),
});

export const confirmPaymentResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('completed'),
  reportId: z.number().int().nullable(),
});

/** The labelled sandbox card form (no real money; refused in production). */
export const sandboxCardRequestSchema = z.object({
  paymentIntentId: z.string().trim().min(1).max(255),
  cardNumber: z.string().max(40),
});
export const sandboxCardResponseSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});

export const SANDBOX_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

/**
 * The sandbox's succeeding cards and their issuing country (VAT evidence, decision 0302), as
 * Stripe's own test cards carry one: Stripe Documentation, "Testing", section "Cards by country"
 * (https://docs.stripe.com/testing#international-cards): 4242… is the United States card; the
 * others are that table's Visa cards for these countries.
 */
export const SANDBOX_COUNTRY_CARDS: readonly { number: string; country: string }[] = [
  { number: SANDBOX_CARDS.succeeds, country: 'US' },
  { number: '4000 0027 6000 0016', country: 'DE' },
  { number: '4000 0025 0000 0003', country: 'FR' },
  { number: '4000 0037 2000 0005', country: 'IE' },
  { number: '4000 0038 0000 0008', country: 'IT' },
  { number: '4000 0052 8000 0002', country: 'NL' },
  { number: '4000 0072 4000 0007', country: 'ES' },
  { number: '4000 0082 6000 0000', country: 'GB' },
];

/** The issuing country of a sandbox card number (spaces and dashes ignored), or null. */
export function sandboxCardCountry(cardNumber: string): string | null {
  const digits = cardNumber.replace(/[\s-]/g, '');
  return SANDBOX_COUNTRY_CARDS.find((card) => card.number.replace(/ /g, '') === digits)?.country ?? null;
}

export const webhookResponseSchema = z.object({ received: z.literal(true) });
