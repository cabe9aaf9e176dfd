import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GraphParamsSchema, PublicStatisticsQuerySchema } from '#shared/contracts/statistics.ts';
import { publicGraph, publicStatistics } from '#server/modules/statistics/statistics.service.ts';

/** /api/v2/public_statistics and its graphs (spec §7): open to everyone, cached briefly. */
export async function statisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'public' as const };
  r.get('/v2/public_statistics', { config, schema: { querystring: PublicStatisticsQuerySchema } }, async (req, reply) => {
    const stats = await publicStatistics(req.ctx, req.query);
    reply.header('cache-control', 'public, max-age=30');
    return stats;
  });
  r.get(
    '/v2/public_statistics/graph/:metric',
    { config, schema: { params: GraphParamsSchema, querystring: PublicStatisticsQuerySchema } },
    async (req, reply) => {
      const graph = await publicGraph(req.ctx, req.params.metric, req.query);
      reply.header('cache-control', 'public, max-age=30');
      return graph;
    },
  );
}
