import { useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { LanguageSwitcher } from './language-switcher.tsx';
import { LocalizedLink } from './localized-link.tsx';

const NAV = [
  { to: '/for-customer', key: 'nav.customers' },
  { to: '/#workers', key: 'nav.workers' },
  { to: '/#captcha-types', key: 'nav.captchaTypes' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/about', key: 'nav.about' },
] as const;

/** `account` is the right-hand side (sign-in or the user's menu), composed by the root. */
export function SiteHeader({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const brand = useAppSelector((s) => s.app.brandName);
  const [open, setOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <LocalizedLink to="/" className="site-header__logo" aria-label={t('nav.home', { brand })}>
          <span className="site-header__mark" aria-hidden="true">◆</span> {brand}
        </LocalizedLink>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((o) => !o)}
        >
          {t('nav.menu')}
        </button>
        <nav id="site-nav" className="site-nav" data-open={open} aria-label={t('nav.label')}>
          <ul className="site-nav__list">
            {NAV.map((item) => (
              <li key={item.key}>
                <LocalizedLink to={item.to} className="site-nav__link" onClick={() => setOpen(false)}>
                  {t(item.key)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
          <div className="site-header__actions">
            <LanguageSwitcher />
            {account}
          </div>
        </nav>
      </div>
    </header>
  );
}
