import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sitesOf, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Ctx } from './lib/ctx.ts';
import { bearerMatches, createMetrics, type Metrics } from './lib/metrics.ts';
import { startSharedLimiter, type SharedLimiter } from './lib/shared-store/index.ts';
import { httpMetrics } from './lib/http-metrics.ts';
import { metricSources, notReadyReason } from './modules/ops/ops.service.ts';
import { loadShedding } from './plugins/load-shedding.ts';
import { CLIENT_DIR } from './lib/root.ts';
import { onCatalogChange, watchCatalog } from './modules/catalog/catalog.service.ts';
import { onContentChange, watchContent } from './modules/content/content.service.ts';
import { createMailer, type Mailer } from './modules/mail/mail.service.ts';
import { createPaymentProviders, type PaymentSetup } from './modules/payments/providers/index.ts';
import { onCampaignChange, watchCampaigns } from './modules/promotions/campaigns.service.ts';
import { getOrCreateSecret } from './modules/settings/secrets.repo.ts';
import { ResultCache } from './modules/tasks/result-cache.ts';
import { SubmissionQueue } from './modules/tasks/submissions.ts';
import { TASK_CHANNEL, type TaskEvent } from './modules/tasks/tasks.service.ts';
import { Market } from './jobs.ts';
import { compatApi } from './surfaces/compat/index.ts';
import { paymentWebhooks } from './surfaces/webhooks/index.ts';
import { proxyControl } from './surfaces/proxy-control/index.ts';
import { realtime } from './surfaces/realtime/index.ts';
import { siteApi } from './surfaces/site-api/index.ts';
import { readClientBuild } from './surfaces/ssr/client-build.ts';
import { ssr } from './surfaces/ssr/index.ts';
import { PageCache, pageCacheHook } from './surfaces/ssr/page-cache.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailer: Mailer;
    market: Market;
    /** The configured payment providers (modules/payments). */
    payments: PaymentSetup;
    /** This process's Prometheus registry and families (lib/metrics.ts). */
    metrics: Metrics;
    /** Limits and bans shared across nodes (lib/shared-store): compat bans, site rate limits. */
    sharedLimiter: SharedLimiter;
  }
  interface FastifyRequest {
    /** The service context of this request (database, logger, config, mailer). */
    ctx: Ctx;
  }
}

/**
 * Builds the application: cross-cutting plugins, then the surfaces. Does not listen.
 */
