import type { FastifyInstance } from 'fastify';
import { getDashboard } from '#server/modules/customer/dashboard.service.ts';
import { currentUser } from '#server/plugins/access.ts';

/** GET /api/v2/dashboard: the customer console's figures (spec §7). */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/v2/dashboard', { config: { access: 'userType' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return getDashboard(req.ctx, currentUser(req).id);
  });
}
