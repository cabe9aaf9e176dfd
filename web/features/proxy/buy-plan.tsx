import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { PROXY_COUNTRIES, PROXY_OFFERS } from '#shared/proxy/catalog.ts';
import { Button } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field, TextInput } from '#web/components/ui/field.tsx';
import { FormMessage, LoadingBlock } from '#web/components/ui/states.tsx';
import { apiErrorCode } from '#web/store/api.ts';
import { useBuyProxyPlanMutation, useGetProxyPricesQuery } from './api.ts';
import { formatMoneyIn, proxyErrorKey, timesAmount } from './format.ts';

/** Buying a plan from the balance (USD, what the balance is kept in): offer, country, quantity, total. */
export function BuyPlan({ balance }: { balance: string }) {
  const { t, i18n } = useTranslation('proxy');
  const prices = useGetProxyPricesQuery({ currency: 'USD' });
  const [buy, state] = useBuyProxyPlanMutation();
  const [offerKey, setOfferKey] = useState('residential:gb');
  const [country, setCountry] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [done, setDone] = useState<string | null>(null);
  const [planType, unit] = offerKey.split(':') as [(typeof PROXY_OFFERS)[number]['planType'], 'gb' | 'ip'];
  const offer = prices.data?.offers.find((o) => o.planType === planType && o.unit === unit);
  const unitPrice = offer ? (country && offer.countries[country]) || offer.price : undefined;
  const qty = /^\d{1,4}$/.test(quantity) ? Number(quantity) : NaN;
  const valid = offer && Number.isInteger(qty) && qty >= offer.min && qty <= offer.max;
  const total = unitPrice && valid ? timesAmount(unitPrice, qty) : undefined;
  const money = (v: string) => formatMoneyIn(v, 'USD', i18n.language);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!valid) return;
    const res = await buy({ planType, unit, country: (country || null) as never, quantity: qty });
    if ('data' in res && res.data) setDone(t('buy.done', { amount: money(res.data.amount) }));
  };
  const error = state.isError ? t(proxyErrorKey(state.error)) : null;

  return (
    <Card title={t('buy.title')} description={t('buy.lead', { balance: money(balance) })}>
      {prices.isLoading ? (
        <LoadingBlock lines={2} />
      ) : prices.isError || !prices.data ? (
        <FormMessage error={t(proxyErrorKey(prices.error))} />
      ) : (
        <form className="stack" onSubmit={submit} data-testid="proxy-buy">
          <div className="proxy-form-row">
            <Field label={t('buy.offer')}>
              <select className="input select" value={offerKey} onChange={(e) => setOfferKey(e.target.value)}>
                {PROXY_OFFERS.map((o) => (
                  <option key={`${o.planType}:${o.unit}`} value={`${o.planType}:${o.unit}`}>
                    {t(`types.${o.planType}.name`)} · {t(`units.${o.unit}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('buy.country')}>
              <select className="input select" value={country} onChange={(e) => setCountry(e.target.value)}>
                <option value="">{t('countries.mixed')}</option>
                {PROXY_COUNTRIES.map((c) => (
                  <option key={c} value={c}>{t(`countries.${c}.name`)}</option>
                ))}
              </select>
            </Field>
            <Field label={unit === 'gb' ? t('buy.quantityGb') : t('buy.quantityIp')} error={quantity && !valid && offer ? t('buy.bounds', { min: offer.min, max: offer.max }) : undefined}>
              <TextInput inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value.trim())} />
            </Field>
          </div>
          <p className="proxy-total" aria-live="polite">
            {unitPrice && t(unit === 'gb' ? 'buy.perGb' : 'buy.perIp', { price: money(unitPrice), days: prices.data.packageDays })}
            {total && (
              <>
                {' · '}
                <strong data-testid="proxy-buy-total">{t('buy.total', { total: money(total) })}</strong>
              </>
            )}
          </p>
          <div className="cluster">
            <Button type="submit" disabled={!valid || state.isLoading} loading={state.isLoading}>
              {t('buy.submit')}
            </Button>
            {apiErrorCode(state.error) === 'INSUFFICIENT_FUNDS' && (
              <LocalizedLink to="/addbalance" className="link">{t('buy.topUp')}</LocalizedLink>
            )}
          </div>
          <FormMessage error={error} success={done} />
        </form>
      )}
    </Card>
  );
}
