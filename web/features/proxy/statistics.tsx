import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ProxyStatsQuery } from '#shared/contracts/proxy.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { TimeSeriesChart } from '#web/components/charts/time-series-chart.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { statisticsCsvUrl, useGetProxyStatisticsQuery } from './api.ts';
import { formatBytes, proxyErrorKey } from './format.ts';

/** /proxy/statistics: traffic per day (chart and table) and per sub-user and day, with a CSV. */
export function ProxyStatistics({ initial }: { initial: ProxyStatsQuery }) {
  const { t, i18n } = useTranslation('proxy');
  const lang = i18n.language;
  const [range, setRange] = useState<ProxyStatsQuery>(initial);
  const stats = useGetProxyStatisticsQuery(range, { pollingInterval: 10_000 });
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const shownFrom = from || stats.data?.from || '';
  const shownTo = to || stats.data?.to || '';
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setRange({ ...(shownFrom ? { from: shownFrom } : {}), ...(shownTo ? { to: shownTo } : {}) });
  };
  const data = stats.data;
  return (
    <div className="stack stack--lg">
      <form className="proxy-form-row proxy-form-row--end" onSubmit={apply} aria-label={t('stats.range')}>
        <Field label={t('stats.from')}>
          <TextInput type="date" value={shownFrom} max={shownTo || undefined} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={t('stats.to')}>
          <TextInput type="date" value={shownTo} min={shownFrom || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <div className="cluster">
          <Button type="submit" variant="secondary" disabled={stats.isFetching}>{t('stats.apply')}</Button>
          <a className={buttonClassName('secondary')} href={statisticsCsvUrl(data ? { from: data.from, to: data.to } : range)} download data-testid="proxy-stats-csv">
            {t('stats.csv')}
          </a>
        </div>
      </form>
      {stats.isLoading ? (
        <LoadingBlock lines={5} />
      ) : stats.isError || !data ? (
        <Banner tone="danger" role="alert">{t(proxyErrorKey(stats.error))} <Button variant="secondary" onClick={() => void stats.refetch()}>{t('retry')}</Button></Banner>
      ) : (
        <>
          <Card title={t('stats.perDay')}>
            <TimeSeriesChart
              title={t('stats.perDay')}
              hideTitle
              granularity="day"
              kind="bar"
              data={data.days.map((d) => ({ t: `${d.day}T00:00:00.000Z`, bytes: d.bytes }))}
              series={[{ key: 'bytes', label: t('stats.traffic') }]}
              formatValue={(v) => formatBytes(v, lang)}
              emptyText={t('stats.empty')}
            />
          </Card>
          <Card title={t('stats.perUser')}>
            {data.rows.length === 0 ? (
              <EmptyState title={t('stats.empty')} description={t('stats.emptyText', { from: data.from, to: data.to })} />
            ) : (
              <div className="table-wrap">
                <table className="table table--compact" data-testid="proxy-stats-table">
                  <caption className="visually-hidden">{t('stats.caption', { from: data.from, to: data.to })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('stats.columns.day')}</th>
                      <th scope="col">{t('stats.columns.login')}</th>
                      <th scope="col">{t('stats.columns.type')}</th>
                      <th scope="col" className="num">{t('stats.columns.up')}</th>
                      <th scope="col" className="num">{t('stats.columns.down')}</th>
                      <th scope="col" className="num">{t('stats.columns.total')}</th>
                      <th scope="col" className="num">{t('stats.columns.connections')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={`${r.day}-${r.subUserId}-${r.planType}`} data-login={r.login} data-total={r.bytesUp + r.bytesDown}>
                        <th scope="row">{r.day}</th>
                        <td><code>{r.login}</code></td>
                        <td>{t(`types.${r.planType}.name`)}</td>
                        <td className="num">{formatBytes(r.bytesUp, lang)}</td>
                        <td className="num">{formatBytes(r.bytesDown, lang)}</td>
                        <td className="num"><strong>{formatBytes(r.bytesUp + r.bytesDown, lang)}</strong></td>
                        <td className="num">{r.connections}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
