import type { FastifyInstance } from 'fastify';
import { PriceListQuerySchema } from '#shared/contracts/pricing.ts';
import { listPrices } from '#server/modules/pricing/price-list.service.ts';
import { read } from './reads.ts';

/** GET /api/v2/customer/prices: the public price list (pages render it for visitors too). */
export async function pricingRoutes(app: FastifyInstance) {
  read(app, {
    path: '/v2/customer/prices',
    access: 'public',
    query: PriceListQuerySchema,
    // The same for everyone and live within seconds (the load is refreshed every 2 s).
    cacheControl: 'public, max-age=15',
    handler: ({ ctx, query }) => listPrices(ctx, query.currency),
  });
}
