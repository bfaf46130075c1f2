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
}

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface CardPaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  createIntent(input: CreateIntentInput): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
}

/** The provider cannot be reached or is not configured: the user sees the unavailable screen. */
export class ProviderUnavailableError extends Error {}
