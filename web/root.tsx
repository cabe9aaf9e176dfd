import { useEffect, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { ForeignVisitorBanner, ServiceBanner } from './components/layout/banners.tsx';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { useVisitTracking } from './features/tracking/use-visit-tracking.ts';
import { AccountMenu } from './features/user/account-menu.tsx';
import { UserEffects } from './features/user/user-effects.tsx';
import { useAssets } from './lib/assets.tsx';
import { useCurrentPage } from './lib/use-page.ts';
import { UNTRACKED_PAGE_IDS } from './routes.ts';
import { ErrorScreen, NotFoundScreen } from './components/layout/error-screens.tsx';
import { useAppSelector } from './store/hooks.ts';

/**
 * One canonical link and the hreflang alternates of the languages the page declares, or of the
 * languages its content exists in (an English-only article): a language version the content lacks
 * shows another language's text, so its canonical is that language's URL.
 */
function LanguageLinks() {
  const { page, lang, path } = useCurrentPage();
  const sites = useAppSelector((s) => s.app.sites);
  const content = useAppSelector((s) => s.app.contentLanguages);
  if (!page) return null;
  const languages = content?.path === path && content.languages.length > 0 ? content.languages : page.languages;
  const canonicalLang = languages.includes(lang) ? lang : languages[0]!;
  return (
    <>
      <link rel="canonical" href={canonicalUrl(sites, canonicalLang, path)} />
      {languages.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={canonicalUrl(sites, l, path)} />
      ))}
      {languages.includes('en') && <link rel="alternate" hrefLang="x-default" href={canonicalUrl(sites, 'en', path)} />}
    </>
  );
}

/** Spec §2: a URL hash scrolls to its element, any other navigation scrolls to the top. */
function useScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}

function Document({ children }: { children: ReactNode }) {
  const { lang, page } = useCurrentPage();
  const { css, fonts } = useAssets();
  // The body font is found only once the stylesheet is parsed: fetched in parallel with it instead
  // (React writes font preloads first in <head>, then stylesheets, then the scripts' modulepreloads).
  for (const href of [fonts?.latin, lang === 'ru' || lang === 'uk' ? fonts?.cyrillic : undefined]) {
    if (href) preload(href, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  }
  const { t } = useTranslation();
  const sites = useAppSelector((s) => s.app.sites);
  useScrollOnNavigate();
  useVisitTracking(sites, !page || !UNTRACKED_PAGE_IDS.has(page.id));
  return (
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence React writes the stylesheet before the page's script preloads, so on a
            slow link the render-blocking CSS is not queued behind the JavaScript. */}
        {css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        <LanguageLinks />
      </head>
      <body>
        <a className="skip-link" href="#main">{t('nav.skip')}</a>
        <ServiceBanner />
        <ForeignVisitorBanner />
        <SiteHeader account={<AccountMenu />} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <UserEffects />
      </body>
    </html>
  );
}

export function RootLayout() {
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

/** 404 for unknown paths, the fallback error screen for render failures. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return <Document>{isRouteErrorResponse(error) && error.status === 404 ? <NotFoundScreen /> : <ErrorScreen />}</Document>;
}
