import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmPaymentRequestSchema,
  confirmPaymentResponseSchema,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  PAYMENT_MESSAGES,
  sandboxCardRequestSchema,
  sandboxCardResponseSchema,
  webhookResponseSchema,
} from '../../../contract/payments';
import type { AppContext } from '../../context';
import { recordDispute } from '../../domain/disputes';
import { DomainError, invalid, notFound } from '../../domain/errors';
import { checkoutOriginOf } from '../../domain/tax/checkout-evidence';
import { rateLimits } from '../../http/rate-limits';
import { requireUserId } from '../../http/signed-in';
import { findPurchaseByIntentId } from './repository';
import {
  confirmPayment,
  createPaymentIntent,
  recordFailedIntent,
  recordSucceededIntent,
  recordWebhookSucceededIntent,
} from './service';
import { parseWebhook } from './stripe-provider';

/** Card payments (Stripe PaymentIntents, webhook, sandbox card). */
export async function cardPaymentRoutes(app: FastifyInstance, ctx: AppContext) {
  const setup = ctx.payments.card;
  const limits = rateLimits(ctx.config);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/create-payment-intent',
    {
      schema: {
        body: createPaymentIntentRequestSchema,
        response: { 200: createPaymentIntentResponseSchema },
      },
      config: { rateLimit: limits.paymentCreate },
    },
    async (request) =>
      createPaymentIntent(
        ctx,
        setup.provider,
        requireUserId(request),
        request.body,
        checkoutOriginOf(request, ctx.config.TRUST_CF_IPCOUNTRY),
      ),
  );

  api.post(
    '/api/confirm-payment',
    {
      schema: { body: confirmPaymentRequestSchema, response: { 200: confirmPaymentResponseSchema } },
      config: { rateLimit: limits.confirmPayment },
    },
    async (request) => {
      const { reportId } = await confirmPayment(
        ctx,
        setup.provider,
        requireUserId(request),
        request.body.paymentIntentId,
      );
      return { success: true as const, status: 'completed' as const, reportId };
    },
  );

  // The labelled sandbox card form posts here; it behaves as Stripe's confirm + webhook would.
  api.post(
    '/api/sandbox/card-payment',
    { schema: { body: sandboxCardRequestSchema, response: { 200: sandboxCardResponseSchema } } },
    async (request) => {
      const sandbox = setup.sandbox;
      if (!sandbox) throw notFound(PAYMENT_MESSAGES.sandboxOnly);
      const purchase = await findPurchaseByIntentId(ctx.db, request.body.paymentIntentId);
      if (!purchase || purchase.userId !== requireUserId(request))
        throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      const result = await sandbox.charge(request.body.paymentIntentId, request.body.cardNumber);
      switch (result.outcome) {
        case 'unknown_intent':
          throw notFound(PAYMENT_MESSAGES.paymentNotFound);
        case 'invalid':
          throw invalid(result.message);
        case 'declined':
          await recordFailedIntent(ctx, result.intent);
          throw new DomainError('PAYMENT_FAILED', result.message);
        case 'succeeded':
          await recordSucceededIntent(ctx, result.intent);
          return { status: 'succeeded' as const, paymentIntentId: result.intent.id };
      }
    },
  );

  // Stripe signs the exact bytes it sends: this scope keeps the body raw for verification.
  await app.register(async (webhookScope) => {
    webhookScope.removeAllContentTypeParsers();
    webhookScope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhookScope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/stripe/webhook',
        { schema: { response: { 200: webhookResponseSchema } } },
        async (request) => {
          const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
          if (!setup.stripe || !secret) throw invalid('Webhooks are not configured');
          const signature = request.headers['stripe-signature'];
          const rawBody = request.body;
          if (typeof signature !== 'string' || !Buffer.isBuffer(rawBody)) {
            throw invalid('Invalid webhook signature');
          }
          let event: ReturnType<typeof parseWebhook>;
          try {
            event = parseWebhook(setup.stripe, rawBody, signature, secret);
          } catch {
            throw invalid('Invalid webhook signature');
          }
          if (event.type === 'payment_intent.succeeded') {
            const outcome = await recordWebhookSucceededIntent(ctx, setup.provider, event.intent);
            if (outcome.kind === 'unknown') {
              ctx.log.warn({ paymentIntentId: event.intent.id }, 'webhook for an unknown payment intent');
            }
          } else if (event.type === 'payment_intent.payment_failed') {
            await recordFailedIntent(ctx, event.intent);
          } else if (event.type === 'dispute') {
            const recorded = await recordDispute(ctx.db, event.dispute);
            ctx.log.warn(
              { disputeId: event.dispute.id, status: event.dispute.status, purchaseId: recorded.purchaseId },
              'card dispute reported',
            );
          }
          return { received: true as const };
        },
      );
  });
}
