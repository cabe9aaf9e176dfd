import type { Sites } from '#server/config.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { PAGES } from '#web/routes.ts';

export function robotsTxt(sites: Sites): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /auth/', 'Disallow: /cabinet', 'Disallow: /editor/', '', `Sitemap: ${sites.intl}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every public page in every language it declares, each with its alternates; `extra`: pages with parameters (articles). */
export function sitemapXml(sites: Sites, extra: readonly { path: string; languages: readonly Language[] }[] = []): string {
  const urls = [...PAGES.filter((p) => p.sitemap), ...extra].flatMap((p) =>
    p.languages.map((lang) => {
      const alternates = p.languages
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(canonicalUrl(sites, l, p.path))}"/>`)
        .join('');
      return `<url><loc>${escapeXml(canonicalUrl(sites, lang, p.path))}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
