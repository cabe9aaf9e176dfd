import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PriceListQuerySchema } from '#shared/contracts/pricing.ts';
import { listPrices } from '#server/modules/pricing/price-list.service.ts';

/** GET /api/v2/customer/prices: the public price list (pages render it for visitors too). */
export async function pricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v2/customer/prices', { config: { access: 'public' }, schema: { querystring: PriceListQuerySchema } }, async (req, reply) => {
    const list = await listPrices(req.ctx, req.query.currency);
    // The same for everyone and live within seconds (the load is refreshed every 2 s).
    reply.header('cache-control', 'public, max-age=15');
    return list;
  });
}
