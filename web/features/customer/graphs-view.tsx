/**
 * /statistics/graph_captures: volume, spend and solving time per captcha type by hour or day over
 * a chosen range, in the account's time zone, from the account's own tasks (exact). Each chart has
 * its data table behind it (web/components/charts); a totals table sums the range per type.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { GRAPH_MAX_DAYS, type GraphData, type GraphPoint, type GraphStep, type GraphTotals } from '#shared/contracts/customer-logs.ts';
import { TimeSeriesChart, type ChartRow, type ChartSeries } from '#web/components/charts/time-series-chart.tsx';
import { Button } from '#web/components/button/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetGraphQuery, type GraphArgs } from './logs-api.ts';
import { Usd, useSeconds, useTypeName } from './logs-list.tsx';
import { LoadFailed } from './states.tsx';

const DAY_MS = 86_400_000;
/** The chart palette has four colours: the three busiest types, the rest summed as "other". */
export const MAX_SERIES = 4;
export const OTHER = '__other';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last seven days by day, ending today (UTC date, the same on the server and in the browser). */
export function defaultGraphArgs(now = Date.now()): GraphArgs {
  return { from: isoDay(now - 6 * DAY_MS), to: isoDay(now), step: 'day' };
}

export function presetArgs(preset: '24h' | '7d' | '30d' | '90d', now = Date.now()): GraphArgs {
  switch (preset) {
    case '24h':
      return { from: isoDay(now - DAY_MS), to: isoDay(now), step: 'hour' };
    case '7d':
      return defaultGraphArgs(now);
    case '30d':
      return { from: isoDay(now - 29 * DAY_MS), to: isoDay(now), step: 'day' };
    case '90d':
      return { from: isoDay(now - 89 * DAY_MS), to: isoDay(now), step: 'day' };
  }
}

