import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetHubOverviewQuery } from './api.ts';
import { count, usd } from './format.ts';

/** A failed hub load with a retry. */
export function HubError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('hub');
  return (
    <Banner tone="danger" role="alert">
      <div className="cluster cluster--between">
        <p>{t('states.error')}</p>
        <Button variant="secondary" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      </div>
    </Banner>
  );
}

/**
 * Workers online now and what solving paid per hour of work by captcha type over the last days,
 * from the statistics roll-ups; "no data" rather than a figure when there is none.
 */
export function LiveFigures({ lang, limit }: { lang: string; limit?: number }) {
  const { t } = useTranslation(['hub', 'pricing']);
  const { data, isLoading, isError, refetch } = useGetHubOverviewQuery();
  if (isError) return <HubError onRetry={() => void refetch()} />;
  if (isLoading || !data) return <LoadingBlock lines={4} />;
  const rows = limit ? data.earnings.slice(0, limit) : data.earnings;
  return (
    <section className="stack" aria-labelledby="hub-figures">
      <h2 id="hub-figures">{t('figures.title')}</h2>
      <div className="grid-3 hub-list">
        <Stat label={t('figures.online')} value={data.workersOnline === null ? t('figures.noSample') : count(data.workersOnline, lang)} hint={t('figures.onlineHint')} />
        <Stat label={t('figures.types')} value={count(data.earnings.length, lang)} hint={t('figures.typesHint', { days: data.days })} />
        <Stat
          label={t('figures.best')}
          value={data.earnings.length ? usd(Math.max(...data.earnings.map((e) => Number(e.perHour))), lang) : t('figures.none')}
          hint={t('figures.bestHint')}
        />
      </div>
      {rows.length === 0 ? (
        <EmptyState compact title={t('figures.emptyTitle')} description={t('figures.emptyText', { days: data.days })} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('figures.caption', { days: data.days })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('figures.type')}</th>
                <th scope="col" className="num">{t('figures.solved')}</th>
                <th scope="col" className="num">{t('figures.perHour')}</th>
                <th scope="col" className="num">{t('figures.per1000')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.type}>
                  <td>{t(`pricing:types.${r.type}`, { defaultValue: r.type })}</td>
                  <td className="num">{count(r.solved, lang)}</td>
                  <td className="num">{usd(r.perHour, lang)}</td>
                  <td className="num">{usd(r.per1000, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm muted">{t('figures.note', { days: data.days })}</p>
    </section>
  );
}
