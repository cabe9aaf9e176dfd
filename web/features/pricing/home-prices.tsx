import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { PriceSection } from './price-table.tsx';
import { usePriceList } from './use-prices.ts';

/** The popular types the home page lists; /pricing has every type. */
export const HOME_PRICE_SLUGS = ['normal', 'grid', 'coordinates', 'rotate', 'recaptcha_v2', 'recaptcha_v3', 'hcaptcha', 'turnstile', 'funcaptcha', 'geetest'] as const;

/** The home page's price section (its loader calls preloadPrices, so the HTML carries the figures). */
export function HomePrices() {
  const { t } = useTranslation('pricing');
  const prices = usePriceList();
  return (
    <section className="section section--tight" id="prices" aria-labelledby="home-prices-title">
      <div className="container stack">
        <header className="page-header">
          <h2 id="home-prices-title">{t('home.title')}</h2>
          <p className="muted">{t('home.lead')}</p>
        </header>
        <PriceSection prices={prices} slugs={HOME_PRICE_SLUGS} compact note={false} headingLevel={3} />
        <p>
          <LocalizedLink to="/pricing" className="link">
            {t('home.all')}
          </LocalizedLink>
        </p>
      </div>
    </section>
  );
}
