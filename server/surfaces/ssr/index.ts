import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRussianSpeaking } from '#shared/i18n/languages.ts';
import { hostKindOf, normalizedRedirect } from '#shared/i18n/routing.ts';
import type { Sites } from '#server/config.ts';
import { CLIENT_DIR } from '#server/lib/root.ts';
import { ensureCsrfToken } from '#server/plugins/csrf.ts';
import { render } from '#web/entry.server.tsx';
import { readClientBuild } from './client-build.ts';
import { robotsTxt, sitemapXml } from './seo.ts';

export interface SsrOptions {
  sites: Sites;
  brandName: string;
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    // Token captchas are solved in the provider's own widget inside the worker cabinet.
    `script-src 'self' 'nonce-${nonce}' https://www.google.com https://www.gstatic.com https://www.recaptcha.net https://js.hcaptcha.com https://hcaptcha.com https://challenges.cloudflare.com`,
    'frame-src https://www.google.com https://www.recaptcha.net https://*.hcaptcha.com https://hcaptcha.com https://challenges.cloudflare.com',
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The in-process transport the server-side store uses: requests go through app.inject. */
function injectTransport(app: FastifyInstance, req: FastifyRequest) {
  return {
    baseUrl: 'http://ssr.internal/',
    cookie: req.headers.cookie,
    fetchFn: async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const res = await app.inject({
        method: request.method as 'GET',
        url: url.pathname + url.search,
        headers: { ...Object.fromEntries(request.headers), host: req.headers.host ?? 'localhost', 'x-request-id': req.id },
        payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
      });
      return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
      });
    },
  };
}

/** The catch-all GET that renders React pages, plus robots.txt and sitemap.xml. */
export const ssr = fp(
  async (app: FastifyInstance, opts: SsrOptions) => {
    const build = readClientBuild(CLIENT_DIR);

    app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(opts.sites)));
    app.get('/sitemap.xml', async (_req, reply) => reply.type('application/xml; charset=utf-8').send(sitemapXml(opts.sites)));

    app.get('/*', async (req: FastifyRequest, reply: FastifyReply) => {
      const host = req.headers.host ?? new URL(opts.sites.intl).host;
      const hostKind = hostKindOf(opts.sites, host);
      const url = new URL(req.url, `${req.protocol}://${host}`);
      const permanent = normalizedRedirect(url.pathname, hostKind);
      if (permanent !== null) return reply.redirect(permanent + url.search, 301);

      const nonce = randomBytes(16).toString('base64');
      ensureCsrfToken(req, reply);
      const result = await render({
        request: new Request(url, { headers: { 'accept-language': req.headers['accept-language'] ?? '' } }),
        host,
        hostKind,
        sites: opts.sites,
        brandName: opts.brandName,
        foreignSpeaker: !isRussianSpeaking(req.headers['accept-language']),
        cookies: req.cookies,
        nonce,
        transport: injectTransport(app, req),
        build,
      });
      if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
      return reply
        .code(result.status)
        .header('content-security-policy', contentSecurityPolicy(nonce))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(result.html);
    });
  },
  { name: 'ssr' },
);
