import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { affiliateApi, useAffiliateTermsQuery } from '#web/features/affiliate/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(affiliateApi.endpoints.affiliateTerms.initiate(undefined, { subscribe: false }));
  return null;
}

const STEPS = ['register', 'share', 'earn', 'withdraw'] as const;

/** /affiliate (public): the programme, its rates and how to join. */
export default function AffiliatePage() {
  const { t } = useTranslation('partner');
  const { data } = useAffiliateTermsQuery();
  const vars = { worker: data?.workerPercent ?? '10', customer: data?.customerPercent ?? '10', months: data?.customerMonths ?? 12, days: data?.cookieDays ?? 3 };
  return (
    <article className="section">
      <title>{t('landing.meta.title')}</title>
      <meta name="description" content={t('landing.meta.description', vars)} />
      <div className="container prose stack">
        <h1>{t('landing.title')}</h1>
        <p className="lead">{t('landing.lead')}</p>
        <div className="affiliate-rates" data-testid="affiliate-rates">
          <section className="affiliate-rate" aria-labelledby="rate-workers">
            <p className="affiliate-rate__value num">{vars.worker}%</p>
            <h2 id="rate-workers">{t('landing.rates.workers.title')}</h2>
            <p>{t('landing.rates.workers.text', vars)}</p>
          </section>
          <section className="affiliate-rate" aria-labelledby="rate-customers">
            <p className="affiliate-rate__value num">{vars.customer}%</p>
            <h2 id="rate-customers">{t('landing.rates.customers.title')}</h2>
            <p>{t('landing.rates.customers.text', vars)}</p>
          </section>
        </div>
        <section aria-labelledby="affiliate-how">
          <h2 id="affiliate-how">{t('landing.how.title')}</h2>
          <ol>
            {STEPS.map((s) => (
              <li key={s}>{t(`landing.how.${s}`, vars)}</li>
            ))}
          </ol>
        </section>
        <p className="text-sm muted">{t('landing.fine', vars)}</p>
        <div className="cluster">
          <LocalizedLink to="/auth/register" className={buttonClassName('primary', 'lg')}>
            {t('landing.join')}
          </LocalizedLink>
          <LocalizedLink to="/partner" className={buttonClassName('secondary', 'lg')}>
            {t('landing.dashboard')}
          </LocalizedLink>
        </div>
      </div>
    </article>
  );
}
