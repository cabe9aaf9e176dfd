import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PriceList } from '#shared/contracts/pricing.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { formatPrice, multiplyAmount } from '#web/features/pricing/format.ts';
import { PriceSection } from '#web/features/pricing/price-table.tsx';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { findPage } from '#web/routes.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadPrices(store, lang);
  return null;
}

const LIVE_ITEMS = ['floor', 'load', 'charge', 'maxBid', 'worker'] as const;
/** The consensus example: attempts at least and at most. */
const EXAMPLE_ATTEMPTS = { min: 2, max: 3 } as const;

/** How the price is set: floor to cap with the load, the charge, the maximum bid, the worker's share. */
function LivePrice({ list }: { list: PriceList | undefined }) {
  const { t } = useTranslation('pricing');
  const fullLoad = list?.fullLoad ?? 10;
  const share = Math.round((list?.types[0]?.workerShare ?? 0.6) * 100);
  return (
    <section className="pricing-explainer" aria-labelledby="live-title">
      <h2 id="live-title">{t('live.title')}</h2>
      <p className="muted">{t('live.lead')}</p>
      <ul className="pricing-explainer__list">
        {LIVE_ITEMS.map((key) => (
          <li key={key}>{t(`live.items.${key}`, { fullLoad, share })}</li>
        ))}
      </ul>
      <figure className="formula">
        <figcaption className="formula__label">{t('live.formulaLabel')}</figcaption>
        <code className="formula__expression">{t('live.formula', { steps: fullLoad - 1 })}</code>
        <p className="formula__note text-sm muted">{t('live.formulaNote', { fullLoad })}</p>
      </figure>
    </section>
  );
}

/** 100% recognition: the price is the rate times the answers collected, with a worked example. */
function Consensus({ list }: { list: PriceList | undefined }) {
  const { t, i18n } = useTranslation('pricing');
  const image = list?.types.find((r) => r.slug === 'normal') ?? list?.types.find((r) => r.kind === 'image');
  const money = (amount: string) => formatPrice(amount, list?.currency ?? 'USD', i18n.language);
  return (
    <section className="pricing-explainer" aria-labelledby="consensus-title">
      <h2 id="consensus-title">{t('consensus.title')}</h2>
      <p>{t('consensus.text')}</p>
      <figure className="formula">
        <figcaption className="formula__label">{t('consensus.formulaLabel')}</figcaption>
        <code className="formula__expression">{t('consensus.formula')}</code>
        <p className="formula__note text-sm muted">{t('consensus.range')}</p>
      </figure>
      {image && (
        <p data-testid="consensus-example">
          {t('consensus.example', {
            price: money(image.per1000),
            min: money(multiplyAmount(image.per1000, EXAMPLE_ATTEMPTS.min)),
            max: money(multiplyAmount(image.per1000, EXAMPLE_ATTEMPTS.max)),
          })}
        </p>
      )}
      <p className="text-sm muted">{t('consensus.where')}</p>
    </section>
  );
}

export default function PricingPage() {
  const { t } = useTranslation('pricing');
  const prices = usePriceList();
  const hasDocs = findPage('api-docs') !== undefined;
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <p className="page-header__eyebrow">{t('page.eyebrow')}</p>
            <h1 className="page-header__title">{t('page.title')}</h1>
            <p className="page-header__lead">{t('page.lead')}</p>
          </div>
          <div className="page-header__actions">
            <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary', 'lg')}>
              {t('page.register')}
            </LocalizedLink>
            {hasDocs && (
              <LocalizedLink to="/api-docs" className={buttonClassName('secondary', 'lg')}>
                {t('page.docs')}
              </LocalizedLink>
            )}
          </div>
        </div>
      </header>

      <section className="section section--tight" aria-labelledby="prices-title">
        <div className="container stack">
          <h2 id="prices-title" className="visually-hidden">
            {t('page.prices')}
          </h2>
          <PriceSection prices={prices} headingLevel={3} />
        </div>
      </section>

      <section className="section section--alt">
        <div className="container pricing-explainers">
          <LivePrice list={prices.list} />
          <Consensus list={prices.list} />
        </div>
      </section>

      <section className="section" aria-labelledby="pricing-cta-title">
        <div className="container cta-band">
          <div className="stack stack--sm">
            <h2 id="pricing-cta-title">{t('cta.title')}</h2>
            <p className="muted">{t('cta.text')}</p>
          </div>
          <div className="cluster">
            <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary', 'lg')}>
              {t('cta.register')}
            </LocalizedLink>
            <LocalizedLink to="/for-customer" className={buttonClassName('secondary', 'lg')}>
              {t('cta.forCustomers')}
            </LocalizedLink>
          </div>
        </div>
      </section>
    </>
  );
}
