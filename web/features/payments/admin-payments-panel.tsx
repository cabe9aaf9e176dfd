import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PaymentStatusSchema, type PaymentStatus } from '#shared/contracts/payments.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useAdjustPaymentMutation, useAdminPaymentQuery, useAdminPaymentsQuery, useGetPaymentProvidersQuery } from './api.ts';
import { paymentErrorKey } from './errors.ts';

const TONE: Record<PaymentStatus, BadgeTone> = { created: 'neutral', pending: 'info', succeeded: 'success', failed: 'danger', canceled: 'neutral', expired: 'warning' };

/** One payment: its webhook events, the adjustments against it, and a manual credit or refund. */
function PaymentDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const { data, isLoading, isError } = useAdminPaymentQuery(id);
  const [adjust, adjusting] = useAdjustPaymentMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  if (isLoading) return <LoadingBlock lines={3} />;
  if (isError || !data) return <Banner tone="danger" role="alert">{t('admin.loadFailed')}</Banner>;
  const valid = /^-?\d{1,9}(\.\d{1,6})?$/.test(amount.trim()) && Number(amount) !== 0 && reason.trim().length >= 3;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    if (!confirming) return setConfirming(true);
    const res = await adjust({ id, amount: amount.trim(), reason: reason.trim() });
    setConfirming(false);
    if ('data' in res) {
      setAmount('');
      setReason('');
    }
  };
  return (
    <section className="stack admin-payment" aria-labelledby={`payment-${id}-title`}>
      <div className="cluster cluster--between">
        <h3 id={`payment-${id}-title`}>{t('admin.detail.title', { id, email: data.payment.email })}</h3>
        <Button variant="secondary" onClick={onClose}>{t('admin.detail.close')}</Button>
      </div>
      <p className="text-sm text-secondary">{t('admin.detail.ref', { ref: data.payment.providerRef ?? '—' })}</p>
      <h4>{t('admin.detail.events')}</h4>
      {data.events.length === 0 ? (
        <p className="muted">{t('admin.detail.noEvents')}</p>
      ) : (
        <ul className="stack stack--xs">
          {data.events.map((e) => (
            <li key={e.eventId} className="text-sm">
              <code>{e.eventId}</code> · {e.type} · <strong>{e.outcome}</strong> · {new Date(e.receivedAt).toISOString().replace('T', ' ').slice(0, 19)} UTC
            </li>
          ))}
        </ul>
      )}
      {data.adjustments.length > 0 && (
        <>
          <h4>{t('admin.detail.adjustments')}</h4>
          <ul className="stack stack--xs">
            {data.adjustments.map((a) => (
              <li key={a.createdAt + a.amount} className="text-sm">
                ${a.amount} · {a.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <h4>{t('admin.adjust.title')}</h4>
        <div className="cluster">
          <Field label={t('admin.adjust.amount')} hint={t('admin.adjust.amountHint')}>
            <TextInput value={amount} inputMode="decimal" onChange={(e) => { setAmount(e.target.value); setConfirming(false); }} />
          </Field>
          <Field label={t('admin.adjust.reason')}>
            <TextInput value={reason} onChange={(e) => { setReason(e.target.value); setConfirming(false); }} />
          </Field>
        </div>
        {confirming && <Banner tone="warning" role="status">{t('admin.adjust.confirm', { amount: amount.trim(), email: data.payment.email })}</Banner>}
        <div>
          <Button type="submit" disabled={!valid || adjusting.isLoading}>{confirming ? t('admin.adjust.confirmButton') : t('admin.adjust.submit')}</Button>
        </div>
        {adjusting.isError && <Banner tone="danger" role="alert">{t(paymentErrorKey(adjusting.error))}</Banner>}
      </form>
    </section>
  );
}

/** /p/admin, tab Payments: search payments, open one, see its events, credit or refund by hand. */
export function AdminPaymentsPanel() {
  const { t } = useTranslation('payments');
  const providers = useGetPaymentProvidersQuery();
  const [draft, setDraft] = useState({ q: '', provider: '', status: '' });
  const [query, setQuery] = useState(draft);
  const [open, setOpen] = useState<number | null>(null);
  const list = useAdminPaymentsQuery({ q: query.q, provider: query.provider || undefined, status: (query.status || undefined) as PaymentStatus | undefined, page: 0 });
  return (
    <div className="stack stack--lg">
      <form
        className="cluster admin-payments__search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft);
        }}
      >
        <Field label={t('admin.search.q')} hint={t('admin.search.qHint')}>
          <TextInput value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </Field>
        <Field label={t('admin.search.provider')}>
          <select className="input" value={draft.provider} onChange={(e) => setDraft({ ...draft, provider: e.target.value })}>
            <option value="">{t('admin.search.any')}</option>
            {(providers.data ?? []).map((p) => (
              <option key={p.name} value={p.name}>{t(`providers.${p.name}.name`, { defaultValue: p.name })}</option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.search.status')}>
          <select className="input" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value })}>
            <option value="">{t('admin.search.any')}</option>
            {PaymentStatusSchema.options.map((s) => (
              <option key={s} value={s}>{t(`status.${s}`)}</option>
            ))}
          </select>
        </Field>
        <Button type="submit">{t('admin.search.submit')}</Button>
      </form>
      {open !== null && <PaymentDetail id={open} onClose={() => setOpen(null)} />}
      {list.isLoading ? (
        <LoadingBlock lines={4} />
      ) : list.isError || !list.data ? (
        <Banner tone="danger" role="alert">{t('admin.loadFailed')}</Banner>
      ) : list.data.length === 0 ? (
        <EmptyState compact title={t('admin.empty')} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('admin.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.columns.id')}</th>
                <th scope="col">{t('admin.columns.user')}</th>
                <th scope="col">{t('history.columns.method')}</th>
                <th scope="col">{t('history.columns.status')}</th>
                <th scope="col" className="num">{t('history.columns.amount')}</th>
                <th scope="col">{t('history.columns.date')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <button type="button" className="link" onClick={() => setOpen(p.id)} aria-label={t('admin.open', { id: p.id })}>
                      #{p.id}
                    </button>
                  </td>
                  <td>{p.email}</td>
                  <td>{t(`providers.${p.provider}.name`, { defaultValue: p.provider })}</td>
                  <td><Badge tone={TONE[p.status]}>{t(`status.${p.status}`)}</Badge></td>
                  <td className="num">${p.amount}</td>
                  <td>{p.createdAt.replace('T', ' ').slice(0, 16)} UTC</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
