import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useRunningCampaignsQuery } from './api.ts';
import { formatWhen } from './format.ts';

/** The running discount campaigns: percentage, captcha types and end, with loading, empty and error states. */
export function CampaignList() {
  const { t, i18n } = useTranslation(['promotions', 'pricing']);
  const { data, isLoading, isError, refetch } = useRunningCampaignsQuery();
  if (isLoading) return <LoadingBlock lines={3} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        <div className="cluster">
          <span>{t('campaigns.loadFailed')}</span>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('retry')}
          </Button>
        </div>
      </Banner>
    );
  }
  if (data.length === 0) return <EmptyState title={t('campaigns.empty.title')} description={t('campaigns.empty.text')} />;
  return (
    <ul className="campaign-list" aria-label={t('campaigns.listLabel')}>
      {data.map((c) => (
        <li key={c.id} className="campaign-card" data-testid={`campaign-${c.id}`}>
          <div className="campaign-card__head">
            <h2 className="campaign-card__title">{c.name}</h2>
            <Badge tone="success">{t('campaigns.off', { percent: c.percent })}</Badge>
          </div>
          <p className="campaign-card__types">
            <span className="muted">{t('campaigns.types')}</span>{' '}
            {c.types.map((slug) => t(`pricing:types.${slug}`, { defaultValue: slug })).join(', ')}
          </p>
          <p className="text-sm muted">{t('campaigns.window', { from: formatWhen(c.startsAt, i18n.language), to: formatWhen(c.endsAt, i18n.language) })}</p>
        </li>
      ))}
    </ul>
  );
}
