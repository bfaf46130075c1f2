import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS, sandboxCardCountry } from '../../../contract/payments';
import type { Database } from '../../db/client';
import type { CardPaymentProvider, ProviderIntent } from './provider';
import {
  findSandboxIntent,
  insertSandboxIntentOnce,
  type SandboxIntentRow,
  updateOpenSandboxIntent,
} from './sandbox-repository';

// A stand-in for Stripe when no keys are configured outside production. Intents live in the
// database (table sandbox_card_intents), so a payment started on one web process can be paid
// on another; the card form posts the test card number here instead of to Stripe. Never used
// in production (see provider selection).

export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined.';
export const SANDBOX_INVALID_MESSAGE = 'Your card number is invalid.';
export const SANDBOX_CANCELED_MESSAGE = 'This payment was canceled. Start the checkout again.';

export type SandboxChargeResult =
  | { outcome: 'succeeded'; intent: ProviderIntent }
  | { outcome: 'declined'; intent: ProviderIntent; message: string }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'unknown_intent' };

export interface SandboxCardProvider extends CardPaymentProvider {
  readonly kind: 'sandbox';
  charge(intentId: string, cardNumber: string): Promise<SandboxChargeResult>;
}

const digitsOf = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

const toIntent = (row: SandboxIntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: { ...row.metadata },
  lastErrorMessage: row.lastErrorMessage,
  clientSecret: row.clientSecret,
  cardCountry: row.cardCountry,
});

export function sandboxProvider(db: Database): SandboxCardProvider {
  /** Sets the outcome of an attempt; succeeded and canceled are final (a later card changes neither). */
  async function settle(id: string, status: string, lastErrorMessage: string | null, cardCountry?: string) {
    return (
      (await updateOpenSandboxIntent(db, id, {
        status,
        lastErrorMessage,
        ...(cardCountry ? { cardCountry } : {}),
      })) ?? (await find(id))
    );
  }

  const find = (id: string) => findSandboxIntent(db, id);

  return {
    kind: 'sandbox',
    async createIntent(input) {
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      // A repeated key answers with the intent it created the first time, as Stripe does.
      const row = await insertSandboxIntentOnce(db, {
        id,
        idempotencyKey: input.idempotencyKey,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        status: 'requires_payment_method',
        amount: input.amountCents,
        currency: input.currency,
        metadata: { ...input.metadata },
      });
      return { id: row.id, clientSecret: row.clientSecret };
    },
    async retrieveIntent(id) {
      const row = await find(id);
      return row ? toIntent(row) : null;
    },
    async cancelIntent(id) {
      const canceled = await updateOpenSandboxIntent(db, id, { status: 'canceled' });
      if (canceled) return { kind: 'canceled' };
      const row = await find(id);
      return row ? { kind: 'not_cancelable', intent: toIntent(row) } : { kind: 'missing' };
    },
    // Sandbox money is not real: a refund is accepted at once.
    async refund() {
      return {
        id: `re_sandbox_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
        failureReason: null,
      };
    },
    async charge(intentId, cardNumber) {
      const row = await find(intentId);
      if (!row) return { outcome: 'unknown_intent' };
      if (row.status === 'succeeded') return { outcome: 'succeeded', intent: toIntent(row) };
      if (row.status === 'canceled') return { outcome: 'invalid', message: SANDBOX_CANCELED_MESSAGE };
      const digits = digitsOf(cardNumber);
      // Each succeeding test card carries its issuing country, as a Stripe charge does.
      const cardCountry = sandboxCardCountry(digits);
      if (cardCountry) {
        const settled = (await settle(intentId, 'succeeded', null, cardCountry))!;
        // Cancelled while this attempt ran: nothing was charged.
        if (settled.status === 'canceled') return { outcome: 'invalid', message: SANDBOX_CANCELED_MESSAGE };
        return { outcome: 'succeeded', intent: toIntent(settled) };
      }
      if (digits === digitsOf(SANDBOX_CARDS.declined)) {
        const settled = (await settle(intentId, 'requires_payment_method', SANDBOX_DECLINE_MESSAGE))!;
        // A concurrent attempt with the good card won: that success stands.
        if (settled.status === 'succeeded') return { outcome: 'succeeded', intent: toIntent(settled) };
        if (settled.status === 'canceled') return { outcome: 'invalid', message: SANDBOX_CANCELED_MESSAGE };
        return { outcome: 'declined', intent: toIntent(settled), message: SANDBOX_DECLINE_MESSAGE };
      }
      return { outcome: 'invalid', message: SANDBOX_INVALID_MESSAGE };
    },
  };
}
