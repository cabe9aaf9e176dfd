import { useTranslation } from '#web/lib/i18n-react.ts';
import type { OwnerStatistics, SoftwareStatistics } from '#shared/contracts/software.ts';
import { TimeSeriesChart } from '#web/components/charts/time-series-chart.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { formatUsd } from '#web/lib/format.ts';

const pct = (v: number | null, lang: string) => (v === null ? '—' : `${v.toLocaleString(lang, { maximumFractionDigits: 1 })} %`);

/** /software/statistic/{slug}: the public 7-day window — figures, a chart with its table, types. */
export function StatisticsView({ stats }: { stats: SoftwareStatistics }) {
  const { t, i18n } = useTranslation('software');
  const lang = i18n.language;
  return (
    <div className="stack stack--lg">
      <div className="software-stats">
        <Stat label={t('statistics.tasks')} value={stats.totals.tasks.toLocaleString(lang)} />
        <Stat label={t('statistics.successRate')} value={pct(stats.totals.successRate, lang)} />
        <Stat label={t('statistics.users')} value={stats.totals.users.toLocaleString(lang)} />
        <Stat label={t('statistics.unsolvable')} value={stats.totals.unsolvable.toLocaleString(lang)} />
      </div>
      <TimeSeriesChart
        title={t('statistics.chartTitle', { from: stats.dateFrom, to: stats.dateTo })}
        granularity="day"
        kind="bar"
        stacked
        table="visible"
        data={stats.days.map((d) => ({ t: `${d.date}T00:00:00.000Z`, solved: d.solved, unsolvable: d.unsolvable, open: d.tasks - d.solved - d.unsolvable }))}
        series={[
          { key: 'solved', label: t('statistics.solved') },
          { key: 'unsolvable', label: t('statistics.unsolvable') },
          { key: 'open', label: t('statistics.open') },
        ]}
        emptyText={t('statistics.empty')}
      />
      <section className="stack" aria-labelledby="types-title">
        <h2 id="types-title">{t('statistics.types')}</h2>
        {stats.types.length === 0 ? (
          <p className="muted">{t('statistics.noTypes')}</p>
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('statistics.type')}</th>
                  <th scope="col" className="num">
                    {t('statistics.tasks')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.types.map((x) => (
                  <tr key={x.type}>
                    <td>{t(`pricing:types.${x.type}`, { defaultValue: x.type })}</td>
                    <td className="num">{x.tasks.toLocaleString(lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The owner's console: the soft_id share from the ledger per day, tasks, customers and errors (30 days). */
export function OwnerConsole({ stats }: { stats: OwnerStatistics }) {
  const { t, i18n } = useTranslation('software');
  const lang = i18n.language;
  return (
    <section className="stack software-console" aria-labelledby="console-title">
      <h2 id="console-title">{t('console.title')}</h2>
      <p className="muted">{t('console.lead', { softId: stats.softId ?? '—' })}</p>
      <div className="software-stats">
        <Stat label={t('console.revenue')} value={<span data-testid="owner-revenue">{formatUsd(stats.totals.revenue, lang)}</span>} />
        <Stat label={t('console.tasks')} value={stats.totals.tasks.toLocaleString(lang)} />
        <Stat label={t('console.customers')} value={stats.totals.customers.toLocaleString(lang)} />
        <Stat label={t('console.errorRate')} value={pct(stats.totals.errorRate, lang)} />
      </div>
      {stats.days.length === 0 ? (
        <p className="muted">{t('console.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('console.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('console.day')}</th>
                <th scope="col" className="num">
                  {t('console.revenue')}
                </th>
                <th scope="col" className="num">
                  {t('console.tasks')}
                </th>
                <th scope="col" className="num">
                  {t('console.customers')}
                </th>
                <th scope="col" className="num">
                  {t('console.errorRate')}
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.days.map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td className="num">{formatUsd(d.revenue, lang)}</td>
                  <td className="num">{d.tasks.toLocaleString(lang)}</td>
                  <td className="num">{d.customers.toLocaleString(lang)}</td>
                  <td className="num">{pct(d.errorRate, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
