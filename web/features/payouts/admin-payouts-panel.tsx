import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PAYOUT_METHODS, type AdminPayoutQuery, type AdminPayoutView, type PayoutMethod, type PayoutMethodView } from '#shared/contracts/payouts.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import {
  approvedCsvUrl,
  useAdminPayoutMethodsQuery,
  useAdminPayoutsQuery,
  useApprovePayoutMutation,
  useCloseFundsReturnMutation,
  useMarkPayoutSentMutation,
  useRejectPayoutMutation,
  useSendPayoutMutation,
  useUpdatePayoutMethodMutation,
} from './api.ts';
import { payoutErrorKey } from './errors.ts';
import { PAYOUT_TONE } from './history.tsx';

type StatusFilter = AdminPayoutQuery['status'];
const STATUSES: StatusFilter[] = ['open', 'requested', 'approved', 'sent', 'rejected'];

/**
 * The actions of one payout: approve; send through the method's provider, or mark sent by hand with
 * a reference; reject with a reason (money returned).
 */
function PayoutActions({ p, provider }: { p: AdminPayoutView; provider: string | undefined }) {
  const { t } = useTranslation('partner');
  const [approve, approving] = useApprovePayoutMutation();
  const [markSent, sending] = useMarkPayoutSentMutation();
  const [send, sendingVia] = useSendPayoutMutation();
  const [reject, rejecting] = useRejectPayoutMutation();
  const [mode, setMode] = useState<'sent' | 'reject' | null>(null);
  const [text, setText] = useState('');
  const failed = approving.error ?? sending.error ?? sendingVia.error ?? rejecting.error;
  if (p.status === 'sent' || p.status === 'rejected') return <span className="text-sm muted">{p.reference ?? p.rejectReason}</span>;
  const submit = async () => {
    if (text.trim().length < 3) return;
    const res = mode === 'sent' ? await markSent({ id: p.id, reference: text.trim() }) : await reject({ id: p.id, reason: text.trim() });
    if ('data' in res) setMode(null);
  };
  return (
    <div className="stack stack--xs payout-actions">
      {mode === null ? (
        <div className="cluster">
          {p.status === 'requested' && <Button loading={approving.isLoading} onClick={() => void approve(p.id)}>{t('admin.approve')}</Button>}
          {p.status === 'approved' && provider && (
            <Button loading={sendingVia.isLoading} title={t('admin.sendHint')} onClick={() => void send(p.id)}>{t('admin.send', { provider })}</Button>
          )}
          {p.status === 'approved' && <Button variant={provider ? 'secondary' : 'primary'} onClick={() => (setMode('sent'), setText(''))}>{t('admin.markSent')}</Button>}
          <Button variant="secondary" onClick={() => (setMode('reject'), setText(''))}>{t('admin.reject')}</Button>
        </div>
      ) : (
        <form className="stack stack--xs" onSubmit={(e) => (e.preventDefault(), void submit())}>
          <Field label={mode === 'sent' ? t('admin.reference') : t('admin.reason')}>
            <TextInput name={mode === 'sent' ? 'reference' : 'reason'} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          </Field>
          <div className="cluster">
            <Button type="submit" variant={mode === 'reject' ? 'primary-danger' : 'primary'} loading={sending.isLoading || rejecting.isLoading} disabled={text.trim().length < 3}>
              {mode === 'sent' ? t('admin.confirmSent') : t('admin.confirmReject')}
            </Button>
            <Button variant="tertiary" onClick={() => setMode(null)}>{t('admin.cancel')}</Button>
          </div>
        </form>
      )}
      {failed && <Banner tone="danger" role="alert">{t(payoutErrorKey(failed))}</Banner>}
    </div>
  );
}

function ReturnClose({ id }: { id: number }) {
  const { t } = useTranslation('partner');
  const [close, closing] = useCloseFundsReturnMutation();
  const [note, setNote] = useState('');
  return (
    <form className="payout-return-close" onSubmit={(e) => (e.preventDefault(), note.trim().length >= 3 && void close({ id, note: note.trim() }))}>
      <TextInput aria-label={t('admin.returnNote')} placeholder={t('admin.returnNote')} value={note} onChange={(e) => setNote(e.target.value)} />
      <Button type="submit" variant="secondary" loading={closing.isLoading} disabled={note.trim().length < 3}>{t('admin.closeReturn')}</Button>
    </form>
  );
}

