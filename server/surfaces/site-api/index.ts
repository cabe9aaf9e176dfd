import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '#shared/errors.ts';
import type { Sites } from '#server/config.ts';
import { AppError } from '#server/lib/app-error.ts';
import { verifyCsrf } from '#server/plugins/csrf.ts';
import { eventTrackerRoutes } from './event-tracker.routes.ts';

export interface SiteApiOptions {
  sites: Sites;
}

function errorBody(code: ApiErrorBody['error']['code'], message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * The JSON API of the web app, mounted under /api (spec §7 paths). Cookie session, CSRF on
 * every mutation, zod-validated input, `{ error: { code, message } }` on failure.
 */
async function siteApiPlugin(app: FastifyInstance, _opts: SiteApiOptions) {
  await app.register(fastifyRateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: (_req, ctx) => ({ ...errorBody('RATE_LIMITED', `Too many requests; retry in ${ctx.after}.`), statusCode: 429 }),
  });
  app.addHook('preHandler', verifyCsrf);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.code(err.status).send(errorBody(err.code, err.message, err.details));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.code(400).send(errorBody('VALIDATION_FAILED', 'The request is not valid.', details));
    }
    if (err.statusCode === 429) return reply.code(429).send(errorBody('RATE_LIMITED', err.message));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
      return reply.code(err.statusCode).send(errorBody('VALIDATION_FAILED', err.message));
    }
    req.log.error({ err }, 'site api failure');
    return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong on our side.'));
  });
  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(errorBody('NOT_FOUND', `No API route ${req.method} ${req.url.split('?')[0]}`));
  app.setNotFoundHandler(notFound);
  // Without this the page renderer's catch-all GET would answer unknown API paths with HTML.
  app.all('/*', notFound);

  await app.register(eventTrackerRoutes);
}

export const siteApi = fp(
  async (app: FastifyInstance, opts: SiteApiOptions) => {
    await app.register(siteApiPlugin, { ...opts, prefix: '/api' });
  },
  { name: 'site-api' },
);
