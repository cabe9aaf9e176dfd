import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import type { PayoutMethod, PayoutSummaryView } from '#shared/contracts/payouts.ts';
import { formatMoney, parseMoney } from '#shared/money.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Stat } from '#web/components/ui/stat.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { usePayoutSummaryQuery, useRequestPayoutMutation, useRequestFundsReturnMutation } from './api.ts';
import { payoutErrorDetails, payoutErrorKey } from './errors.ts';
import { utcFormatter } from './format.ts';

const AMOUNT = /^\d{1,6}(\.\d{1,2})?$/;

function feeOf(m: { feeFixed: string; feePercent: string }, amount: number): number {
  return parseMoney(m.feeFixed) + Math.floor((amount * Math.round(Number(m.feePercent) * 100)) / 10_000);
}

function Figures({ s }: { s: PayoutSummaryView }) {
  const { t } = useTranslation('partner');
  return (
    <div className="stat-grid" data-testid="payout-figures">
      <Stat label={t('payout.balance')} value={`$${s.balance}`} />
      <Stat label={t('payout.withdrawable')} value={<span data-testid="withdrawable">${s.withdrawable}</span>} hint={t('payout.withdrawableHint')} />
      <Stat label={t('payout.nonWithdrawable')} value={`$${s.nonWithdrawable}`} hint={t('payout.nonWithdrawableHint')} />
      <Stat label={t('payout.pending')} value={`$${s.pending}`} hint={t('payout.pendingHint')} />
    </div>
  );
}

function PayoutRequestForm({ s, lang }: { s: PayoutSummaryView; lang: string }) {
  const { t } = useTranslation('partner');
  const [request, requested] = useRequestPayoutMutation();
  const withWallet = s.methods.filter((m) => m.wallet);
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const chosen = withWallet.find((m) => m.method === method) ?? withWallet[0];
  const when = utcFormatter(lang);

  if (!chosen) {
    return (
      <Card as="section" title={t('payout.formTitle')}>
        <div className="stack">
          <p>{t('payout.noWallet')}</p>
          <div>
            <LocalizedLink to="/partner/payment_edit" className={buttonClassName('primary', 'md')}>{t('payout.addWallet')}</LocalizedLink>
          </div>
        </div>
      </Card>
    );
  }
  const valid = AMOUNT.test(amount.trim()) && Number(amount) > 0;
  const micros = valid ? parseMoney(amount.trim()) : 0;
  const fee = valid ? feeOf(chosen, micros) : 0;
  const problem = !valid ? t('payout.amountInvalid') : micros < parseMoney(chosen.minAmount) ? t('payout.belowMinimum', { min: chosen.minAmount }) : undefined;
  const wallet = chosen.wallet!;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    const res = await request({ method: chosen.method, amount: amount.trim() });
    if ('data' in res) {
      setAmount('');
      setTouched(false);
    }
  };
  const details = requested.isError ? payoutErrorDetails(requested.error) : {};
  return (
    <Card as="section" title={t('payout.formTitle')} description={t('payout.formLead')}>
      <form className="stack payout-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('payout.formTitle')}>
        <div className="grid-2 grid--tight">
          <Field label={t('payout.method')} hint={t('payout.methodTerms', { min: chosen.minAmount, fee: chosen.feeFixed, percent: chosen.feePercent })}>
            <select className="input select" name="method" value={chosen.method} onChange={(e) => setMethod(e.target.value as PayoutMethod)}>
              {withWallet.map((m) => (
                <option key={m.method} value={m.method}>{t(`methods.${m.method}`)}</option>
              ))}
            </select>
          </Field>
          <Field label={t('payout.amount')} hint={t('payout.amountHint', { max: s.withdrawable })} error={touched ? problem : undefined} required>
            <TextInput name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </Field>
        </div>
        <p className="text-sm" data-testid="payout-destination">
          {t('payout.destination', { method: t(`methods.${chosen.method}`) })} <span className="mono break">{wallet.address}</span>
          {!wallet.usable && wallet.usableAt && <> — {t('wallets.holdUntil', { date: when.format(new Date(wallet.usableAt)) })}</>}
        </p>
        {valid && fee < micros && <p className="text-sm muted">{t('payout.netPreview', { fee: formatMoney(fee), net: formatMoney(micros - fee) })}</p>}
        <p className="text-sm muted">{t('payout.irreversible')}</p>
        <div>
          <Button type="submit" loading={requested.isLoading}>{t('payout.submit')}</Button>
        </div>
        {requested.isError && <Banner tone="danger" role="alert">{t(payoutErrorKey(requested.error), details)}</Banner>}
        {requested.isSuccess && (
          <Banner tone="success" role="status">
            {t('payout.requested', { id: requested.data.id, amount: requested.data.amount })} <LocalizedLink to="/partner/history_payment">{t('nav.history')}</LocalizedLink>
          </Banner>
        )}
      </form>
    </Card>
  );
}

function ReturnFundsForm({ s }: { s: PayoutSummaryView }) {
  const { t } = useTranslation('partner');
  const [send, sent] = useRequestFundsReturnMutation();
  const [amount, setAmount] = useState(s.balance);
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState(false);
  const amountProblem = !AMOUNT.test(amount.trim()) || Number(amount) <= 0 ? t('payout.amountInvalid') : undefined;
  const detailsProblem = details.trim().length < 5 ? t('returns.detailsRequired') : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (amountProblem || detailsProblem) return;
    await send({ amount: amount.trim(), details: details.trim() });
  };
  return (
    <Card as="section" title={t('returns.title')} description={t('returns.lead')}>
      <form className="stack payout-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('returns.title')}>
        <Field label={t('payout.amount')} error={touched ? amountProblem : undefined} required>
          <TextInput name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field label={t('returns.details')} hint={t('returns.detailsHint')} error={touched ? detailsProblem : undefined} required>
          {(control) => <textarea {...control} className="input textarea" rows={4} maxLength={2000} value={details} onChange={(e) => setDetails(e.target.value)} />}
        </Field>
        <div>
          <Button type="submit" loading={sent.isLoading}>{t('returns.submit')}</Button>
        </div>
        {sent.isError && <Banner tone="danger" role="alert">{t(payoutErrorKey(sent.error))}</Banner>}
        {sent.isSuccess && <Banner tone="success" role="status">{t('returns.sent')}</Banner>}
      </form>
    </Card>
  );
}

/**
 * /partner/payment: what may leave and the request form. An account that deposited is a customer:
 * it gets no withdraw action, only the "return funds" request (field research §2.6).
 */
export function PayoutPanel({ lang }: { lang: string }) {
  const { t } = useTranslation('partner');
  const { data, isLoading, isError, error, refetch } = usePayoutSummaryQuery();
  if (isLoading) return <LoadingBlock lines={5} />;
  if (isError || !data) {
    return (
      <Banner tone="danger" role="alert">
        {t(payoutErrorKey(error))} <Button variant="secondary" onClick={() => void refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  return (
    <div className="stack stack--lg">
      <Figures s={data} />
      {data.mode === 'return_funds' ? (
        <>
          <Banner tone="info" data-testid="return-funds-notice">{t('returns.notice')}</Banner>
          <ReturnFundsForm s={data} />
        </>
      ) : (
        <PayoutRequestForm s={data} lang={lang} />
      )}
    </div>
  );
}
