import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { TOPUP_MAX_USD, TOPUP_MIN_USD, TOPUP_PRESETS_USD } from '#shared/contracts/payments.ts';
import { Button } from '#web/components/button/button.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { checkAmount } from './amount.ts';
import { useGetPaymentProvidersQuery, useStartTopUpMutation } from './api.ts';
import { paymentErrorKey } from './errors.ts';

/**
 * /addbalance: an amount (presets or custom), a payment method, the total, then the provider's checkout.
 * `promo` renders the optional promo code field for the amount being paid (the route composes it
 * from the promotions feature) and `promoCode` is the code it accepted, sent with the top-up.
 */
export function TopUpForm({
  lang,
  navigate = (url: string) => window.location.assign(url),
  promo,
  promoCode = null,
  only,
  note,
}: {
  lang: string;
  /** The closing note, when the method's timing differs from the usual (a coin's confirmations). */
  note?: string;
  /** Offer this one method only (a coin's own page, /pay/cryptocurrency-…). */
  only?: string;
  navigate?: (url: string) => void;
  promo?: (amount: string | null) => ReactNode;
  promoCode?: string | null;
}) {
  const { t } = useTranslation('payments');
  const providers = useGetPaymentProvidersQuery();
  const [start, started] = useStartTopUpMutation();
  const [amountText, setAmountText] = useState('25');
  const [provider, setProvider] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

  if (providers.isLoading) return <LoadingBlock lines={4} />;
  const list = (providers.data ?? []).filter((p) => only === undefined || p.name === only);
  if (providers.isError) {
    return (
      <Banner tone="danger" role="alert">
        {t('errors.loadProviders')} <Button variant="secondary" onClick={() => void providers.refetch()}>{t('retry')}</Button>
      </Banner>
    );
  }
  if (list.length === 0) return <EmptyState title={t('form.noProviders.title')} description={t('form.noProviders.text')} />;

  const chosen = provider ?? list[0]!.name;
  const checked = checkAmount(amountText);
  const problem = 'problem' in checked ? checked.problem : null;
  const fee = list.find((p) => p.name === chosen)?.feePercent ?? 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!('amount' in checked)) return;
    const res = await start({ amount: checked.amount, provider: chosen, language: lang, ...(promoCode ? { promoCode } : {}) });
    if ('data' in res && res.data) navigate(res.data.redirectUrl);
  };

  return (
    <form className="stack stack--lg topup" onSubmit={(e) => void submit(e)} noValidate>
      <Card title={t('form.amount.title')} description={t('form.amount.lead', { min: TOPUP_MIN_USD, max: TOPUP_MAX_USD.toLocaleString('en') })}>
        <div className="stack">
          <div className="topup__presets" role="group" aria-label={t('form.amount.presets')}>
            {TOPUP_PRESETS_USD.map((usd) => (
              <button
                key={usd}
                type="button"
                className={`chip${amountText.trim() === String(usd) ? ' chip--active' : ''}`}
                aria-pressed={amountText.trim() === String(usd)}
                onClick={() => setAmountText(String(usd))}
              >
                ${usd}
              </button>
            ))}
          </div>
          <Field label={t('form.amount.label')} hint={t('form.amount.hint')} error={touched && problem ? t(`form.amount.problems.${problem}`, { min: TOPUP_MIN_USD, max: TOPUP_MAX_USD.toLocaleString('en') }) : undefined} required>
            <TextInput inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} onBlur={() => setTouched(true)} className="topup__amount" />
          </Field>
        </div>
      </Card>
      <Card title={t('form.method.title')}>
        <fieldset className="topup__methods">
          <legend className="visually-hidden">{t('form.method.title')}</legend>
          {list.map((p) => (
            <label key={p.name} className={`topup__method${p.name === chosen ? ' topup__method--chosen' : ''}`}>
              <input type="radio" name="provider" value={p.name} checked={p.name === chosen} onChange={() => setProvider(p.name)} />
              <span className="stack stack--xs">
                <strong>{t(`providers.${p.name}.name`, { defaultValue: p.name })}</strong>
                <span className="text-sm text-secondary">{t(`providers.${p.name}.text`, { defaultValue: '' })}</span>
              </span>
              <span className="text-sm muted">{p.feePercent ? t('form.method.fee', { percent: p.feePercent }) : t('form.method.noFee')}</span>
            </label>
          ))}
        </fieldset>
      </Card>
      {promo?.('amount' in checked ? checked.amount : null)}
      <div className="topup__total">
        <p>
          {t('form.total')}{' '}
          <strong data-testid="topup-total">{'amount' in checked ? `$${(Number(checked.amount) * (1 + fee / 100)).toFixed(2)}` : '—'}</strong>
        </p>
        <Button type="submit" size="lg" disabled={started.isLoading}>
          {started.isLoading ? t('form.redirecting') : t('form.pay')}
        </Button>
      </div>
      {started.isError && (
        <Banner tone="danger" role="alert">
          {t(paymentErrorKey(started.error))}
        </Banner>
      )}
      <p className="text-sm muted">{note ?? t('form.note')}</p>
    </form>
  );
}
