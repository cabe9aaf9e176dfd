import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { HISTORY_COLUMNS, HISTORY_MAX_DAYS, type HistoryDayQuery } from '#shared/contracts/money.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { historyCsvUrl, useGetHistoryDayQuery } from './api.ts';
import { moneyErrorKey } from './errors.ts';

/** "-7.50" → "−$7.50", "12.50" → "$12.50". */
const usd = (v: string) => (v.startsWith('-') ? `−$${v.slice(1)}` : `$${v}`);

/** /pay/history_day: the balance's movements summed per day (the account's time zone), a range, a CSV. */
export function HistoryDay({ initial }: { initial: HistoryDayQuery }) {
  const { t } = useTranslation('payments');
  const [range, setRange] = useState<HistoryDayQuery>(initial);
  const { data, isFetching, isLoading, isError, error, refetch } = useGetHistoryDayQuery(range);
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  // Once loaded, the form shows the range the server resolved (the default last 30 days).
  const shownFrom = from || data?.from || '';
  const shownTo = to || data?.to || '';
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setRange({ ...(shownFrom ? { from: shownFrom } : {}), ...(shownTo ? { to: shownTo } : {}) });
  };

  return (
    <div className="stack stack--lg">
      <form className="money-range" onSubmit={apply} aria-label={t('money.history.rangeLabel')}>
        <Field label={t('money.history.from')}>
          <TextInput type="date" value={shownFrom} onChange={(e) => setFrom(e.target.value)} max={shownTo || undefined} />
        </Field>
        <Field label={t('money.history.to')}>
          <TextInput type="date" value={shownTo} onChange={(e) => setTo(e.target.value)} min={shownFrom || undefined} />
        </Field>
        <div className="money-range__actions">
          <Button type="submit" variant="secondary" disabled={isFetching}>
            {t('money.history.apply')}
          </Button>
          <a className={buttonClassName('secondary')} href={historyCsvUrl(data ? { from: data.from, to: data.to } : range)} download data-testid="history-csv">
            {t('money.history.csv')}
          </a>
        </div>
      </form>
      <p className="text-sm muted">{t('money.history.note', { max: HISTORY_MAX_DAYS, timezone: data?.timezone ?? 'UTC' })}</p>
      {isLoading ? (
        <LoadingBlock lines={5} />
      ) : isError || !data ? (
        <Banner tone="danger" role="alert">
          {t(moneyErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
        </Banner>
      ) : data.days.length === 0 ? (
        <EmptyState title={t('money.history.empty.title')} description={t('money.history.empty.text', { from: data.from, to: data.to })} />
      ) : (
        <div className="table-wrap" aria-busy={isFetching}>
          <table className="table table--compact" data-testid="history-day-table">
            <caption className="visually-hidden">{t('money.history.caption', { from: data.from, to: data.to, timezone: data.timezone })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('money.history.columns.day')}</th>
                {HISTORY_COLUMNS.map((c) => (
                  <th key={c} scope="col" className="num">{t(`money.history.columns.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.day} data-day={d.day}>
                  <th scope="row">{d.day}</th>
                  {HISTORY_COLUMNS.map((c) => (
                    <td key={c} className="num" data-col={c}>{d[c] === '0.00' ? '—' : usd(d[c])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('money.history.total')}</th>
                {HISTORY_COLUMNS.map((c) => (
                  <td key={c} className="num"><strong>{usd(data.totals[c])}</strong></td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  );
}
