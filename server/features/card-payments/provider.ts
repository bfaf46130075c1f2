// The card payment provider as the purchase service sees it. Two implementations: the live
// Stripe one (official SDK) and a sandbox for zero-config runs outside production. Both end in
// the same purchase service and state machine.

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface ProviderIntent {
  id: string;
  status: IntentStatus | string;
  /** Smallest currency unit (cents). */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The provider's message for the last failed attempt, if any. */
  lastErrorMessage: string | null;
  /** What the browser needs to pay this intent (resuming an open checkout). */
  clientSecret: string | null;
  /** The paying card's issuing country, when the provider sent the charge with the intent (VAT evidence). */
  cardCountry?: string | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RefundInput {
  paymentIntentId: string;
  /** The whole charge is returned; the amount is sent so a mismatch fails loudly. */
  amountCents: number;
  reason: 'duplicate' | 'requested_by_customer';
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  /** succeeded | pending | requires_action | failed | canceled (the provider's words). */
  status: string;
  failureReason: string | null;
}

/** What cancelling an intent came to: cancelled now, already past cancelling (paid, or cancelled before), or unknown. */
export type CancelOutcome =
  | { kind: 'canceled' }
  | { kind: 'not_cancelable'; intent: ProviderIntent }
  | { kind: 'missing' };

export interface CardPaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Cancels an intent nobody may pay any more (abandoned, or its account deleted). */
  cancelIntent(id: string): Promise<CancelOutcome>;
  refund(input: RefundInput): Promise<ProviderRefund>;
}

/** The provider cannot be reached or is not configured: the user sees the unavailable screen. */
export class ProviderUnavailableError extends Error {}
