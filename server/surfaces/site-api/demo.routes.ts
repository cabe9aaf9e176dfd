import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DemoParamsSchema, DemoQuerySchema, DemoVerifySchema, RecognitionQuerySchema } from '#shared/contracts/demo.ts';
import { AppError } from '#server/lib/app-error.ts';
import { CLIENT_DIR } from '#server/lib/root.ts';
import { issueDemo, listRecognition, recognitionOf, verifyDemo } from '#server/modules/demo/demo.service.ts';
import { read } from './reads.ts';

/** The browser extension's zip, written by `npm run build` (scripts/build-extension.mjs). */
export const EXTENSION_ZIP = 'captchahub-extension.zip';

/**
 * Live demos and recognition examples (issue 14, spec §7): public. Issuing a demo captcha writes a
 * row, so it is a plain GET (never rendered in process, never cached); the page asks for one after
 * hydration. Verify is a mutation (CSRF like every other).
 */
export async function demoRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/v1/captcha-demo/:slug',
    { schema: { params: DemoParamsSchema, querystring: DemoQuerySchema }, config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return issueDemo(req.ctx, req.params.slug, req.query.language);
    },
  );
  api.post(
    '/v1/captcha-demo/:slug/verify',
    { schema: { params: DemoParamsSchema, body: DemoVerifySchema }, config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req) => verifyDemo(req.ctx, req.params.slug, req.body),
  );
  read(app, {
    path: '/v1/captcha-recognition',
    access: 'public',
    query: RecognitionQuerySchema,
    cacheControl: 'public, max-age=10',
    handler: ({ ctx, query }) => listRecognition(ctx, query),
  });
  read(app, {
    path: '/v1/captcha-recognition/:slug',
    access: 'public',
    params: DemoParamsSchema,
    cacheControl: 'public, max-age=10',
    handler: ({ ctx, params }) => recognitionOf(ctx, params.slug),
  });
  app.get('/v1/captcha-bypass-extension/download', { config: { access: 'public' } }, async (_req, reply) => {
    if (!existsSync(path.join(CLIENT_DIR, EXTENSION_ZIP))) throw new AppError('NOT_FOUND', 'The extension is not built on this server (npm run build makes it).');
    reply.header('content-disposition', `attachment; filename="${EXTENSION_ZIP}"`).header('cache-control', 'public, max-age=300');
    return reply.type('application/zip').send(createReadStream(path.join(CLIENT_DIR, EXTENSION_ZIP)));
  });
}
