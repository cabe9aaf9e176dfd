import { Link, matchPath, type LinkProps } from 'react-router';
import type { Language } from '#shared/i18n/languages.ts';
import { localizedPath } from '#shared/i18n/routing.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { PAGES, type PageDef } from '#web/routes.ts';

const STATIC_PAGES = new Map(PAGES.filter((p) => !p.path.includes(':')).map((p) => [p.path, p]));

/** The page an unprefixed path opens (null: none, the link is left as it is). */
function pageAt(path: string): PageDef | null {
  return STATIC_PAGES.get(path) ?? PAGES.find((p) => p.path.includes(':') && matchPath(p.path, path)) ?? null;
}

/**
 * The language a link from a page in `lang` should open `path` in: `lang` when the target page
 * declares it, else English (the page would only redirect there), so a German page's footer links
 * the English support page directly.
 */
export function linkLanguage(lang: Language, path: string): Language {
  if (lang === 'en') return lang;
  const page = pageAt(path.split('?')[0]!);
  if (!page || page.languages.includes(lang)) return lang;
  return page.languages.includes('en') ? 'en' : page.languages[0]!;
}

/** A link to an unprefixed path, in the language being shown. Hash-only links stay as they are. */
export function LocalizedLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const current = useCurrentPage();
  const hostLanguage = useAppSelector((s) => s.app.hostLanguage);
  const [path, hash] = to.split('#');
  if (!path) return <Link to={to} {...rest} />;
  const lang = linkLanguage(current.lang, path);
  const target = (lang === current.lang ? current.to(path) : localizedPath(lang, path, hostLanguage)) + (hash ? `#${hash}` : '');
  return <Link to={target} {...(lang === current.lang ? {} : { hrefLang: lang })} {...rest} />;
}
