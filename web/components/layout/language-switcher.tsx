import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_NAMES } from '#shared/i18n/languages.ts';
import { localizedPath } from '#shared/i18n/routing.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';

/** Lists the languages the current page supports; choosing one changes the URL and the language. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { page, lang, path } = useCurrentPage();
  const location = useLocation();
  const hostLanguage = useAppSelector((s) => s.app.hostLanguage);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const languages = page?.languages ?? ['en', 'ru', 'zh'];
  return (
    <div className="lang-switcher" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="lang-switcher__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('language.choose')}
        onClick={() => setOpen((o) => !o)}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6">
          <circle cx="10" cy="10" r="8" />
          <path d="M2 10h16M10 2c2.5 2.6 2.5 13.4 0 16M10 2c-2.5 2.6-2.5 13.4 0 16" />
        </svg>{' '}
        {LANGUAGE_NAMES[lang]}
      </button>
      <ul id={listId} className="lang-switcher__list" hidden={!open}>
        {languages.map((l) => (
          <li key={l}>
            <Link
              to={localizedPath(l, path, hostLanguage) + location.search}
              hrefLang={l}
              lang={l}
              aria-current={l === lang ? 'true' : undefined}
              className="lang-switcher__item"
              onClick={() => setOpen(false)}
            >
              {LANGUAGE_NAMES[l]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
