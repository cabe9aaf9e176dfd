import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiErrorLog } from '#server/modules/apilog/apilog.service.ts';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { AccountCache } from './account-cache.ts';
import { parsedParams, type Fields } from './body.ts';
import { apiKeyOf, BanLogThrottle, shouldLog, summarize } from './error-log.ts';
import { toV2Error } from './errors.ts';
import { registerLegacy } from './legacy.ts';
import { CompatLimits } from './limits.ts';
import { EnterpriseKeys } from '#server/modules/support/enterprise-limits.ts';
import { registerV1, sendV1Error } from './v1.ts';
import { registerV2 } from './v2.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Protocol errors answered to accounts, written in batches (modules/apilog). */
    apiErrorLog: ApiErrorLog;
  }
  interface FastifyReply {
    compatJson: boolean;
    compatV2: boolean;
  }
}

/** Largest accepted request: a 1 MB audio file in base64 plus parameters. */
const BODY_LIMIT = 2 * 1024 * 1024;

function protocolCode(err: FastifyError | TaskError): string | null {
  if (err instanceof TaskError) return err.code;
  if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'ERROR_TOO_BIG_CAPTCHA_FILESIZE';
  if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) return 'ERROR_BAD_PARAMETERS';
  return null;
}

/**
 * The 2captcha/anti-captcha compatible API. Its own body parsing (any content type, JSON
 * recognised by content), its own errors, and HTTP 200 with protocol bodies, always.
 */
async function compatPlugin(app: FastifyInstance, opts: { rateLimits: boolean }) {
  // Enterprise-support customers' keys get higher limits (issue 18), known on every node within 5 s.
  const enterpriseKeys = new EnterpriseKeys();
  if (opts.rateLimits) {
    const stop = enterpriseKeys.watch(app.database.db, (err) => app.log.error({ err }, 'enterprise keys refresh failed'));
    app.addHook('onClose', async () => stop());
  }
  const limits = new CompatLimits(opts.rateLimits, { ratioWindowMs: app.config.COMPAT_BAN_WINDOW_SECONDS * 1000, limiter: app.sharedLimiter, multiplierOf: (key) => enterpriseKeys.of(key) });
  app.decorateReply('compatJson', false);
  app.decorateReply('compatV2', false);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));

  // header_acao=1 (and every v2 call, for browser extensions) allows cross-origin reads.
  // The app's HTML security headers are not applied here (protocol bodies only); nosniff is.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    const acao = (parsedParams(req)?.fields ?? (req.query as Fields | undefined))?.header_acao;
    if (reply.compatV2 || acao === '1' || acao === 1 || acao === true) reply.header('access-control-allow-origin', '*');
    done(null, payload);
  });

  /** The customer's error log (/setting/errors): errors answered to a well-formed key of an account. */
  const banThrottle = new BanLogThrottle();
  const logError = (req: FastifyRequest, path: string, code: string, shown: string) => {
    if (!shouldLog(code)) return;
    const params = parsedParams(req);
    const fields = params?.fields ?? (req.query as Fields | undefined);
    const apiKey = apiKeyOf(fields);
    // A banned client may keep hammering: one row per key and ban every 10 s is evidence enough.
    if (!apiKey || !banThrottle.allow(apiKey, code)) return;
    app.apiErrorLog.record({ apiKey, ip: req.ip, code: shown, summary: summarize(req.method, path, fields, params?.files), at: new Date() });
  };

  app.setErrorHandler((err: FastifyError | TaskError, req, reply: FastifyReply) => {
    const code = protocolCode(err);
    if (code === null) req.log.error({ err }, 'compat api failure');
    const finalCode = code ?? 'ERROR_BAD_PARAMETERS';
    reply.code(200);
    const path = req.url.split('?')[0]!;
    const v2 = reply.compatV2 || (path !== '/in.php' && path !== '/res.php');
    const v2Body = v2 ? toV2Error(finalCode) : null;
    logError(req, path, finalCode, v2Body?.errorCode ?? finalCode);
    if (v2Body) return reply.type('application/json').send(v2Body);
    return sendV1Error(reply, reply.compatJson || /(?:^|[?&])json=1/.test(req.url), finalCode);
  });

  const accounts = new AccountCache();
  const unlisten = await app.database.listen('accounts', (payload) => accounts.changed(Number(payload)), (err) => {
    accounts.setLive(false);
    app.log.error({ err }, 'accounts listener lost: API keys are read from the database from now on');
  });
  accounts.setLive(true);
  app.addHook('onClose', async () => {
    accounts.setLive(false);
    await unlisten();
  });

  registerV1(app, limits, accounts);
  registerV2(app, limits, accounts);
  registerLegacy(app);
}

export const compatApi = fp(async (app: FastifyInstance, opts: { rateLimits: boolean }) => {
  const errorLog = new ApiErrorLog(app.database.db, app.log);
  app.decorate('apiErrorLog', errorLog);
  app.addHook('onClose', async () => errorLog.close());
  await app.register(compatPlugin, opts);
}, { name: 'compat-api' });
