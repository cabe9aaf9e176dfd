import { useLocation, useMatches } from 'react-router';
import type { Language } from '#shared/i18n/languages.ts';
import { localizedPath, splitLanguage } from '#shared/i18n/routing.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import type { PageHandle } from './page.ts';
import type { PageDef } from '#web/routes.ts';

export interface CurrentPage {
  page: PageDef | null;
  lang: Language;
  /** The path without its language prefix. */
  path: string;
  /** Builds a link to `path` in the current language. */
  to(path: string): string;
}

/** The page being shown, its language and its unprefixed path. */
export function useCurrentPage(): CurrentPage {
  const matches = useMatches();
  const location = useLocation();
  const hostLanguage = useAppSelector((s) => s.app.hostLanguage);
  const handle = [...matches].reverse().find((m) => (m.handle as PageHandle | undefined)?.page !== undefined)?.handle as PageHandle | undefined;
  const split = splitLanguage(location.pathname);
  const lang = split.lang ?? hostLanguage;
  return {
    page: handle?.page ?? null,
    lang,
    path: split.rest,
    to: (path: string) => localizedPath(lang, path, hostLanguage),
  };
}
