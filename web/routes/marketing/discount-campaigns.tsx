import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { CampaignList } from '#web/features/promotions/campaign-list.tsx';
import { promotionsApi } from '#web/features/promotions/api.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store }: PageLoaderArgs) {
  await store.dispatch(promotionsApi.endpoints.runningCampaigns.initiate(undefined, { subscribe: false }));
  return null;
}

/** /p/discount-campaigns: the running discount campaigns (public). */
export default function DiscountCampaignsPage() {
  const { t } = useTranslation('promotions');
  return (
    <article className="section">
      <title>{t('campaigns.meta.title')}</title>
      <meta name="description" content={t('campaigns.meta.description')} />
      <div className="container stack stack--lg">
        <header className="stack stack--sm">
          <h1>{t('campaigns.title')}</h1>
          <p className="lead">{t('campaigns.lead')}</p>
        </header>
        <CampaignList />
        <p className="text-sm muted">
          {t('campaigns.how')} <LocalizedLink to="/pricing">{t('campaigns.pricingLink')}</LocalizedLink>
        </p>
      </div>
    </article>
  );
}
