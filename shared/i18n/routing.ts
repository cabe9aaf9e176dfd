import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

/** Public origins of the product (no secrets), from server configuration. */
export interface SiteOrigins {
  intl: string;
  ru: string | null;
  zh: string | null;
}

export type HostKind = 'intl' | 'ru' | 'zh';

export function hostKindOf(sites: SiteOrigins, host: string): HostKind {
  const is = (origin: string | null) => origin !== null && new URL(origin).host === host;
  if (!is(sites.intl)) {
    if (is(sites.ru)) return 'ru';
    if (is(sites.zh)) return 'zh';
  }
  return 'intl';
}

/** The language of unprefixed paths on a host: Russian on the Russian-language host, else English. */
export function hostLanguageOf(kind: HostKind): Language {
  return kind === 'ru' ? 'ru' : DEFAULT_LANGUAGE;
}

/** Splits `/ru/about` into `ru` and `/about`; a path without a known prefix has no language. */
export function splitLanguage(pathname: string): { lang: Language | null; rest: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1])) return { lang: match[1], rest: match[2] || '/' };
  return { lang: null, rest: pathname || '/' };
}

/** The path of a page in a language on a host whose unprefixed language is `hostLanguage`. */
export function localizedPath(lang: Language, path: string, hostLanguage: Language = DEFAULT_LANGUAGE): string {
  if (lang === hostLanguage) return path;
  return path === '/' ? `/${lang}/` : `/${lang}${path}`;
}

/**
 * The one canonical URL of a page in a language: English on the international host without a
 * prefix, Russian on the Russian-language host when there is one, Chinese under /zh (on the
 * Chinese host when there is one), every other language prefixed on the international host.
 */
export function canonicalUrl(sites: SiteOrigins, lang: Language, path: string): string {
  if (lang === 'ru' && sites.ru) return sites.ru + path;
  if (lang === 'zh' && sites.zh) return sites.zh + localizedPath('zh', path);
  return sites.intl + localizedPath(lang, path);
}

/**
 * The permanent redirect a request path needs before rendering, or null:
 * `/main` → `/`, and on the international host `/en/...` → `/...`. The target is always a path on
 * this site: `/en//evil.example` goes to `/evil.example`, never to `//evil.example`, which a browser
 * reads as another site (docs/security.md, "Redirects").
 */
export function normalizedRedirect(pathname: string, kind: HostKind): string | null {
  if (pathname === '/main' || pathname === '/main/') return '/';
  if (kind !== 'ru') {
    const { lang, rest } = splitLanguage(pathname);
    if (lang === 'en') return rest.replace(/^[/\\]+/, '/');
  }
  return null;
}
