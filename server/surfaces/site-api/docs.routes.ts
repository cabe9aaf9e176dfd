import type { FastifyInstance } from 'fastify';
import { ApiDocsParamsSchema, ApiDocsQuerySchema } from '#shared/contracts/api-docs.ts';
import { getDocsIndex, getTypeDoc } from '#server/modules/docs/docs.service.ts';
import { read } from './reads.ts';

/** GET /api/v1/api-docs (the documentation home) and /api/v1/api-docs/{slug} (spec §7): public, generated. */
export async function docsRoutes(app: FastifyInstance) {
  read(app, {
    path: '/v1/api-docs',
    access: 'public',
    query: ApiDocsQuerySchema,
    cacheControl: 'public, max-age=15',
    handler: ({ ctx, query }) => getDocsIndex(ctx, query),
  });
  read(app, {
    path: '/v1/api-docs/:slug',
    access: 'public',
    params: ApiDocsParamsSchema,
    query: ApiDocsQuerySchema,
    // Live prices inside: as fresh as the price list.
    cacheControl: 'public, max-age=15',
    handler: ({ ctx, params, query }) => getTypeDoc(ctx, params.slug, query),
  });
}
