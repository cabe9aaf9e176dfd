import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { FinanceQuery, FinanceView } from '#shared/contracts/finance.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { financeCsvUrl, useFinanceViewQuery } from './api.ts';
import { dollars } from './format.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /p/admin?tab=finance: the operator's money per day and captcha type, balances owed, CSV. */
export function MoneyViewPanel() {
  const { t } = useTranslation('finance');
  const [query, setQuery] = useState<FinanceQuery>({});
  // null: not edited yet, the fields show the period the server answered for.
  const [fromInput, setFrom] = useState<string | null>(null);
  const [toInput, setTo] = useState<string | null>(null);
  const view = useFinanceViewQuery(query);
  const from = fromInput ?? view.data?.from ?? '';
  const to = toInput ?? view.data?.to ?? '';
  const problem = (from && !DAY.test(from)) || (to && !DAY.test(to)) ? t('range.invalid') : from && to && from > to ? t('range.reversed') : null;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) setQuery({ from: from || undefined, to: to || undefined });
  };

  return (
    <div className="stack stack--lg">
      <form className="finance-range" onSubmit={apply} noValidate aria-label={t('range.label')}>
        <Field label={t('range.from')} error={problem ?? undefined}>
          <TextInput type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label={t('range.to')}>
          <TextInput type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field>
        <div className="finance-range__actions">
          <Button type="submit" variant="secondary">{t('range.apply')}</Button>
          <a className={buttonClassName('secondary', 'md')} href={financeCsvUrl(query)} download data-testid="finance-csv">
            {t('csv')}
          </a>
        </div>
      </form>
      {view.isLoading ? (
        <LoadingBlock lines={4} />
      ) : view.isError || !view.data ? (
        <Banner tone="danger" role="alert">
          {t('error')} <Button variant="secondary" onClick={() => void view.refetch()}>{t('retry')}</Button>
        </Banner>
      ) : (
        <FinanceFigures view={view.data} />
      )}
    </div>
  );
}

function FinanceFigures({ view }: { view: FinanceView }) {
  const { t } = useTranslation('finance');
  const b = view.balances;
  return (
    <>
      <Card title={t('balances.title')} description={t('balances.lead')}>
        <Stats
          items={[
            [t('balances.received'), b.received],
            [t('balances.paidOut'), b.paidOut],
            [t('balances.owedCustomers'), b.owedCustomers],
            [t('balances.owedWorkers'), b.owedWorkers],
            [t('balances.owedOther'), b.owedOther],
            [t('balances.cover'), b.cover, t('balances.coverHint')],
          ]}
        />
      </Card>
      <Card title={t('period.title', { from: view.from, to: view.to })} description={t('period.lead')}>
        <Stats
          items={[
            [t('columns.spend'), view.totals.spend],
            [t('columns.refunds'), view.totals.refunds],
            [t('columns.earnings'), view.totals.earnings],
            [t('columns.developerShare'), view.totals.developerShare],
            [t('columns.referralShare'), view.totals.referralShare],
            [t('columns.margin'), view.totals.margin],
          ]}
        />
      </Card>
      <section className="stack" aria-labelledby="finance-days">
        <h2 id="finance-days" className="finance-heading">{t('days.title')}</h2>
        {view.rows.length === 0 ? (
          <EmptyState title={t('days.empty.title')} description={t('days.empty.text')} />
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="finance-days">
            <table className="table finance-table">
              <thead>
                <tr>
                  <th scope="col">{t('columns.day')}</th>
                  <th scope="col">{t('columns.type')}</th>
                  <th scope="col" className="num">{t('columns.spend')}</th>
                  <th scope="col" className="num">{t('columns.refunds')}</th>
                  <th scope="col" className="num">{t('columns.earnings')}</th>
                  <th scope="col" className="num">{t('columns.developerShare')}</th>
                  <th scope="col" className="num">{t('columns.referralShare')}</th>
                  <th scope="col" className="num">{t('columns.margin')}</th>
                </tr>
              </thead>
              <tbody>
                {view.rows.map((r) => (
                  <tr key={`${r.day}/${r.type}`}>
                    <td>{r.day}</td>
                    <td>{r.type === '' ? t('types.none') : r.type === '(pruned)' ? t('types.pruned') : r.type}</td>
                    <td className="num">{dollars(r.spend)}</td>
                    <td className="num">{dollars(r.refunds)}</td>
                    <td className="num">{dollars(r.earnings)}</td>
                    <td className="num">{dollars(r.developerShare)}</td>
                    <td className="num">{dollars(r.referralShare)}</td>
                    <td className={Number(r.margin) < 0 ? 'num finance-negative' : 'num'}>{dollars(r.margin)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="stack" aria-labelledby="finance-kinds">
        <h2 id="finance-kinds" className="finance-heading">{t('kinds.title')}</h2>
        <p className="finance-lead">{t('kinds.lead')}</p>
        {view.kinds.length === 0 ? (
          <EmptyState title={t('days.empty.title')} description={t('days.empty.text')} />
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby="finance-kinds">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('kinds.kind')}</th>
                  <th scope="col" className="num">{t('kinds.credit')}</th>
                  <th scope="col" className="num">{t('kinds.debit')}</th>
                  <th scope="col" className="num">{t('kinds.count')}</th>
                </tr>
              </thead>
              <tbody>
                {view.kinds.map((k) => (
                  <tr key={k.kind}>
                    <td>
                      <code>{k.kind}</code>
                    </td>
                    <td className="num">{dollars(k.credit)}</td>
                    <td className="num">{dollars(k.debit)}</td>
                    <td className="num">{k.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

/** Labelled amounts (micro-USD) in a responsive grid; negative ones in the danger colour. */
function Stats({ items }: { items: [label: string, micro: string, hint?: string][] }) {
  return (
    <div className="finance-stats">
      {items.map(([label, micro, hint]) => (
        <Stat key={label} label={label} value={<span className={Number(micro) < 0 ? 'finance-negative' : undefined}>{dollars(micro)}</span>} hint={hint} />
      ))}
    </div>
  );
}