export async function buildApp({ config, database, logger, mailer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer ?? createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR, from: `${config.BRAND_NAME} <no-reply@${new URL(config.PUBLIC_URL).hostname}>` }));
  app.decorate('market', new Market());
  app.decorate('payments', await createPaymentProviders(config, database.db, app.log));
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  const sharedLimiter = await startSharedLimiter(config, database, app.log);
  app.decorate('sharedLimiter', sharedLimiter);
  app.addHook('onClose', async () => sharedLimiter.close());
  // Requests by surface, route and status (lib/http-metrics.ts); each surface is named as it registers.
  const surface = httpMetrics(app, metrics);
  const results = new ResultCache();
  const submissions = new SubmissionQueue(database.db, { maxWaiting: config.SUBMISSION_BACKLOG, onOutcome: (outcome) => metrics.submissions.inc({ outcome }) });
  const unlisten = await database.listen(TASK_CHANNEL, (payload) => results.onEvent(JSON.parse(payload) as TaskEvent), (err) => {
    results.setLive(false);
    app.log.error({ err }, 'task listener lost: results are read from the database from now on');
  });
  results.setLive(true);
  app.addHook('onClose', async () => {
    results.setLive(false);
    await unlisten();
  });
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): Ctx {
      return { db: database.db, log: this.log, config, mailer: this.server.mailer, market: this.server.market, results, submissions, requestId: this.id };
    },
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  // Cached pages are answered here, before cookies, sessions, helmet and compression (page-cache.ts).
  const pages = config.PAGE_CACHE ? new PageCache() : null;
  if (pages) {
    app.addHook('onRequest', pageCacheHook(pages, readClientBuild(CLIENT_DIR).entry ?? 'source'));
    const unsubscribe = onCatalogChange(() => pages.clear());
    // Prices on cached pages change when a discount campaign changes, starts or ends (modules/promotions).
    const unsubscribeCampaigns = onCampaignChange(() => pages.clear());
    // Articles saved, deleted or going live at their scheduled time (modules/content).
    const unsubscribeContent = onContentChange(() => pages.clear());
    app.addHook('onClose', async () => {
      unsubscribe();
      unsubscribeCampaigns();
      unsubscribeContent();
    });
  }
  // Cookies at the root: the worker socket signs in with the session cookie too.
  const secret = config.SESSION_SECRET ?? (await getOrCreateSecret(database.db, 'session', () => randomBytes(48).toString('base64url')));
  await app.register(fastifyCookie, { secret });

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Not ready while the database is unreachable or this build's migrations are not all applied.
  app.get('/readyz', async (_req, reply) => {
    const reason = await notReadyReason(database);
    if (reason) return reply.code(503).send({ status: 'unavailable', reason, database: database.kind });
    return { status: 'ok', database: database.kind };
  });

  // Off unless a token is configured; then only for `Authorization: Bearer <token>`.
  const metricsToken = config.METRICS_TOKEN;
  if (metricsToken) {
    app.get('/metrics', async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, metricsToken)) return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  }

  surface('realtime');
  await app.register(realtime);
  metrics.setSources(metricSources(database, () => app.workerHub.workerCounts));
  // Captcha type switches made on other nodes reach this node's cache at once (catalog.service).
  const unwatchCatalog = await watchCatalog(database);
  app.addHook('onClose', async () => unwatchCatalog());
  // Discount campaigns: other nodes' changes, each start and end, and their use counters (campaigns.service).
  const unwatchCampaigns = await watchCampaigns(database, app.log);
  app.addHook('onClose', async () => unwatchCampaigns());
  // Content: other nodes' changes and the next scheduled article's time (content.service).
  const unwatchContent = await watchContent(database, app.log);
  app.addHook('onClose', async () => unwatchContent());
  // The compatible API stays lean: a poll is most of the traffic and its answer is a few bytes
  // (no HTML security headers or compression to compute; it sets nosniff itself).
  surface('compat');
  await app.register(compatApi, { rateLimits: config.RATE_LIMITS });
  // Payment providers' webhooks: signed, raw bodies, no browser plugins (surfaces/webhooks).
  surface('webhooks');
  await app.register(paymentWebhooks, { payments: app.payments });
  // The proxy gateway's control channel when it runs in its own process on the embedded database (surfaces/proxy-control).
  if (config.PROXY_CONTROL_TOKEN) {
    surface('proxy-control');
    await app.register(proxyControl, { token: config.PROXY_CONTROL_TOKEN });
  }

  // The browser-facing surfaces: security headers, compression, forms, assets, the site API, pages.
  surface('web');
  await app.register(async (web) => {
    // First: while the event loop runs late, pages and the site API wait their turn (503) so the
    // solving loop keeps the process (plugins/load-shedding.ts).
    await web.register(loadShedding, { maxLagMs: config.SHED_LAG_MS, onShed: () => metrics.shed.inc() });
    // The SSR surface sets its own Content-Security-Policy (hashes of its inline scripts).
    await web.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    await web.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await web.register(fastifyFormbody);
    if (existsSync(path.join(CLIENT_DIR, 'assets'))) {
      await web.register(fastifyStatic, {
        root: path.join(CLIENT_DIR, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: true,
        // The build's brotli/gzip copies (scripts/precompress.mjs), sent as they are.
        preCompressed: true,
      });
    }
    const favicon = path.join(CLIENT_DIR, 'favicon.svg');
    if (existsSync(favicon)) {
      web.get('/favicon.svg', (_req, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.svg', CLIENT_DIR));
    }
    await web.register(siteApi, { rateLimits: config.RATE_LIMITS });
    await web.register(ssr, { sites: sitesOf(config), brandName: config.BRAND_NAME, pages });
  });
  return app;
}