/** Why a range cannot be asked for (a key of `graphs.errors`), or null. */
export function rangeProblem(args: GraphArgs): string | null {
  const from = Date.parse(`${args.from}T00:00:00Z`);
  const to = Date.parse(`${args.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'graphs.errors.date';
  if (to < from) return 'graphs.errors.order';
  if ((to - from) / DAY_MS + 1 > GRAPH_MAX_DAYS[args.step]) return args.step === 'hour' ? 'graphs.errors.tooLongHour' : 'graphs.errors.tooLongDay';
  return null;
}

/** Every bucket of the range as the server names them ("YYYY-MM-DDTHH:00", local wall clock). */
export function bucketsBetween(from: string, to: string, step: GraphStep): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  const stepMs = step === 'hour' ? 3_600_000 : DAY_MS;
  for (let t = Date.parse(`${from}T00:00:00Z`); t < end; t += stepMs) out.push(new Date(t).toISOString().slice(0, 16));
  return out;
}

/** The types charted on their own (busiest first) and whether the rest are summed as "other". */
export function chartedTypes(totals: readonly GraphTotals[]): { types: string[]; other: boolean } {
  if (totals.length <= MAX_SERIES) return { types: totals.map((t) => t.type), other: false };
  return { types: totals.slice(0, MAX_SERIES - 1).map((t) => t.type), other: true };
}

export type Metric = 'submitted' | 'spend' | 'avgSolveS';

/**
 * Chart rows for one metric: one row per bucket (empty ones included, as 0; an average with
 * nothing solved is a gap), `t` the local wall-clock time written as UTC (see TimeSeriesChart).
 */
export function chartRows(data: GraphData, metric: Metric): ChartRow[] {
  const { types, other } = chartedTypes(data.totals);
  const keyOf = (type: string) => (types.includes(type) ? type : OTHER);
  const byBucket = new Map<string, GraphPoint[]>();
  for (const p of data.points) byBucket.set(p.bucket, [...(byBucket.get(p.bucket) ?? []), p]);
  const keys = other ? [...types, OTHER] : types;
  return bucketsBetween(data.from, data.to, data.step).map((bucket) => {
    const row: ChartRow = { t: `${bucket}:00.000Z` };
    const sums = new Map<string, { value: number; solved: number; ms: number }>(keys.map((k) => [k, { value: 0, solved: 0, ms: 0 }]));
    for (const p of byBucket.get(bucket) ?? []) {
      const s = sums.get(keyOf(p.type))!;
      s.value += metric === 'submitted' ? p.submitted : metric === 'spend' ? Number(p.spend) : 0;
      if (p.avgSolveMs !== null) {
        s.solved += p.solved;
        s.ms += p.avgSolveMs * p.solved;
      }
    }
    for (const [k, s] of sums) {
      row[k] = metric === 'avgSolveS' ? (s.solved > 0 ? Math.round(s.ms / s.solved / 100) / 10 : null) : metric === 'spend' ? Math.round(s.value * 1e6) / 1e6 : s.value;
    }
    return row;
  });
}

function RangeForm({ value, onApply }: { value: GraphArgs; onApply: (args: GraphArgs) => void }) {
  const { t } = useTranslation('customer');
  const [draft, setDraft] = useState<GraphArgs>(value);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const preset = (p: '24h' | '7d' | '30d' | '90d') => {
    const args = presetArgs(p);
    setDraft(args);
    setProblem(null);
    onApply(args);
  };
  return (
    <form className="stack graph-range" onSubmit={submit} noValidate>
      <div className="cluster cluster--sm" role="group" aria-label={t('graphs.presets.label')}>
        {(['24h', '7d', '30d', '90d'] as const).map((p) => (
          <Button key={p} variant="secondary" onClick={() => preset(p)}>
            {t(`graphs.presets.${p}`)}
          </Button>
        ))}
      </div>
      <div className="graph-range__fields">
        <Field label={t('graphs.from')}>
          <TextInput type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </Field>
        <Field label={t('graphs.to')}>
          <TextInput type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </Field>
        <Field label={t('graphs.step')}>
          <select className="input select" value={draft.step} onChange={(e) => setDraft({ ...draft, step: e.target.value as GraphStep })}>
            <option value="hour">{t('graphs.steps.hour')}</option>
            <option value="day">{t('graphs.steps.day')}</option>
          </select>
        </Field>
        <div className="graph-range__apply">
          <Button type="submit" variant="primary">
            {t('graphs.apply')}
          </Button>
        </div>
      </div>
      <div role="alert" className="form-message">
        {problem && <p className="field__error">{t(problem, { hourDays: GRAPH_MAX_DAYS.hour, days: GRAPH_MAX_DAYS.day })}</p>}
      </div>
    </form>
  );
}

function TotalsTable({ totals }: { totals: readonly GraphTotals[] }) {
  const { t } = useTranslation('customer');
  const typeName = useTypeName();
  const seconds = useSeconds();
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{t('graphs.totals')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('logs.columns.type')}</th>
            <th scope="col" className="num">{t('graphs.metrics.submitted')}</th>
            <th scope="col" className="num">{t('graphs.metrics.solved')}</th>
            <th scope="col" className="num">{t('graphs.metrics.unsolvable')}</th>
            <th scope="col" className="num">{t('graphs.metrics.spend')}</th>
            <th scope="col" className="num">{t('graphs.metrics.avgSolve')}</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((row) => (
            <tr key={row.type} data-testid={`graph-total-${row.type}`}>
              <th scope="row">{typeName(row.type)}</th>
              <td className="num">{row.submitted}</td>
              <td className="num">{row.solved}</td>
              <td className="num">{row.unsolvable}</td>
              <td className="num">
                <Usd amount={row.spend} />
              </td>
              <td className="num">{seconds(row.avgSolveMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function GraphsView({ initial }: { initial: GraphArgs }) {
  const { t, i18n } = useTranslation('customer');
  const typeName = useTypeName();
  const [args, setArgs] = useState<GraphArgs>(initial);
  const { data, error, isLoading, isFetching, refetch } = useGetGraphQuery(args);
  const lang = i18n.language;

  const body = () => {
    if (isLoading) return <LoadingBlock lines={6} />;
    if (!data) return <LoadFailed error={error} onRetry={() => void refetch()} />;
    if (data.totals.length === 0) return <EmptyState title={t('graphs.emptyTitle')} description={t('graphs.emptyText')} />;
    const { types, other } = chartedTypes(data.totals);
    const series: ChartSeries[] = [...types.map((type) => ({ key: type, label: typeName(type) })), ...(other ? [{ key: OTHER, label: t('graphs.other') }] : [])];
    const timeLabel = t(data.step === 'hour' ? 'graphs.hourIn' : 'graphs.dayIn', { timezone: data.timezone });
    const money = (v: number) => `$${new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(v)}`;
    const secs = (v: number) => t('logs.seconds', { value: new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(v) });
    const common = { granularity: data.step, series, timeColumnLabel: timeLabel } as const;
    return (
      <div className="stack stack--lg" aria-busy={isFetching}>
        <p className="text-sm muted">{t('logs.timesIn', { timezone: data.timezone })}</p>
        <Card title={t('graphs.totals')} headingLevel={2}>
          <TotalsTable totals={data.totals} />
        </Card>
        <Card>
          <TimeSeriesChart {...common} title={t('graphs.charts.volume')} kind="bar" data={chartRows(data, 'submitted')} />
        </Card>
        <Card>
          <TimeSeriesChart {...common} title={t('graphs.charts.spend')} kind="line" data={chartRows(data, 'spend')} formatValue={money} />
        </Card>
        <Card>
          <TimeSeriesChart {...common} title={t('graphs.charts.solveTime')} kind="line" data={chartRows(data, 'avgSolveS')} formatValue={secs} />
        </Card>
      </div>
    );
  };

  return (
    <div className="stack stack--lg">
      <Card title={t('graphs.rangeTitle')} headingLevel={2}>
        <RangeForm value={args} onApply={setArgs} />
      </Card>
      {body()}
    </div>
  );
}
