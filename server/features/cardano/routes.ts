import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Cardano payments (ADA / CROW), price conversion, payment status. */
export async function cardanoRoutes(_app: FastifyInstance, _ctx: AppContext) {}
