import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { TaskError } from '#server/modules/tasks/task-error.ts';
import { toV2Error } from './errors.ts';
import { CompatLimits } from './limits.ts';
import { registerV1, sendV1Error } from './v1.ts';
import { registerV2 } from './v2.ts';

declare module 'fastify' {
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
  const limits = new CompatLimits(opts.rateLimits);
  app.decorateReply('compatJson', false);
  app.decorateReply('compatV2', false);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));

  // header_acao=1 (and every v2 call, for browser extensions) allows cross-origin reads.
  app.addHook('onSend', async (req, reply) => {
    const q = req.query as Record<string, unknown> | undefined;
    if (reply.compatV2 || q?.header_acao === '1' || String(req.body ?? '').includes('header_acao')) reply.header('access-control-allow-origin', '*');
  });

  app.setErrorHandler((err: FastifyError | TaskError, req, reply: FastifyReply) => {
    const code = protocolCode(err);
    if (code === null) req.log.error({ err }, 'compat api failure');
    const finalCode = code ?? 'ERROR_BAD_PARAMETERS';
    reply.code(200);
    if (reply.compatV2 || req.url.split('?')[0] !== '/in.php' && req.url.split('?')[0] !== '/res.php') {
      return reply.type('application/json').send(toV2Error(finalCode));
    }
    return sendV1Error(reply, reply.compatJson || /(?:^|[?&])json=1/.test(req.url), finalCode);
  });

  registerV1(app, limits);
  registerV2(app, limits);
}

export const compatApi = fp(async (app: FastifyInstance, opts: { rateLimits: boolean }) => {
  await app.register(compatPlugin, opts);
}, { name: 'compat-api' });
