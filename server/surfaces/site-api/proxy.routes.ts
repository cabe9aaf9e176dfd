import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ProxyIdSchema,
  ProxyPricesQuerySchema,
  ProxyPurchaseSchema,
  ProxyStatsQuerySchema,
  ProxySubUserCreateSchema,
  ProxySubUserUpdateSchema,
  ProxyWhitelistAddSchema,
} from '#shared/contracts/proxy.ts';
import * as proxy from '#server/modules/proxy/proxy.service.ts';
import { plainAddress } from '#server/modules/proxy/cidr.ts';
import { currentUser } from '#server/plugins/access.ts';
import { read, userOf } from './reads.ts';

const strict = { max: 30, timeWindow: '1 minute' };

/**
 * The proxy product (issue 17): the public price list (spec §7 GET /api/v2/proxy/prices), plans
 * bought from the balance, sub-users, the IP whitelist and traffic statistics of /proxy/*.
 */
export async function proxyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  read(app, {
    path: '/v2/proxy/prices',
    access: 'public',
    query: ProxyPricesQuerySchema,
    cacheControl: 'public, max-age=60',
    handler: ({ ctx, query }) => proxy.proxyPrices(ctx, query.currency, query.utm_campaign),
  });

  read(app, { path: '/v2/proxy/overview', access: 'user', handler: (call) => proxy.overview(call.ctx, userOf(call).id) });
  r.post('/v2/proxy/purchases', { config: { access: 'user', rateLimit: strict }, schema: { body: ProxyPurchaseSchema } }, async (req) =>
    proxy.purchase(req.ctx, currentUser(req).id, req.body),
  );

  read(app, { path: '/v2/proxy/sub-users', access: 'user', handler: (call) => proxy.listSubUsers(call.ctx, userOf(call).id) });
  r.post('/v2/proxy/sub-users', { config: { access: 'user', rateLimit: strict }, schema: { body: ProxySubUserCreateSchema } }, async (req) =>
    proxy.createSubUser(req.ctx, currentUser(req).id, req.body),
  );
  r.put('/v2/proxy/sub-users/:id', { config: { access: 'user' }, schema: { params: ProxyIdSchema, body: ProxySubUserUpdateSchema } }, async (req) =>
    proxy.updateSubUser(req.ctx, currentUser(req).id, req.params.id, req.body),
  );
  r.post('/v2/proxy/sub-users/:id/password', { config: { access: 'user', rateLimit: strict }, schema: { params: ProxyIdSchema } }, async (req) =>
    proxy.rotatePassword(req.ctx, currentUser(req).id, req.params.id),
  );

  read(app, { path: '/v2/proxy/whitelist', access: 'user', handler: (call) => proxy.listWhitelist(call.ctx, userOf(call).id) });
  r.get('/v2/proxy/my-ip', { config: { access: 'user' } }, async (req) => ({ ip: plainAddress(req.ip) }));
  r.post('/v2/proxy/whitelist', { config: { access: 'user', rateLimit: strict }, schema: { body: ProxyWhitelistAddSchema } }, async (req) =>
    proxy.addWhitelist(req.ctx, currentUser(req).id, req.body),
  );
  r.delete('/v2/proxy/whitelist/:id', { config: { access: 'user' }, schema: { params: ProxyIdSchema } }, async (req) =>
    proxy.removeWhitelist(req.ctx, currentUser(req).id, req.params.id),
  );

  read(app, { path: '/v2/proxy/statistics', access: 'user', query: ProxyStatsQuerySchema, handler: (call) => proxy.statistics(call.ctx, userOf(call).id, call.query) });
  r.get('/v2/proxy/statistics.csv', { config: { access: 'user' }, schema: { querystring: ProxyStatsQuerySchema } }, async (req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="proxy-traffic.csv"')
      .header('cache-control', 'no-store')
      .send(await proxy.statisticsCsv(req.ctx, currentUser(req).id, req.query)),
  );
}
