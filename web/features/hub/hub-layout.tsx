import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

export const HUB_PATH = '/play-and-earn';
const SECTIONS = [
  ['home', HUB_PATH],
  ['leaderboard', `${HUB_PATH}/leaderboard`],
  ['rewards', `${HUB_PATH}/rewards`],
  ['profile', `${HUB_PATH}/profile`],
  ['play', `${HUB_PATH}/play`],
  ['training', `${HUB_PATH}/training`],
  ['faq', `${HUB_PATH}/faq`],
] as const;

/** The page's title, meta description and header band, with the hub's section links. */
export function HubLayout({
  page,
  children,
  nav = true,
  lead,
}: {
  page: string;
  children: ReactNode;
  nav?: boolean;
  lead?: ReactNode;
}) {
  const { t } = useTranslation('hub');
  const { path } = useCurrentPage();
  return (
    <>
      <title>{t(`${page}.meta.title`)}</title>
      <meta name="description" content={t(`${page}.meta.description`)} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <h1 className="page-header__title">{t(`${page}.title`)}</h1>
            <p className="page-header__lead">{lead ?? t(`${page}.lead`)}</p>
          </div>
        </div>
      </header>
      {nav && (
        <nav className="hub-nav" aria-label={t('nav.label')}>
          <div className="container">
            <ul className="hub-nav__list">
              {SECTIONS.map(([key, to]) => (
                <li key={key}>
                  <LocalizedLink to={to} className="hub-nav__link" aria-current={path === to ? 'page' : undefined}>
                    {t(`nav.${key}`)}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>
      )}
      <div className="section section--tight">
        <div className="container stack stack--lg">{children}</div>
      </div>
    </>
  );
}

/** Copy sections from the catalogue: `<key>.sections` = [{ title, body: string | string[] }]. */
export function CopySections({ page }: { page: string }) {
  const { t } = useTranslation('hub');
  const sections = t(`${page}.sections`, { returnObjects: true }) as { title: string; body: string | string[] }[];
  return (
    <div className="hub-copy stack stack--lg">
      {sections.map((s) => (
        <section key={s.title} className="stack stack--sm">
          <h2>{s.title}</h2>
          {(Array.isArray(s.body) ? s.body : [s.body]).map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      ))}
    </div>
  );
}

/** Questions and answers from the catalogue (`<key>.items` = [{ q, a }]), each opened with its summary. */
export function FaqList({ page }: { page: string }) {
  const { t } = useTranslation('hub');
  const items = t(`${page}.items`, { returnObjects: true }) as { q: string; a: string }[];
  return (
    <div className="hub-faq">
      {items.map((item) => (
        <details key={item.q} className="hub-faq__item">
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
