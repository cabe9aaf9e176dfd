import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLanguage, isRussianSpeaking } from '#shared/i18n/languages.ts';
import { hostKindOf, normalizedRedirect } from '#shared/i18n/routing.ts';
import type { Sites } from '#server/config.ts';
import { CLIENT_DIR } from '#server/lib/root.ts';
import { ensureCsrfToken } from '#server/plugins/csrf.ts';
import { cookieNamesOf, loadAuth } from '#server/plugins/session.ts';
import { callRead } from '#server/surfaces/site-api/reads.ts';
import { render } from '#web/entry.server.tsx';
import type { Transport } from '#web/store/api.ts';
import { readClientBuild } from './client-build.ts';
import { buildEntry, inlineScriptHashes, sendEntry, type CachedPage, type PageCache } from './page-cache.ts';
import { sitemapEntries } from '#server/modules/content/content.service.ts';
import { sitemapEntries as softwareSitemapEntries } from '#server/modules/software/software.service.ts';
import { contentFeeds } from './content-feeds.ts';
import { registerOgImages, withSocialMeta } from './og-image.ts';
import { languageOrigin, languageSitemapXml, robotsTxt, sitemapIndexXml, sitemapPages } from './seo.ts';

export interface SsrOptions {
  sites: Sites;
  brandName: string;
  /** The rendered-page cache (null: PAGE_CACHE=false); its hit path is the root onRequest hook. */
  pages: PageCache | null;
}

/** Scripts: our own files, the inline bootstrap by its sha256 (no nonce, so a page can be cached). */
function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    // Token captchas are solved in the provider's own widget inside the worker cabinet.
    `script-src 'self' ${scriptHashes.join(' ')} https://www.google.com https://www.gstatic.com https://www.recaptcha.net https://js.hcaptcha.com https://hcaptcha.com https://challenges.cloudflare.com`,
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

/**
 * The server-side store's transport: a GET of the site API runs the declared read's handler in
 * process with this request's session (reads.ts), with the same access rule, validation and JSON.
 */
function directTransport(req: FastifyRequest): Transport {
  return { baseUrl: '/', read: (path, query) => callRead(req.ctx, req.auth ?? null, '/' + path, query) };
}

/** The catch-all GET that renders React pages, plus robots.txt and sitemap.xml. */
export const ssr = fp(
  async (app: FastifyInstance, opts: SsrOptions) => {
    const build = readClientBuild(CLIENT_DIR);

    // Robots and sitemaps per host: each host's index lists the language sitemaps whose canonical URLs live on it.
    const originOfRequest = (req: FastifyRequest) => {
      const kind = hostKindOf(opts.sites, req.headers.host ?? '');
      return (kind === 'ru' ? opts.sites.ru : kind === 'zh' ? opts.sites.zh : null) ?? opts.sites.intl;
    };
    const sitemapEntriesNow = async (req: FastifyRequest) => {
      const software = await softwareSitemapEntries(req.ctx);
      // Each listing's public usage statistics page is linked from it, so it is listed beside it.
      const statistics = software.map((e) => ({ ...e, path: e.path.replace(/^\/software\//, '/software/statistic/') }));
      return sitemapPages([...(await sitemapEntries(req.ctx)), ...software, ...statistics]);
    };
    app.get('/robots.txt', async (req, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(originOfRequest(req))));
    app.get('/sitemap.xml', async (req, reply) =>
      reply.type('application/xml; charset=utf-8').send(sitemapIndexXml(opts.sites, originOfRequest(req), await sitemapEntriesNow(req))),
    );
    app.get<{ Params: { lang: string } }>('/sitemap-:lang.xml', async (req, reply) => {
      const lang = req.params.lang;
      const pages = await sitemapEntriesNow(req);
      if (!isLanguage(lang) || !pages.some((p) => p.languages.includes(lang))) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const origin = languageOrigin(opts.sites, lang);
      if (origin !== originOfRequest(req)) return reply.redirect(`${origin}/sitemap-${lang}.xml`, 301);
      return reply.type('application/xml; charset=utf-8').send(languageSitemapXml(opts.sites, lang, pages));
    });
    await app.register(contentFeeds);
    registerOgImages(app, opts);

    app.get('/*', { config: { pageCache: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const host = req.headers.host ?? new URL(opts.sites.intl).host;
      const hostKind = hostKindOf(opts.sites, host);
      // Not new URL(req.url, base): a request for "//evil.example/x" would become that other host.
      const url = new URL(`${req.protocol}://${host}${req.url}`);
      // A miss of the page cache renders here; concurrent misses of the page wait for `settle`.
      const slot = req.pageCacheKey;
      let stored: CachedPage | null = null;
      try {
        const permanent = normalizedRedirect(url.pathname, hostKind);
        if (permanent !== null) return reply.redirect(permanent + url.search, 301);
        const session = Boolean(req.cookies[cookieNamesOf(req).session]);
        if (session) await loadAuth(req, reply);
        const result = await render({
          request: new Request(url, { headers: { 'accept-language': req.headers['accept-language'] ?? '' } }),
          host,
          hostKind,
          sites: opts.sites,
          brandName: opts.brandName,
          foreignSpeaker: !isRussianSpeaking(req.headers['accept-language']),
          cookies: req.cookies,
          hasSession: session,
          transport: directTransport(req),
          build,
        });
        if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
        if (result.status === 200 && result.publicPage) result.html = withSocialMeta(result.html, opts.brandName);
        const csp = contentSecurityPolicy(inlineScriptHashes(result.html));
        if (opts.pages && slot && !session && result.status === 200 && result.publicPage) {
          // Stored with helmet's headers as set on this reply; the visitor's cookies never are.
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined && name !== 'set-cookie' && name !== 'x-request-id') headers[name] = String(value);
          }
          headers['content-type'] = 'text/html; charset=utf-8';
          headers['content-security-policy'] = csp;
          stored = await buildEntry(result.html, headers);
          opts.pages.set(slot.key, stored, slot.generation);
          return sendEntry(req, reply, stored);
        }
        ensureCsrfToken(req, reply);
        return reply
          .code(result.status)
          .header('content-security-policy', csp)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(result.html);
      } finally {
        slot?.settle(stored);
      }
    });
  },
  { name: 'ssr' },
);
