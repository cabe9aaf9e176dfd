import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { TRANSFER_DAILY_LIMIT_USD, TRANSFER_LINK_HOURS, type TransferStatus } from '#shared/contracts/money.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetTransfersQuery, useRequestTransferMutation } from './api.ts';
import { moneyErrorKey } from './errors.ts';

const TONE: Record<TransferStatus, BadgeTone> = { pending: 'info', confirmed: 'success', expired: 'warning', refused: 'danger' };
const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;

/** /pay/send_user: the transfer form; the money moves only after the mailed link is confirmed. */
export function SendUserForm() {
  const { t } = useTranslation('payments');
  const [send, sent] = useRequestTransferMutation();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const recipientProblem = recipient.trim() === '' ? t('money.send.problems.recipient') : undefined;
  const amountProblem = !AMOUNT.test(amount.trim()) || Number(amount) <= 0 ? t('money.send.problems.amount', { max: TRANSFER_DAILY_LIMIT_USD.toLocaleString('en') }) : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (recipientProblem || amountProblem) return;
    const res = await send({ recipient: recipient.trim(), amount: amount.trim() });
    if ('data' in res) {
      setRecipient('');
      setAmount('');
      setTouched(false);
    }
  };
  return (
    <Card title={t('money.send.formTitle')} description={t('money.send.formLead', { hours: TRANSFER_LINK_HOURS, limit: TRANSFER_DAILY_LIMIT_USD.toLocaleString('en') })}>
      <form className="stack money-form" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('money.send.recipient')} hint={t('money.send.recipientHint')} error={touched ? recipientProblem : undefined} required>
          <TextInput name="recipient" autoComplete="off" value={recipient} onChange={(e) => setRecipient(e.target.value)} />
        </Field>
        <Field label={t('money.send.amount')} hint={t('money.send.amountHint')} error={touched ? amountProblem : undefined} required>
          <TextInput name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} className="money-form__amount" />
        </Field>
        <div>
          <Button type="submit" disabled={sent.isLoading}>{sent.isLoading ? t('money.send.sending') : t('money.send.submit')}</Button>
        </div>
        {sent.isError && <Banner tone="danger" role="alert">{t(moneyErrorKey(sent.error))}</Banner>}
        {sent.isSuccess && <Banner tone="success" role="status">{t('money.send.mailed', { hours: TRANSFER_LINK_HOURS })}</Banner>}
      </form>
    </Card>
  );
}

/** Sent and received transfers with their status; refreshed through the MoneyTransfers tag. */
export function TransfersList({ lang }: { lang: string }) {
  const { t } = useTranslation('payments');
  const { data, isLoading, isError, error, refetch } = useGetTransfersQuery();
  if (isLoading) return <LoadingBlock lines={4} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(moneyErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <section className="stack" aria-labelledby="transfers-heading">
      <div className="money-list__head">
        <h2 id="transfers-heading" className="money-heading">{t('money.send.listTitle')}</h2>
        <p className="text-sm muted" data-testid="transfer-remaining">{t('money.send.remaining', { remaining: data.remainingToday, limit: data.dailyLimit })}</p>
      </div>
      {data.transfers.length === 0 ? (
        <EmptyState title={t('money.send.empty.title')} description={t('money.send.empty.text')} />
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="transfers-table">
            <caption className="visually-hidden">{t('money.send.listTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('money.send.columns.id')}</th>
                <th scope="col">{t('money.send.columns.date')}</th>
                <th scope="col">{t('money.send.columns.direction')}</th>
                <th scope="col">{t('money.send.columns.counterparty')}</th>
                <th scope="col">{t('money.send.columns.status')}</th>
                <th scope="col" className="num">{t('money.send.columns.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {data.transfers.map((tr) => (
                <tr key={tr.id}>
                  <td>#{tr.id}</td>
                  <td>{when.format(new Date(tr.createdAt))} UTC</td>
                  <td>{t(`money.send.direction.${tr.direction}`)}</td>
                  <td className="money-list__party">{tr.counterparty}</td>
                  <td><Badge tone={TONE[tr.status]}>{t(`money.send.status.${tr.status}`)}</Badge></td>
                  <td className="num">{tr.direction === 'sent' ? '−' : '+'}${tr.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
