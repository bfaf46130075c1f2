import { purchaseAssetFields } from './assets';
import { apiErrorSchema } from './http';
import { checkoutTaxFieldsSchema } from './invoices';
import { newReportAssetNameSchema, optionalReportIdSchema, PURCHASE_TYPES } from './reports';
import { requiredField, z } from './zod';

// Cardano checkout: limits, messages, request and payment shapes.

export const CARDANO_CURRENCIES = ['ADA', 'NATIVE_TOKEN'] as const;
export type CardanoCurrency = (typeof CARDANO_CURRENCIES)[number];
export const CARDANO_PAYMENT_STATUSES = ['pending', 'confirmed', 'expired'] as const;
/** How an incoming transaction was counted (see the cardano_incoming_transactions table). */
export const CARDANO_INCOMING_CLASSIFICATIONS = ['payment', 'late', 'duplicate', 'surplus'] as const;
export type CardanoIncomingClassification = (typeof CARDANO_INCOMING_CLASSIFICATIONS)[number];

/** CROW price of any report purchase: fixed, never converted. */
export const CROW_TOKEN_AMOUNT = 10_000_000;
export const CROW_TOKEN_LABEL = 'CROW';
export const CARDANO_PAYMENT_WINDOW_MS = 30 * 60_000;
/** A payment arriving this long after its window closed is still credited (flagged paid late). */
export const CARDANO_LATE_WATCH_MS = 24 * 60 * 60_000;
export const MIN_CARDANO_AMOUNT = 0.001;
export const LOVELACE_PER_ADA = 1_000_000n;

/** Base units as a display decimal: lovelace to ADA (6 places); tokens are whole units. */
export function toDisplayAmount(quantity: bigint, currency: CardanoCurrency): string {
  if (currency === 'NATIVE_TOKEN') return quantity.toString();
  const whole = quantity / LOVELACE_PER_ADA;
  const fraction = (quantity % LOVELACE_PER_ADA).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}

export const CARDANO_MESSAGES = {
  amountMin: 'Amount must be at least 0.001',
  currency: 'Currency must be ADA or NATIVE_TOKEN',
  conversionCurrency: 'Currency must be ADA or CROW',
  conversionAmount: 'Amount must be a positive number',
  description: 'Description is required',
  reportRequired: 'A report id is required for an existing report purchase',
  creditPackInAda: 'API credit packs are paid in ADA.',
  reportNotFound: 'Report not found',
  wrongToken: 'Only the CROW token is accepted',
  paymentNotFound: 'Payment not found',
  unavailable: 'Cardano payments are unavailable right now. Please try again later.',
  priceUnavailable: 'The ADA price is unavailable right now. Please try again in a minute.',
  sandboxOnly: 'Simulated payments exist only in sandbox mode',
  notPending: 'This payment is already settled',
  createFailed: 'Failed to create payment request',
  tooManyOpen: (max: number) =>
    `You have ${max} unpaid Cardano payments open. Pay or let one expire before creating another.`,
  simulateAmount: 'Simulated amount must be a positive number with at most 6 decimals',
} as const;

/** The checkout's toasts and notes. */
export const CARDANO_TEXTS = {
  missingDescriptionField: 'Please enter a description for this payment.',
  conversionFailed: 'The current price could not be loaded.',
  createFailedTitle: 'Payment Creation Failed',
  researchErrorTitle: 'Research Error',
  researchErrorDescription: 'Failed to start research. Please contact support.',
  confirmedTitle: 'Payment Confirmed',
  confirmedDescription: (toReport: boolean) =>
    `Your payment was received. Taking you to your ${toReport ? 'report' : 'dashboard'}…`,
  confirmationNote: 'Confirmation usually takes 1-2 minutes after you send the payment.',
  defaultDescription: (asset: string) => `Research Report Purchase - ${asset}`,
} as const;

const positiveAmount = z.coerce
  .number({ message: CARDANO_MESSAGES.amountMin })
  .finite(CARDANO_MESSAGES.amountMin)
  .min(MIN_CARDANO_AMOUNT, CARDANO_MESSAGES.amountMin);

/**
 * The create-payment request. `amount` is validated but never used for the price: the
 * server decides what is owed. `purchaseType` and `researchAsset` say what is being bought.
 */
export const createCardanoPaymentRequestSchema = z.object({
  amount: positiveAmount,
  currency: z.enum(CARDANO_CURRENCIES, { message: CARDANO_MESSAGES.currency }),
  description: z
    .string(requiredField(CARDANO_MESSAGES.description))
    .trim()
    .min(1, CARDANO_MESSAGES.description)
    .max(200),
  reportId: optionalReportIdSchema,
  purchaseType: z.enum(PURCHASE_TYPES).default('new_report'),
  researchAsset: newReportAssetNameSchema,
  policyId: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{56}$/i, 'policyId must be 56 hex characters')
    .optional(),
  /** Hex-encoded token asset name. */
  assetName: z
    .string()
    .trim()
    .regex(/^([0-9a-f]{2}){0,32}$/i, 'assetName must be hex-encoded')
    .optional(),
  ...purchaseAssetFields,
  ...checkoutTaxFieldsSchema.shape,
});
export type CreateCardanoPaymentRequest = z.input<typeof createCardanoPaymentRequestSchema>;

