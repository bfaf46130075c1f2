import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Purchases: my reports, public reports (marketplace). */
export async function purchaseRoutes(_app: FastifyInstance, _ctx: AppContext) {}
