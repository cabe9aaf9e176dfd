import type { FastifyInstance } from 'fastify';
import { ApiDocsParamsSchema, ApiDocsQuerySchema } from '#shared/contracts/api-docs.ts';
import { apiUrlOf, getDocsIndex, getTypeDoc } from '#server/modules/docs/docs.service.ts';
import { openApiDocument } from '#server/modules/docs/openapi.ts';
import { read } from './reads.ts';

/** GET /api/v1/api-docs (the documentation home), /api/v1/api-docs/{slug} (spec §7) and the OpenAPI description: public, generated. */
export async function docsRoutes(app: FastifyInstance) {
  read(app, {
    path: '/v1/api-docs',
    access: 'public',
    query: ApiDocsQuerySchema,
    cacheControl: 'public, max-age=15',
    handler: ({ ctx, query }) => getDocsIndex(ctx, query),
  });
  // Registered before the :slug route; exact paths win in Fastify and in the in-process table.
  read(app, {
    path: '/v1/api-docs/openapi.json',
    access: 'public',
    cacheControl: 'public, max-age=300',
    handler: ({ ctx }) => openApiDocument(apiUrlOf(ctx)),
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
