import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Card payments (Stripe PaymentIntents, webhook, sandbox card). */
export async function cardPaymentRoutes(_app: FastifyInstance, _ctx: AppContext) {}
