import type { FastifyInstance } from 'fastify';
import { GraphParamsSchema, PublicStatisticsQuerySchema } from '#shared/contracts/statistics.ts';
import { publicGraph, publicStatistics } from '#server/modules/statistics/statistics.service.ts';
import { read } from './reads.ts';

/** /api/v2/public_statistics and its graphs (spec §7): open to everyone, cached briefly. */
export async function statisticsRoutes(app: FastifyInstance) {
  const cacheControl = 'public, max-age=30';
  read(app, {
    path: '/v2/public_statistics',
    access: 'public',
    query: PublicStatisticsQuerySchema,
    cacheControl,
    handler: ({ ctx, query }) => publicStatistics(ctx, query),
  });
  read(app, {
    path: '/v2/public_statistics/graph/:metric',
    access: 'public',
    params: GraphParamsSchema,
    query: PublicStatisticsQuerySchema,
    cacheControl,
    handler: ({ ctx, params, query }) => publicGraph(ctx, params.metric, query),
  });
}
