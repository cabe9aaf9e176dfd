import { useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { cx } from '#web/components/ui/class-names.ts';
import type { DocsIndex } from '#shared/contracts/api-docs.ts';

export interface TocEntry {
  id: string;
  label: string;
}

/** A section heading with its on-page anchor. */
export function SectionHeading({ id, children, level = 2 }: { id: string; children: ReactNode; level?: 2 | 3 }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className={cx('docs-heading', `docs-heading--h${level}`)}>
      {children}
      <a href={`#${id}`} className="docs-heading__anchor" aria-label={`#${id}`}>
        #
      </a>
    </Tag>
  );
}

/**
 * The documentation's frame: a left navigation (this page's sections, then every captcha type by
 * family, generated from the index) beside the content. Below 900 px it folds behind a toggle.
 */
export function DocsLayout({ toc, index, current, children }: { toc: TocEntry[]; index: DocsIndex | undefined; current?: string; children: ReactNode }) {
  const { t } = useTranslation('apidocs');
  const [open, setOpen] = useState(false);
  const nav = (
    <nav aria-label={t('nav.label')} className="docs-nav" data-testid="docs-nav">
      <p className="docs-nav__title">
        <LocalizedLink to="/api-docs" className="link">{t('nav.home')}</LocalizedLink>
      </p>
      {toc.length > 0 && (
        <>
          <p className="docs-nav__group">{t('nav.onThisPage')}</p>
          <ul className="docs-nav__list">
            {toc.map((e) => (
              <li key={e.id}><a href={`#${e.id}`} className="docs-nav__link">{e.label}</a></li>
            ))}
          </ul>
        </>
      )}
      {index?.families.map((family) => (
        <div key={family.id}>
          <p className="docs-nav__group">
            <LocalizedLink to={`/${family.id}-api`} className="docs-nav__family">{family.name}</LocalizedLink>
          </p>
          <ul className="docs-nav__list">
            {family.slugs.map((slug) => {
              const type = index.types.find((x) => x.slug === slug);
              return (
                <li key={slug}>
                  <LocalizedLink to={`/api-docs/${slug}`} className={cx('docs-nav__link', slug === current && 'docs-nav__link--current')} aria-current={slug === current ? 'page' : undefined}>
                    {type?.name ?? slug}
                  </LocalizedLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
  return (
    <div className="container docs-layout">
      <aside className={cx('docs-layout__side', open && 'docs-layout__side--open')}>
        <button type="button" className="docs-layout__toggle" aria-expanded={open} aria-controls="docs-nav" onClick={() => setOpen(!open)}>
          {t('nav.openMenu')}
        </button>
        <div id="docs-nav" className="docs-layout__sticky">{nav}</div>
      </aside>
      <div className="docs-layout__main">{children}</div>
    </div>
  );
}
