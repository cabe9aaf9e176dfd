import { useTranslation } from '#web/lib/i18n-react.ts';
import { TimeSeriesChart } from '#web/components/charts/time-series-chart.tsx';
import type { StatisticsPage } from './metrics.ts';
import { unitFormatter } from './format.ts';
import type { Range } from './range.ts';
import { StatisticsError } from './states.tsx';
import { useGraph } from './use-statistics.ts';

/**
 * One statistics graph of a range: the chart with its table, or a placeholder of the same height
 * while loading, or the error with a retry.
 */
export function GraphPanel({ page, range, height, hideTitle = false, table }: { page: StatisticsPage; range: Range | null; height: number; hideTitle?: boolean; table?: 'toggle' | 'visible' }) {
  const { t } = useTranslation('statistics');
  const { data, isError, refetch, isFetching } = useGraph(page.metric, range);
  if (isError) return <StatisticsError onRetry={() => void refetch()} />;
  const series = (data?.series ?? []).map((key) => ({ key, label: t(`pages.${page.slug}.series.${key}`) }));
  return (
    <div className="graph-panel" aria-busy={isFetching}>
      {data ? (
        <TimeSeriesChart
          title={t(`pages.${page.slug}.chart`)}
          hideTitle={hideTitle}
          kind={page.kind}
          stacked={'stacked' in page && page.stacked}
          granularity={data.granularity}
          data={data.points}
          series={series}
          formatValue={unitFormatter(data.unit, data.currency)}
          height={height}
          table={table}
          emptyText={t('states.empty')}
        />
      ) : (
        <div className="chart">
          <p className={hideTitle ? 'visually-hidden' : 'chart__title'}>{t(`pages.${page.slug}.chart`)}</p>
          <div className="chart__plot" style={{ height }} aria-busy="true">
            <span className="visually-hidden">{t('states.loading')}</span>
          </div>
        </div>
      )}
    </div>
  );
}
