import { useTranslation } from '#web/lib/i18n-react.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { LocalizedLink } from './localized-link.tsx';

const COLUMNS = [
  {
    key: 'footer.product',
    links: [
      { to: '/for-customer', key: 'nav.customers' },
      { to: '/#workers', key: 'nav.workers' },
      { to: '/#captcha-types', key: 'nav.captchaTypes' },
      { to: '/pricing', key: 'nav.pricing' },
    ],
  },
  { key: 'footer.company', links: [{ to: '/about', key: 'nav.about' }, { to: '/support', key: 'nav.support' }] },
  {
    key: 'footer.legal',
    links: [
      { to: '/terms-of-service', key: 'footer.terms' },
      { to: '/payment-policy', key: 'footer.paymentPolicy' },
      { to: '/privacy-policy', key: 'footer.privacyPolicy' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const brand = useAppSelector((s) => s.app.brandName);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <p className="site-footer__brand">{brand}</p>
          <p className="muted">{t('footer.tagline')}</p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.key} aria-label={t(col.key)} className="site-footer__col">
            <h2 className="site-footer__heading">{t(col.key)}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.key}>
                  {/* The privacy policy exists in English only; its link never carries a prefix. */}
                  {l.to === '/privacy-policy' ? <a href={l.to} hrefLang="en">{t(l.key)}</a> : <LocalizedLink to={l.to}>{t(l.key)}</LocalizedLink>}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__legal">
        <p className="muted">{t('footer.copyright', { year: new Date().getUTCFullYear() })}</p>
      </div>
    </footer>
  );
}
