import type { FastifyInstance } from 'fastify';
import { getDashboard } from '#server/modules/customer/dashboard.service.ts';
import { read, userOf } from './reads.ts';

/** GET /api/v2/dashboard: the customer console's figures (spec §7). */
export async function dashboardRoutes(app: FastifyInstance) {
  read(app, { path: '/v2/dashboard', access: 'userType', cacheControl: 'no-store', handler: (call) => getDashboard(call.ctx, userOf(call)) });
}