/** A Cardano payment as the client sees it, plus what has arrived so far. */
export const cardanoPaymentSchema = z.object({
  id: z.number(),
  status: z.enum(CARDANO_PAYMENT_STATUSES),
  currency: z.enum(CARDANO_CURRENCIES),
  /** Amount owed in display units (ADA or whole tokens), as a decimal string. */
  amount: z.string(),
  /** What has arrived at the address so far, in the same units. */
  receivedAmount: z.string(),
  /** What is still owed (amount minus received, never below zero), in the same units. */
  remainingAmount: z.string(),
  description: z.string(),
  address: z.string(),
  /** PNG data URL of the CIP-13 payment URI. */
  qrCode: z.string(),
  paymentUri: z.string(),
  expiresAt: z.string(),
  assetName: z.string().nullable(),
  policyId: z.string().nullable(),
  /** The report bought (existing report) or created once paid (new report). */
  reportId: z.number().nullable(),
  purchaseType: z.enum(PURCHASE_TYPES),
  researchAsset: z.string(),
  usdAmount: z.string(),
  /** USD price of one ADA used for the quote; null for the token. */
  quotedUsdPrice: z.string().nullable(),
  paidLate: z.boolean(),
  confirmedAt: z.string().nullable(),
  network: z.enum(['mainnet', 'preprod']),
  /** True when the chain is simulated (sandbox mode). */
  sandbox: z.boolean(),
});
export type CardanoPayment = z.infer<typeof cardanoPaymentSchema>;

export const cardanoPaymentResponseSchema = z.object({
  success: z.literal(true),
  payment: cardanoPaymentSchema,
});
export type CardanoPaymentResponse = z.infer<typeof cardanoPaymentResponseSchema>;

/** An unpaid payment whose window is still open: the dashboard offers to resume it. */
export const openCardanoPaymentSchema = cardanoPaymentSchema.pick({
  id: true,
  currency: true,
  amount: true,
  remainingAmount: true,
  expiresAt: true,
  purchaseType: true,
  researchAsset: true,
  usdAmount: true,
});
export type OpenCardanoPayment = z.infer<typeof openCardanoPaymentSchema>;

export const openCardanoPaymentsResponseSchema = z.object({ payments: z.array(openCardanoPaymentSchema) });

/** The page of one payment: the address, QR code and countdown survive a reload there. */
export const cardanoPaymentPath = (paymentId: number) => `/cardano-checkout/payment/${paymentId}`;

/** A refused creation: `{ success: false, error }`, also carrying the API's usual error fields. */
export const cardanoFailureSchema = apiErrorSchema.extend({
  success: z.literal(false).optional(),
  /** ALREADY_OWNED for a new report identical to one the buyer owns: that report, and where to read it. */
  reportId: z.number().optional(),
  link: z.string().optional(),
});

/** Sandbox "Simulate incoming payment": an optional amount (display units); default, what is still owed. */
export const simulatePaymentRequestSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,6})?$/, CARDANO_MESSAGES.simulateAmount)
      .refine((value) => Number(value) > 0, CARDANO_MESSAGES.simulateAmount)
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const convertPriceParamsSchema = z.object({
  amount: z.coerce
    .number({ message: CARDANO_MESSAGES.conversionAmount })
    .finite(CARDANO_MESSAGES.conversionAmount)
    .positive(CARDANO_MESSAGES.conversionAmount)
    .max(1_000_000, CARDANO_MESSAGES.conversionAmount),
  currency: z.enum(['ADA', 'CROW'], { message: CARDANO_MESSAGES.conversionCurrency }),
});

export const priceConversionSchema = z.object({
  /** USD price of one unit (ADA or token). */
  tokenPrice: z.number(),
  /** Units owed for the USD amount. */
  tokenAmount: z.number(),
  /** True when the price is the fixed sandbox price, not a market quote. */
  sandboxPrice: z.boolean(),
});
export type PriceConversion = z.infer<typeof priceConversionSchema>;

export const convertPriceResponseSchema = z.object({
  success: z.literal(true),
  conversion: priceConversionSchema,
});

/** Round an ADA quote up to whole cents of ADA, so the shown amount (2 decimals) is enough. */
export function roundAdaUp(ada: number): number {
  return Math.ceil(Number((ada * 100).toFixed(6))) / 100;
}
