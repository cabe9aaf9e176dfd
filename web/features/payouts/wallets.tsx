import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PAYOUT_METHODS, type PayoutMethod, type WalletView } from '#shared/contracts/payouts.ts';
import { Button } from '#web/components/button/button.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCancelPayoutWalletMutation, usePayoutWalletsQuery, useRequestPayoutWalletMutation } from './api.ts';
import { payoutErrorKey } from './errors.ts';
import { utcFormatter } from './format.ts';

function WalletLine({ wallet, lang }: { wallet: WalletView; lang: string }) {
  const { t } = useTranslation('partner');
  const [cancel, cancelling] = useCancelPayoutWalletMutation();
  const when = utcFormatter(lang);
  if (wallet.status === 'pending') {
    return (
      <div className="payout-wallet payout-wallet--pending" data-testid={`wallet-pending-${wallet.method}`}>
        <div className="stack stack--xs">
          <Badge tone="info">{t('wallets.pending')}</Badge>
          <span className="mono break">{wallet.address}</span>
          <span className="text-sm muted">{t('wallets.pendingHint', { date: when.format(new Date(wallet.requestedAt)) })}</span>
        </div>
        <Button variant="secondary" loading={cancelling.isLoading} onClick={() => void cancel(wallet.id)}>
          {t('wallets.cancel')}
        </Button>
      </div>
    );
  }
  return (
    <div className="payout-wallet" data-testid={`wallet-active-${wallet.method}`}>
      <div className="stack stack--xs">
        {wallet.usable ? <Badge tone="success">{t('wallets.usable')}</Badge> : <Badge tone="warning">{t('wallets.onHold')}</Badge>}
        <span className="mono break">{wallet.address}</span>
        {!wallet.usable && wallet.usableAt && <span className="text-sm muted">{t('wallets.holdUntil', { date: when.format(new Date(wallet.usableAt)) })}</span>}
      </div>
    </div>
  );
}

/** /partner/payment_edit: a wallet per payout method, changed through a mailed link and held before use. */
export function WalletsPanel({ lang }: { lang: string }) {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, error, refetch } = usePayoutWalletsQuery();
  const [save, saved] = useRequestPayoutWalletMutation();
  const [method, setMethod] = useState<PayoutMethod>('usdt-trc20');
  const [address, setAddress] = useState('');
  const [touched, setTouched] = useState(false);

  if (isLoading) return <LoadingBlock lines={5} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(payoutErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  const enabled = data.methods.filter((m) => m.enabled).map((m) => m.method);
  const chosen = enabled.includes(method) ? method : (enabled[0] ?? 'usdt-trc20');
  const problem = address.trim().length < 3 ? t('wallets.addressRequired') : undefined;
  const when = utcFormatter(lang);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const res = await save({ method: chosen, address: address.trim() });
    if ('data' in res) {
      setAddress('');
      setTouched(false);
    }
  };

  return (
    <div className="stack stack--lg">
      <div className="grid-2">
        {PAYOUT_METHODS.filter((m) => enabled.includes(m)).map((m) => {
          const wallets = data.wallets.filter((w) => w.method === m);
          return (
            <Card key={m} as="section" headingLevel={2} title={t(`methods.${m}`)} description={t(`wallets.describe.${m}`)}>
              {wallets.length === 0 ? (
                <p className="muted">{t('wallets.none')}</p>
              ) : (
                <div className="stack">{wallets.map((w) => <WalletLine key={w.id} wallet={w} lang={lang} />)}</div>
              )}
            </Card>
          );
        })}
      </div>

      <Card as="section" title={t('wallets.formTitle')} description={data.holdSeconds >= 3600 ? t('wallets.formLead', { hours: data.holdHours }) : t('wallets.formLeadShort', { seconds: data.holdSeconds })}>
        <form className="stack payout-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('wallets.formTitle')}>
          <div className="grid-2 grid--tight">
            <Field label={t('wallets.method')}>
              <select className="input select" name="method" value={chosen} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
                {enabled.map((m) => (
                  <option key={m} value={m}>{t(`methods.${m}`)}</option>
                ))}
              </select>
            </Field>
            <Field label={t('wallets.address')} hint={t(`wallets.hints.${chosen}`)} error={touched ? problem : undefined} required>
              <TextInput name="address" value={address} onChange={(e) => setAddress(e.target.value)} mono spellCheck={false} autoComplete="off" maxLength={300} />
            </Field>
          </div>
          <div>
            <Button type="submit" loading={saved.isLoading}>{t('wallets.submit')}</Button>
          </div>
          {saved.isError && <Banner tone="danger" role="alert">{t(payoutErrorKey(saved.error))}</Banner>}
          {saved.isSuccess && <Banner tone="success" role="status">{t('wallets.mailed')}</Banner>}
        </form>
      </Card>

      <section className="stack" aria-labelledby="wallet-log-heading">
        <h2 id="wallet-log-heading" className="partner-heading">{t('wallets.logTitle')}</h2>
        {data.events.length === 0 ? (
          <EmptyState compact title={t('wallets.logEmpty')} headingLevel={3} />
        ) : (
          <div className="table-wrap">
            <table className="table partner-table" data-testid="wallet-log">
              <caption className="visually-hidden">{t('wallets.logTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('wallets.columns.date')}</th>
                  <th scope="col">{t('wallets.columns.event')}</th>
                  <th scope="col">{t('wallets.columns.wallet')}</th>
                  <th scope="col">{t('wallets.columns.ip')}</th>
                </tr>
              </thead>
              <tbody>
                {data.events.map((e) => (
                  <tr key={e.id}>
                    <td>{when.format(new Date(e.createdAt))} UTC</td>
                    <td>{t(`wallets.events.${e.event}`)}</td>
                    <td>
                      {t(`methods.${e.method}`)} <span className="mono break">{e.address}</span>
                    </td>
                    <td className="mono">{e.ip ?? '—'}</td>
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
