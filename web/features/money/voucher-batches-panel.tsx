import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { VOUCHER_BATCH_MAX, type IssuedVoucherBatchView } from '#shared/contracts/money.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetVoucherBatchesQuery, useIssueVoucherBatchMutation } from './api.ts';
import { moneyErrorKey } from './errors.ts';

/** The batch's codes as CSV (code, amount, expiry): made in the browser from the issuance answer. */
export function batchCsv(batch: IssuedVoucherBatchView): string {
  const lines = ['code,amount_usd,expires_at,batch', ...batch.codes.map((c) => `${c},${batch.amount},${batch.expiresAt},${batch.id}`)];
  return lines.join('\r\n') + '\r\n';
}

const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** /p/admin?tab=vouchers: issue a batch (amount, count, last day), download its codes once, see usage. */
export function VoucherBatchesPanel() {
  const { t } = useTranslation('payments');
  const batches = useGetVoucherBatchesQuery();
  const [issue, issued] = useIssueVoucherBatchMutation();
  const [amount, setAmount] = useState('10');
  const [count, setCount] = useState('10');
  const [expiresOn, setExpiresOn] = useState(inAMonth);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const amountProblem = /^\d{1,6}(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) > 0 ? undefined : t('money.admin.problems.amount');
  const countProblem = /^\d+$/.test(count.trim()) && Number(count) >= 1 && Number(count) <= VOUCHER_BATCH_MAX ? undefined : t('money.admin.problems.count', { max: VOUCHER_BATCH_MAX });
  const expiryProblem = /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? undefined : t('money.admin.problems.expiry');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountProblem || countProblem || expiryProblem) return;
    await issue({ amount: amount.trim(), count: Number(count), expiresOn, note: note.trim() });
  };
  const fresh = issued.data;
  const csvHref = fresh ? `data:text/csv;charset=utf-8,${encodeURIComponent(batchCsv(fresh))}` : null;

  return (
    <div className="stack stack--lg">
      <Card title={t('money.admin.formTitle')} description={t('money.admin.formLead')}>
        <form className="money-batch-form" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('money.admin.amount')} error={touched ? amountProblem : undefined} required>
            <TextInput name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
          <Field label={t('money.admin.count')} error={touched ? countProblem : undefined} required>
            <TextInput name="count" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          </Field>
          <Field label={t('money.admin.expiresOn')} hint={t('money.admin.expiresHint')} error={touched ? expiryProblem : undefined} required>
            <TextInput name="expiresOn" type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          </Field>
          <Field label={t('money.admin.note')} optional>
            <TextInput name="note" value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} />
          </Field>
          <div className="money-batch-form__submit">
            <Button type="submit" disabled={issued.isLoading}>{issued.isLoading ? t('money.admin.issuing') : t('money.admin.submit')}</Button>
          </div>
        </form>
        {issued.isError && <Banner tone="danger" role="alert">{t(moneyErrorKey(issued.error))}</Banner>}
        {fresh && csvHref && (
          <Banner tone="success" role="status">
            <span>{t('money.admin.issued', { count: fresh.count, amount: fresh.amount, id: fresh.id })}</span>{' '}
            <a href={csvHref} download={`vouchers-batch-${fresh.id}.csv`} data-testid="voucher-csv">{t('money.admin.download')}</a>
          </Banner>
        )}
      </Card>
      <section className="stack" aria-labelledby="batches-heading">
        <h2 id="batches-heading" className="money-heading">{t('money.admin.listTitle')}</h2>
        {batches.isLoading ? (
          <LoadingBlock lines={3} />
        ) : batches.isError || !batches.data ? (
          <Banner tone="danger" role="alert">
            {t(moneyErrorKey(batches.error))} <Button variant="secondary" onClick={() => void batches.refetch()}>{t('retry')}</Button>
          </Banner>
        ) : batches.data.length === 0 ? (
          <EmptyState title={t('money.admin.empty.title')} description={t('money.admin.empty.text')} />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('money.admin.listTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('money.admin.columns.id')}</th>
                  <th scope="col">{t('money.admin.columns.created')}</th>
                  <th scope="col" className="num">{t('money.admin.columns.amount')}</th>
                  <th scope="col" className="num">{t('money.admin.columns.redeemed')}</th>
                  <th scope="col">{t('money.admin.columns.expires')}</th>
                  <th scope="col">{t('money.admin.columns.note')}</th>
                </tr>
              </thead>
              <tbody>
                {batches.data.map((b) => (
                  <tr key={b.id}>
                    <td>#{b.id}</td>
                    <td>{b.createdAt.slice(0, 10)}</td>
                    <td className="num">${b.amount}</td>
                    <td className="num">{b.redeemed} / {b.count}</td>
                    <td>{b.expiresAt.slice(0, 16).replace('T', ' ')} UTC</td>
                    <td>{b.note}</td>
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
