import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from '#server/lib/shared-store/rate-limit-store.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES } from '#shared/contracts/profile.ts';
import type { ApiErrorBody } from '#shared/errors.ts';
import { AppError } from '#server/lib/app-error.ts';
import { checkAccess } from '#server/plugins/access.ts';
import { verifyCsrf } from '#server/plugins/csrf.ts';
import { loadAuth } from '#server/plugins/session.ts';
import { adminRoutes } from './admin.routes.ts';
import { affiliateRoutes } from './affiliate.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { contentRoutes } from './content.routes.ts';
import { customerRoutes } from './customer.routes.ts';
import { customerLogsRoutes } from './customer-logs.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { demoRoutes } from './demo.routes.ts';
import { docsRoutes } from './docs.routes.ts';
import { eventTrackerRoutes } from './event-tracker.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { moneyRoutes } from './money.routes.ts';
import { financeRoutes } from './finance.routes.ts';
import { hubRoutes } from './hub.routes.ts';
import { labellingRoutes } from './labelling.routes.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { pricingRoutes } from './pricing.routes.ts';
import { proxyRoutes } from './proxy.routes.ts';
import { promotionsRoutes } from './promotions.routes.ts';
import { softwareRoutes } from './software.routes.ts';
import { statisticsRoutes } from './statistics.routes.ts';
import { supportRoutes } from './support.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { userRoutes } from './user.routes.ts';
import { workerRoutes } from './worker.routes.ts';

export interface SiteApiOptions {
  rateLimits: boolean;
}

export function errorBody(code: ApiErrorBody['error']['code'], message: string, details?: unknown): ApiErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Every site-API route with its access rule, as registered (read by the permission-matrix test). */
export const registeredRoutes = new Map<string, { method: string; url: string; access: string }>();

/**
 * The JSON API of the web app, mounted under /api (spec §7 paths). Cookie session, CSRF on
 * every mutation, an access rule on every route, zod-validated input, `{ error: { code, message } }`.
 */
async function siteApiPlugin(app: FastifyInstance, opts: SiteApiOptions) {
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith('/*')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`site-API route ${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') registeredRoutes.set(`${method} ${route.url}`, { method, url: route.url, access });
  });
  if (opts.rateLimits) {
    await app.register(fastifyRateLimit, {
      global: false,
      enableDraftSpec: true,
      // Counted across nodes (lib/shared-store): N nodes allow the limit once.
      store: sharedRateLimitStore(app.sharedLimiter),
      errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: `Too many requests; retry in ${ctx.after}.` }),
    });
  }
  await app.register(fastifyMultipart, { limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5 } });

  // Before validation: a caller without access learns nothing about a route's input.
  app.addHook('preValidation', async (req, reply) => {
    await verifyCsrf(req);
    await loadAuth(req, reply);
    checkAccess(req, req.routeOptions.config.access ?? 'public');
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.code === 'RATE_LIMITED') {
        const retry = (err.details as { retryAfter?: number } | undefined)?.retryAfter;
        if (retry) reply.header('retry-after', String(retry));
      }
      return reply.code(err.status).send(errorBody(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({ path: v.instancePath, message: v.message }));
      return reply.code(400).send(errorBody('VALIDATION_FAILED', 'The request is not valid.', details));
    }
    if (err.statusCode === 429) return reply.code(429).send(errorBody('RATE_LIMITED', err.message));
    if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request or file is larger than allowed.'));
    if (err.statusCode === 415) return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', err.message));
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
  app.all('/*', { config: { access: 'public' } }, notFound);

  await app.register(eventTrackerRoutes);
  await app.register(userRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(adminRoutes);
  await app.register(workerRoutes);
  await app.register(customerRoutes);
  await app.register(customerLogsRoutes);
  await app.register(dashboardRoutes);
  await app.register(moderationRoutes);
  await app.register(pricingRoutes);
  await app.register(proxyRoutes);
  await app.register(docsRoutes);
  await app.register(statisticsRoutes);
  await app.register(paymentsRoutes);
  await app.register(promotionsRoutes);
  await app.register(moneyRoutes);
  await app.register(financeRoutes);
  await app.register(contentRoutes);
  await app.register(softwareRoutes);
  await app.register(demoRoutes);
  await app.register(payoutsRoutes);
  await app.register(affiliateRoutes);
  await app.register(supportRoutes);
  await app.register(hubRoutes);
  await app.register(labellingRoutes);
}

export const siteApi = fp(
  async (app: FastifyInstance, opts: SiteApiOptions) => {
    await app.register(siteApiPlugin, { ...opts, prefix: '/api' });
  },
  { name: 'site-api' },
);