/** One payout method's row: enabled, minimum and fees, saved together (the server keeps the fee below the minimum). */
function MethodRow({ m, provider }: { m: PayoutMethodView; provider: string | undefined }) {
  const { t } = useTranslation('partner');
  const [update, updating] = useUpdatePayoutMethodMutation();
  const [form, setForm] = useState(m);
  const dirty = form.enabled !== m.enabled || form.minAmount !== m.minAmount || form.feeFixed !== m.feeFixed || form.feePercent !== m.feePercent;
  const label = t(`methods.${m.method}`);
  const set = (key: 'minAmount' | 'feeFixed' | 'feePercent') => (e: ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: e.target.value });
  return (
    <tr data-testid={`payout-method-${m.method}`}>
      <th scope="row">{label}</th>
      <td>
        <input type="checkbox" aria-label={`${t('admin.methodEnabled')}: ${label}`} checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
      </td>
      <td><TextInput aria-label={`${t('admin.minAmount')}: ${label}`} inputMode="decimal" value={form.minAmount} onChange={set('minAmount')} /></td>
      <td><TextInput aria-label={`${t('admin.feeFixed')}: ${label}`} inputMode="decimal" value={form.feeFixed} onChange={set('feeFixed')} /></td>
      <td><TextInput aria-label={`${t('admin.feePercent')}: ${label}`} inputMode="decimal" value={form.feePercent} onChange={set('feePercent')} /></td>
      <td>{provider ?? <span className="muted">{t('admin.manual')}</span>}</td>
      <td>
        <div className="stack stack--xs">
          <Button variant="secondary" loading={updating.isLoading} disabled={!dirty} onClick={() => void update(form)}>{t('admin.save')}</Button>
          {updating.isSuccess && !dirty && <span className="text-sm muted" role="status">{t('admin.saved')}</span>}
          {updating.error && <Banner tone="danger" role="alert">{t(payoutErrorKey(updating.error))}</Banner>}
        </div>
      </td>
    </tr>
  );
}

