import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditQuerySchema, FinanceQuerySchema } from '#shared/contracts/finance.ts';
import { auditLog } from '#server/modules/finance/audit.service.ts';
import { moneyView, moneyViewCsv } from '#server/modules/finance/finance.service.ts';
import { read } from './reads.ts';

/**
 * The operator's money view and the audit log (issue 22 #5), admins only:
 * /api/v2/admin/finance (JSON and .csv) and /api/v2/admin/audit-log.
 */
export async function financeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  read(app, { path: '/v2/admin/finance', access: 'admin', query: FinanceQuerySchema, handler: ({ ctx, query }) => moneyView(ctx, query) });
  r.get('/v2/admin/finance.csv', { config: { access: 'admin' }, schema: { querystring: FinanceQuerySchema } }, async (req, reply) => {
    const view = await moneyView(req.ctx, req.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="money-${view.from}-${view.to}.csv"`)
      .header('cache-control', 'no-store')
      .send(moneyViewCsv(view));
  });
  read(app, { path: '/v2/admin/audit-log', access: 'admin', query: AuditQuerySchema, handler: ({ ctx, query }) => auditLog(ctx, query) });
}
