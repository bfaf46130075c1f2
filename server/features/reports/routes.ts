import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Research reports: report view, progress, events, PDF, research start, asset search. */
export async function reportRoutes(_app: FastifyInstance, _ctx: AppContext) {}