/** The payout methods: switch on or off, minimum and fees; which provider sends each. */
function PayoutMethodsEditor({ providers }: { providers: Partial<Record<PayoutMethod, string>> }) {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, error } = useAdminPayoutMethodsQuery();
  return (
    <section className="stack" aria-labelledby="admin-methods-heading">
      <h3 id="admin-methods-heading">{t('admin.methodsTitle')}</h3>
      <p className="text-sm muted">{t('admin.methodsLead')}</p>
      {isLoading ? (
        <LoadingBlock lines={2} />
      ) : isError || !data ? (
        <Banner tone="danger" role="alert">{t(payoutErrorKey(error))}</Banner>
      ) : (
        <div className="table-wrap">
          <table className="table partner-table">
            <caption className="visually-hidden">{t('admin.methodsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.method')}</th>
                <th scope="col">{t('admin.methodEnabled')}</th>
                <th scope="col">{t('admin.minAmount')}</th>
                <th scope="col">{t('admin.feeFixed')}</th>
                <th scope="col">{t('admin.feePercent')}</th>
                <th scope="col">{t('admin.provider')}</th>
                <th scope="col"><span className="visually-hidden">{t('admin.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {data.map((m) => <MethodRow key={m.method} m={m} provider={providers[m.method]} />)}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /p/admin, tab Payouts: the queue with filters and risk figures, the mass-payout CSV, return requests. */
export function AdminPayoutsPanel() {
  const { t } = useTranslation('partner');
  const [status, setStatus] = useState<StatusFilter>('open');
  const [method, setMethod] = useState<PayoutMethod | ''>('');
  const [user, setUser] = useState('');
  const [q, setQ] = useState('');
  const { data, isLoading, isFetching, isError, error, refetch } = useAdminPayoutsQuery({ status, method: method || undefined, user: q || undefined });
  return (
    <div className="stack stack--lg">
      <form className="payout-filters" onSubmit={(e) => (e.preventDefault(), setQ(user.trim()))}>
        <Field label={t('admin.status')}>
          <select className="input select" value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)}>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`admin.statuses.${s}`)}</option>)}
          </select>
        </Field>
        <Field label={t('admin.method')}>
          <select className="input select" value={method} onChange={(e) => setMethod(e.target.value as PayoutMethod | '')}>
            <option value="">{t('admin.anyMethod')}</option>
            {PAYOUT_METHODS.map((m) => <option key={m} value={m}>{t(`methods.${m}`)}</option>)}
          </select>
        </Field>
        <Field label={t('admin.user')}>
          <TextInput value={user} onChange={(e) => setUser(e.target.value)} placeholder={t('admin.userPlaceholder')} />
        </Field>
        <div className="cluster">
          <Button type="submit" variant="secondary" loading={isFetching}>{t('admin.search')}</Button>
          <a className={buttonClassName('tertiary', 'md')} href={approvedCsvUrl(method || undefined)} download>{t('admin.csv')}</a>
        </div>
      </form>
      {isLoading ? (
        <LoadingBlock lines={4} />
      ) : isError || !data ? (
        <Banner tone="danger" role="alert">
          {t(payoutErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
        </Banner>
      ) : (
        <>
          <p className="text-sm muted">{t('admin.totals', { requested: data.totals.requested, approved: data.totals.approved })}</p>
          {data.payouts.length === 0 ? (
            <EmptyState compact headingLevel={3} title={t('admin.empty')} />
          ) : (
            <div className="table-wrap">
              <table className="table partner-table" data-testid="admin-payouts">
                <caption className="visually-hidden">{t('admin.tab')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('history.columns.id')}</th>
                    <th scope="col">{t('admin.user')}</th>
                    <th scope="col">{t('history.columns.wallet')}</th>
                    <th scope="col" className="num">{t('history.columns.amount')}</th>
                    <th scope="col">{t('admin.risk')}</th>
                    <th scope="col">{t('history.columns.status')}</th>
                    <th scope="col">{t('admin.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.payouts.map((p) => (
                    <tr key={p.id} data-testid={`admin-payout-${p.id}`}>
                      <td>#{p.id}</td>
                      <td className="break">#{p.userId} {p.email}</td>
                      <td>
                        {t(`methods.${p.method}`)}
                        <br />
                        <span className="mono break text-sm">{p.address}</span>
                      </td>
                      <td className="num">${p.amount}<br /><span className="text-sm muted">{t('admin.net', { net: p.net })}</span></td>
                      <td className="text-sm">
                        {t('admin.riskLine', { days: p.risk.accountAgeDays, rate: p.risk.mistakeRate ?? '—', answers: p.risk.answers, earned: p.risk.earned, paid: p.risk.paidOut })}
                        {p.risk.walletChangedRecently && <> <Badge tone="warning">{t('admin.walletRecent')}</Badge></>}
                      </td>
                      <td><Badge tone={PAYOUT_TONE[p.status]}>{t(`status.${p.status}`)}</Badge></td>
                      <td><PayoutActions p={p} provider={data.providers[p.method]} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <PayoutMethodsEditor providers={data.providers} />
          <section className="stack" aria-labelledby="admin-returns-heading">
            <h3 id="admin-returns-heading">{t('admin.returns')}</h3>
            {data.returns.length === 0 ? (
              <p className="muted">{t('admin.noReturns')}</p>
            ) : (
              <ul className="stack stack--sm partner-list">
                {data.returns.map((r) => (
                  <Card as="li" key={r.id}>
                    <div className="stack stack--xs">
                      <strong>#{r.id} · #{r.userId} {r.email} · ${r.amount}</strong>
                      <p className="text-sm">{r.details}</p>
                      <ReturnClose id={r.id} />
                    </div>
                  </Card>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
