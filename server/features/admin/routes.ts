import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Admin views (bug reports, reports that failed, flagged payments). */
export async function adminRoutes(_app: FastifyInstance, _ctx: AppContext) {}
