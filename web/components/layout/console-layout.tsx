import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';

export interface ConsoleNavItem {
  /** Unprefixed path. */
  to: string;
  label: string;
  /** A caption shown above the first item of each group on wide screens (the phone row omits it). */
  group?: string;
}

export interface ConsoleLayoutProps {
  /** Accessible name of the side navigation. */
  navLabel: string;
  items: readonly ConsoleNavItem[];
  title: ReactNode;
  lead?: ReactNode;
  /** Right side of the page header. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A console page: side navigation (a scrolling row on phones) and the content column.
 * After an in-app navigation focus moves to the page heading, so screen readers and keyboard
 * users start at the new content rather than at the link they used.
 */
export function ConsoleLayout({ navLabel, items, title, lead, actions, children }: ConsoleLayoutProps) {
  const { path } = useCurrentPage();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // On phones the navigation is a scrolling row: bring the current item into view.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - current.offsetWidth) / 2;
  }, [path]);

  useEffect(() => {
    // "default" is the key of the location the document was loaded with.
    if (location.key !== 'default') heading.current?.focus({ preventScroll: true });
  }, [location.key]);

  return (
    <div className="console-page">
      <div className="container console">
        <nav className="console__nav" aria-label={navLabel}>
          <ul className="console__nav-list" ref={list}>
            {items.map((item, i) => {
              const active = path === item.to || path === `${item.to}/`;
              const caption = item.group != null && item.group !== items[i - 1]?.group ? item.group : null;
              return (
                <li key={item.to} className={caption != null ? 'console__nav-item--grouped' : undefined}>
                  {caption != null && (
                    <span className="console__nav-group" aria-hidden="true">
                      {caption}
                    </span>
                  )}
                  <LocalizedLink to={item.to} className="console__nav-link" aria-current={active ? 'page' : undefined}>
                    {item.label}
                  </LocalizedLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="console__content">
          <header className="console__header">
            <div className="console__heading">
              <h1 className="console__title" ref={heading} tabIndex={-1}>
                {title}
              </h1>
              {lead != null && <p className="console__lead">{lead}</p>}
            </div>
            {actions != null && <div className="console__actions">{actions}</div>}
          </header>
          {children}
        </div>
      </div>
    </div>
  );
}
