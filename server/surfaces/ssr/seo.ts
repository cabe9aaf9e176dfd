import type { Sites } from '#server/config.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { PAGES } from '#web/routes.ts';

/** A page the sitemaps list: its unprefixed path, the languages it exists in, and when it last changed. */
export interface SitemapEntry {
  path: string;
  languages: readonly Language[];
  updatedAt?: string;
}

const originOf = (url: string) => new URL(url).origin;

/** The origin a language's canonical URLs live on (the Russian or Chinese host when configured). */
export function languageOrigin(sites: Sites, lang: Language): string {
  return originOf(canonicalUrl(sites, lang, '/'));
}

/** robots.txt of a host: the sitemap index of that host. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /auth/', 'Disallow: /cabinet', 'Disallow: /editor/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every page the sitemaps list: the public pages without parameters, then `extra` (articles, software). */
export function sitemapPages(extra: readonly SitemapEntry[] = []): SitemapEntry[] {
  return [...PAGES.filter((p) => p.sitemap).map((p) => ({ path: p.path, languages: p.languages })), ...extra];
}

/** The languages that have a sitemap on `origin`: those some page declares and whose canonicals live there. */
export function sitemapLanguages(sites: Sites, origin: string, pages: readonly SitemapEntry[]): Language[] {
  const declared = new Set(pages.flatMap((p) => p.languages));
  return LANGUAGES.filter((l) => declared.has(l) && languageOrigin(sites, l) === origin);
}

/**
 * The sitemap index of a host (`/sitemap.xml`): one sitemap per language whose canonical URLs live
 * on it. A sitemap lists URLs of its own host only (sitemaps.org), so with a Russian or Chinese
 * host configured, that language's sitemap is on that host and listed by that host's index.
 */
export function sitemapIndexXml(sites: Sites, origin: string, pages: readonly SitemapEntry[]): string {
  const items = sitemapLanguages(sites, origin, pages).map((l) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${l}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The `hreflang` alternates of a page: every declared language, and x-default (English) when it has English. */
export function alternatesOf(sites: Sites, path: string, languages: readonly Language[]): { hreflang: string; href: string }[] {
  const out = languages.map((l) => ({ hreflang: l as string, href: canonicalUrl(sites, l, path) }));
  if (languages.includes(DEFAULT_LANGUAGE)) out.push({ hreflang: 'x-default', href: canonicalUrl(sites, DEFAULT_LANGUAGE, path) });
  return out;
}

/**
 * One language's sitemap: every page declaring `lang`, each with the alternates of all its
 * languages (the same set on every language's entry, so each alternate points back).
 */
export function languageSitemapXml(sites: Sites, lang: Language, pages: readonly SitemapEntry[]): string {
  const urls = pages
    .filter((p) => p.languages.includes(lang))
    .map((p) => {
      const alternates = alternatesOf(sites, p.path, p.languages)
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
        .join('');
      const lastmod = p.updatedAt ? `<lastmod>${escapeXml(p.updatedAt)}</lastmod>` : '';
      return `<url><loc>${escapeXml(canonicalUrl(sites, lang, p.path))}</loc>${lastmod}${alternates}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
