import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '../../../contract/payments';
import type { CardPaymentProvider, ProviderIntent } from './provider';

// A stand-in for Stripe when no keys are configured outside production. Intents live in this
// process's memory (a sandbox run is one process); the card form posts the test card number
// here instead of to Stripe. Never used in production (see provider selection).

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const SANDBOX_INVALID_MESSAGE = 'Your card number is invalid.';

export type SandboxChargeResult =
  | { outcome: 'succeeded'; intent: ProviderIntent }
  | { outcome: 'declined'; intent: ProviderIntent; message: string }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'unknown_intent' };

export interface SandboxCardProvider extends CardPaymentProvider {
  readonly kind: 'sandbox';
  charge(intentId: string, cardNumber: string): SandboxChargeResult;
}

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

export function sandboxProvider(): SandboxCardProvider {
  const intents = new Map<string, ProviderIntent>();
  const byIdempotencyKey = new Map<string, { id: string; clientSecret: string }>();
  return {
    kind: 'sandbox',
    async createIntent(input) {
      const existing = byIdempotencyKey.get(input.idempotencyKey);
      if (existing) return existing;
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      intents.set(id, {
        id,
        status: 'requires_payment_method',
        amount: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
        lastErrorMessage: null,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      });
      const created = { id, clientSecret: intents.get(id)!.clientSecret! };
      byIdempotencyKey.set(input.idempotencyKey, created);
      return created;
    },
    async retrieveIntent(id) {
      const intent = intents.get(id);
      return intent ? { ...intent, metadata: { ...intent.metadata } } : null;
    },
    // Sandbox money is not real: a refund is accepted at once.
    async refund() {
      return {
        id: `re_sandbox_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
        failureReason: null,
      };
    },
    charge(intentId, cardNumber) {
      const intent = intents.get(intentId);
      if (!intent) return { outcome: 'unknown_intent' };
      if (intent.status === 'succeeded') return { outcome: 'succeeded', intent: { ...intent } };
      const digits = digitsOf(cardNumber);
      if (digits === digitsOf(SANDBOX_CARDS.succeeds)) {
        intent.status = 'succeeded';
        intent.lastErrorMessage = null;
        return { outcome: 'succeeded', intent: { ...intent } };
      }
      if (digits === digitsOf(SANDBOX_CARDS.declined)) {
        intent.status = 'requires_payment_method';
        intent.lastErrorMessage = SANDBOX_DECLINE_MESSAGE;
        return { outcome: 'declined', intent: { ...intent }, message: SANDBOX_DECLINE_MESSAGE };
      }
      return { outcome: 'invalid', message: SANDBOX_INVALID_MESSAGE };
    },
  };
}
