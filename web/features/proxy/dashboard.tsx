import { useTranslation } from '#web/lib/i18n-react.ts';
import { PROXY_PLAN_TYPES } from '#shared/proxy/catalog.ts';
import { TimeSeriesChart } from '#web/components/charts/time-series-chart.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetProxyOverviewQuery, useGetProxySubUsersQuery } from './api.ts';
import { BuyPlan } from './buy-plan.tsx';
import { formatBytes, formatMoneyIn, proxyErrorKey } from './format.ts';
import { ConnectionGenerator } from './generator.tsx';

/** /proxy: traffic left per type, recent usage, buying, the connection generator, the plans bought. */
export function ProxyDashboard() {
  const { t, i18n } = useTranslation('proxy');
  const lang = i18n.language;
  const overview = useGetProxyOverviewQuery();
  const subUsers = useGetProxySubUsersQuery();
  if (overview.isLoading || subUsers.isLoading) return <LoadingBlock lines={6} />;
  if (overview.isError || !overview.data || subUsers.isError || !subUsers.data) {
    return (
      <Banner tone="danger" role="alert">
        {t(proxyErrorKey(overview.error ?? subUsers.error))}{' '}
        <Button variant="secondary" onClick={() => void Promise.all([overview.refetch(), subUsers.refetch()])}>{t('retry')}</Button>
      </Banner>
    );
  }
  const data = overview.data;
  return (
    <div className="stack stack--lg">
      <section aria-labelledby="proxy-traffic" className="stack">
        <h2 id="proxy-traffic" className="visually-hidden">{t('dashboard.traffic')}</h2>
        <div className="proxy-traffic">
          {PROXY_PLAN_TYPES.map((type) => {
            const tr = data.traffic.find((x) => x.planType === type)!;
            const share = tr.bytesTotal > 0 ? Math.min(100, Math.round((tr.bytesUsed / tr.bytesTotal) * 100)) : 0;
            return (
              <Card key={type} className="proxy-traffic__card" data-testid={`traffic-${type}`} data-bytes-left={tr.bytesLeft}>
                <p className="proxy-traffic__type">{t(`types.${type}.name`)}</p>
                {tr.bytesTotal === 0 && tr.ips === 0 ? (
                  <p className="muted">{t('dashboard.none')}</p>
                ) : (
                  <>
                    {tr.bytesTotal > 0 && (
                      <>
                        <p className="proxy-traffic__left num">{formatBytes(tr.bytesLeft, lang)}</p>
                        <p className="text-sm muted">{t('dashboard.leftOf', { total: formatBytes(tr.bytesTotal, lang) })}</p>
                        <div className="proxy-meter" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share} aria-label={t('dashboard.used', { percent: share })}>
                          <span style={{ width: `${share}%` }} />
                        </div>
                      </>
                    )}
                    {tr.ips > 0 && <p><Badge tone="info">{t('dashboard.ips', { count: tr.ips })}</Badge></p>}
                    {tr.nextExpiry && <p className="text-sm muted">{t('dashboard.expires', { date: new Date(tr.nextExpiry).toLocaleDateString(lang, { timeZone: 'UTC' }) })}</p>}
                  </>
                )}
              </Card>
            );
          })}
        </div>
      </section>

      <Card title={t('dashboard.usage')}>
        <TimeSeriesChart
          title={t('dashboard.usage')}
          hideTitle
          granularity="day"
          kind="bar"
          height={200}
          data={data.recent.map((d) => ({ t: `${d.day}T00:00:00.000Z`, bytes: d.bytes }))}
          series={[{ key: 'bytes', label: t('stats.traffic') }]}
          formatValue={(v) => formatBytes(v, lang)}
          emptyText={t('stats.empty')}
        />
      </Card>

      <BuyPlan balance={data.balance} />

      <ConnectionGenerator gateway={data.gateway} subUsers={subUsers.data} />

      <Card title={t('dashboard.purchases')}>
        {data.purchases.length === 0 ? (
          <p className="muted">{t('dashboard.noPurchases')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table table--compact" data-testid="proxy-purchases">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.columns.plan')}</th>
                  <th scope="col">{t('dashboard.columns.country')}</th>
                  <th scope="col" className="num">{t('dashboard.columns.quantity')}</th>
                  <th scope="col" className="num">{t('dashboard.columns.amount')}</th>
                  <th scope="col">{t('dashboard.columns.expires')}</th>
                </tr>
              </thead>
              <tbody>
                {data.purchases.map((p) => (
                  <tr key={p.id}>
                    <td>{t(`types.${p.planType}.name`)}</td>
                    <td>{p.country ? t(`countries.${p.country}.name`) : t('countries.mixed')}</td>
                    <td className="num">{p.quantity} {t(`units.${p.unit}`)}</td>
                    <td className="num">{formatMoneyIn(p.amount, 'USD', lang)}</td>
                    <td>{p.active ? new Date(p.expiresAt).toLocaleDateString(lang, { timeZone: 'UTC' }) : <Badge>{t('dashboard.expired')}</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
