import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { DisputeReport } from '../../domain/disputes';
import type {
  CancelOutcome,
  CardPaymentProvider,
  CreateIntentInput,
  ProviderIntent,
  RefundInput,
} from './provider';
import { ProviderUnavailableError } from './provider';

export interface StripeSettings {
  secretKey: string;
  /** A local fake in tests, e.g. http://127.0.0.1:12111; Stripe's own API otherwise. */
  apiBase?: string | undefined;
}

// Loaded on first use: the sandbox card provider never needs the Stripe SDK, and loading it
// costs about a third of a second of every start-up.
let stripeModule: typeof Stripe | undefined;
const stripeSdk = () => (stripeModule ??= createRequire(import.meta.url)('stripe') as typeof Stripe);

export function createStripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new (stripeSdk())(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { ...(intent.metadata ?? {}) },
    lastErrorMessage: intent.last_payment_error?.message ?? null,
    clientSecret: intent.client_secret ?? null,
    // Present when the charge is expanded (confirm and reconciliation ask for it; a webhook sends an id).
    cardCountry:
      typeof intent.latest_charge === 'object' && intent.latest_charge
        ? (intent.latest_charge.payment_method_details?.card?.country ?? null)
        : null,
  };
}

/** Connection failures and Stripe-side errors mean "unavailable"; anything else is a bug of ours. */
function unavailableOr(error: unknown): Error {
  if (error instanceof stripeSdk().errors.StripeError) {
    return new ProviderUnavailableError(`${error.type}: ${error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function stripeProvider(stripe: Stripe): CardPaymentProvider {
  async function retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.statusCode === 404)
        return null;
      throw unavailableOr(error);
    }
  }
  return {
    kind: 'stripe',
    async createIntent(input: CreateIntentInput) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new ProviderUnavailableError('payment intent without client secret');
        return { id: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw unavailableOr(error);
      }
    },
    retrieveIntent,
    async cancelIntent(id: string): Promise<CancelOutcome> {
      try {
        await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
        return { kind: 'canceled' };
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeInvalidRequestError) {
          if (error.statusCode === 404) return { kind: 'missing' };
          // Already succeeded or cancelled: the caller decides from the intent's own state.
          if (error.code === 'payment_intent_unexpected_state') {
            const intent = await retrieveIntent(id);
            return intent ? { kind: 'not_cancelable', intent } : { kind: 'missing' };
          }
        }
        throw unavailableOr(error);
      }
    },
    async refund(input: RefundInput) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            reason: input.reason,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return {
          id: refund.id,
          status: refund.status ?? 'pending',
          failureReason: refund.failure_reason ?? null,
        };
      } catch (error) {
        throw unavailableOr(error);
      }
    },
  };
}

export type WebhookEvent =
  | { type: 'payment_intent.succeeded'; intent: ProviderIntent }
  | { type: 'payment_intent.payment_failed'; intent: ProviderIntent }
  | { type: 'dispute'; dispute: DisputeReport }
  | { type: 'ignored'; eventType: string };

/** Verifies the signature over the raw body bytes; throws when it does not match. */
export function parseWebhook(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string,
  secret: string,
): WebhookEvent {
  const event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    return { type: event.type, intent: toProviderIntent(event.data.object) };
  }
  if (
    event.type === 'charge.dispute.created' ||
    event.type === 'charge.dispute.updated' ||
    event.type === 'charge.dispute.closed'
  ) {
    const dispute = event.data.object;
    const intent = dispute.payment_intent;
    const charge = dispute.charge;
    return {
      type: 'dispute',
      dispute: {
        id: dispute.id,
        chargeId: typeof charge === 'string' ? charge : (charge?.id ?? null),
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
        amount: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        status: dispute.status,
        evidenceDueBy: dispute.evidence_details?.due_by
          ? new Date(dispute.evidence_details.due_by * 1000)
          : null,
      },
    };
  }
  return { type: 'ignored', eventType: event.type };
}
