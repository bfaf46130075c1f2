import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Bug reports filed by signed-in users. */
export async function bugReportRoutes(_app: FastifyInstance, _ctx: AppContext) {}
