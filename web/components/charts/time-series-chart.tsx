/**
 * TimeSeriesChart: a line, area or bar chart over time with the same figures as a table behind it.
 *
 *   <TimeSeriesChart
 *     title="Captchas solved per hour"            // required: figure caption, table caption, accessible name
 *     granularity="hour"                           // required: 'hour' | 'day' (tick, tooltip and row labels, UTC)
 *     data={[{ t: '2025-03-04T14:00:00.000Z', solved: 12, unsolvable: 1 }, …]}   // t: an ISO instant
 *     series={[{ key: 'solved', label: 'Solved' }, { key: 'unsolvable', label: 'Unsolvable' }]}
 *     kind="area"                                  // optional: 'line' (default) | 'area' | 'bar'
 *     stacked                                      // optional: areas or bars of the series stacked (parts of a whole)
 *     formatValue={(v, lang) => `${v} s`}          // optional: axis, tooltip and table values; default: the
 *                                                  //   language's number format, at most 2 decimals
 *     height={280}                                 // optional: plot height in px (default 280)
 *     table="toggle"                               // optional: 'toggle' (default; a button shows the table, which
 *                                                  //   screen readers always read) | 'visible'
 *     hideTitle                                    // optional: caption only for assistive technology (when a
 *                                                  //   card around the chart already shows the title)
 *     description="…"  emptyText="No data yet"     // optional
 *   />
 *
 * Nothing jumps: the server and the hydrating browser render a placeholder of exactly the plot's box;
 * recharts is loaded lazily (its own chunk) after hydration and drawn into the same box. The SVG is
 * hidden from assistive technology: the table is the accessible form of the chart. A value of null
 * is a gap (no data for that point) and shows as "—" in the table. Numbers and dates follow the
 * page's language (i18next), times are UTC.
 */
import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { cx } from '../ui/class-names.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { formatNumber, formatPointTime, type Granularity } from './format.ts';

export type { Granularity } from './format.ts';

export interface ChartSeries {
  /** The property of each data row holding this series' values. */
  key: string;
  label: string;
}

/** One point in time: `t` is an ISO instant, the other properties are series values (null = no data). */
export type ChartRow = { t: string } & Record<string, number | null | string>;

export interface TimeSeriesChartProps {
  title: string;
  granularity: Granularity;
  data: readonly ChartRow[];
  series: readonly ChartSeries[];
  kind?: 'line' | 'area' | 'bar';
  stacked?: boolean;
  formatValue?: (value: number, lang: string) => string;
  height?: number;
  table?: 'toggle' | 'visible';
  hideTitle?: boolean;
  description?: string;
  emptyText?: string;
  className?: string;
  /**
   * Header of the table's time column, default "Hour (UTC)" / "Day (UTC)". For figures bucketed in
   * another zone, pass its wall-clock times as if UTC (`2025-03-04T14:00:00Z` = 14:00 there) and name the zone here.
   */
  timeColumnLabel?: string;
}

const Plot = lazy(() => import('./time-series-plot.tsx'));

const noop = () => () => {};
/** False on the server and during hydration, true afterwards: the chart never renders on the server. */
function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}

export function TimeSeriesChart({
  title,
  granularity,
  data,
  series,
  kind = 'line',
  stacked = false,
  formatValue,
  height = 280,
  table = 'toggle',
  hideTitle = false,
  description,
  emptyText,
  className,
  timeColumnLabel,
}: TimeSeriesChartProps) {
  const { t, i18n } = useTranslation('ui');
  const lang = i18n.language;
  const hydrated = useHydrated();
  const [tableOpen, setTableOpen] = useState(table === 'visible');
  const tableId = useId();
  const captionId = useId();
  const format = (v: number) => (formatValue ? formatValue(v, lang) : formatNumber(v, lang));
  const empty = data.length === 0 || data.every((row) => series.every((s) => typeof row[s.key] !== 'number'));
  const placeholder = <Skeleton className="chart__placeholder" height={height} />;

  return (
    <figure className={cx('chart', className)} aria-labelledby={captionId}>
      <div className="chart__head">
        <figcaption id={captionId} className={cx('chart__title', hideTitle && 'visually-hidden')}>
          {title}
          {description && <span className="chart__description">{description}</span>}
        </figcaption>
        {table === 'toggle' && !empty && (
          <button
            type="button"
            className="chart__toggle"
            aria-expanded={tableOpen}
            aria-controls={tableId}
            onClick={() => setTableOpen((open) => !open)}
          >
            {tableOpen ? t('chart.hideTable') : t('chart.showTable')}
          </button>
        )}
      </div>
      <div className="chart__plot" style={{ height }} aria-hidden="true" data-chart-state={empty ? 'empty' : hydrated ? 'ready' : 'pending'}>
        {empty ? (
          <p className="chart__empty">{emptyText ?? t('chart.empty')}</p>
        ) : hydrated ? (
          <Suspense fallback={placeholder}>
            <Plot kind={kind} stacked={stacked} data={data} series={series} granularity={granularity} lang={lang} height={height} format={format} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
      {!empty && (
        <div id={tableId} className={cx('chart__table table-wrap', !tableOpen && 'visually-hidden')}>
          <table className="table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{timeColumnLabel ?? (granularity === 'hour' ? t('chart.hourUtc') : t('chart.dayUtc'))}</th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr key={row.t}>
                  <th scope="row">{formatPointTime(row.t, granularity, lang)}</th>
                  {series.map((s) => {
                    const v = row[s.key];
                    return (
                      <td key={s.key} className="num">
                        {typeof v === 'number' ? format(v) : t('chart.noValue')}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
