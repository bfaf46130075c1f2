import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardanoFailureSchema,
  cardanoPaymentResponseSchema,
  convertPriceParamsSchema,
  convertPriceResponseSchema,
  createCardanoPaymentRequestSchema,
  openCardanoPaymentsResponseSchema,
  simulatePaymentRequestSchema,
} from '../../../contract/cardano';
import { idParamSchema } from '../../../contract/http';
import type { AppContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { checkoutOriginOf } from '../../domain/tax/checkout-evidence';
import { domainErrorBody } from '../../http/errors';
import { rateLimits } from '../../http/rate-limits';
import { requireUserId } from '../../http/signed-in';
import {
  convertPrice,
  createCardanoPayment,
  getCardanoPayment,
  listOpenCardanoPayments,
  simulateIncomingPayment,
} from './service';

/** Cardano payments (ADA / CROW), price conversion, payment status. */
export async function cardanoRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/cardano/create-payment',
    {
      schema: {
        body: createCardanoPaymentRequestSchema,
        response: {
          200: cardanoPaymentResponseSchema,
          400: cardanoFailureSchema,
          403: cardanoFailureSchema,
          404: cardanoFailureSchema,
          429: cardanoFailureSchema,
          409: cardanoFailureSchema,
          503: cardanoFailureSchema,
        },
      },
      config: { rateLimit: rateLimits(ctx.config).cardanoCreate },
    },
    async (request, reply) => {
      try {
        const payment = await createCardanoPayment(
          ctx,
          requireUserId(request),
          request.body,
          checkoutOriginOf(request, ctx.config.TRUST_CF_IPCOUNTRY),
        );
        return { success: true as const, payment };
      } catch (error) {
        // A refused creation answers { success: false, error } with its status code.
        // The usual error envelope (code, statusCode, message), plus the spec's success and error.
        if (!(error instanceof DomainError)) throw error;
        const body = domainErrorBody(error);
        const status = body.statusCode as 400 | 403 | 404 | 409 | 429 | 503;
        return reply.status(status).send({ ...body, success: false, error: error.message });
      }
    },
  );

  api.get(
    '/api/cardano/payment/:id',
    { schema: { params: idParamSchema, response: { 200: cardanoPaymentResponseSchema } } },
    async (request) => ({
      success: true as const,
      payment: await getCardanoPayment(ctx, requireUserId(request), request.params.id),
    }),
  );

  // The signed-in user's unpaid payments that can still be paid ("Resume payment").
  api.get(
    '/api/cardano/payments/open',
    { schema: { response: { 200: openCardanoPaymentsResponseSchema } } },
    async (request) => ({ payments: await listOpenCardanoPayments(ctx, requireUserId(request)) }),
  );

  api.get(
    '/api/cardano/convert-price/:amount/:currency',
    { schema: { params: convertPriceParamsSchema, response: { 200: convertPriceResponseSchema } } },
    async (request) => ({
      success: true as const,
      conversion: await convertPrice(ctx, request.params.amount, request.params.currency),
    }),
  );

  // Sandbox only (refused in production and with a real chain): the "Simulate incoming payment" control.
  api.post(
    '/api/cardano/sandbox/simulate-payment/:id',
    {
      schema: {
        params: idParamSchema,
        body: simulatePaymentRequestSchema,
        response: { 200: cardanoPaymentResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      payment: await simulateIncomingPayment(ctx, requireUserId(request), request.params.id, request.body),
    }),
  );
}
