import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { ENTERPRISE_PERIODS, type EnterprisePlan } from '#shared/contracts/support.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useBuyEnterpriseMutation, useEnterpriseAutoRenewMutation, useEnterpriseConditionsQuery, useEnterprisePricingQuery } from './api.ts';
import { dateTimeFormatter, supportErrorKey } from './format.ts';

/** The currency a language's visitors see first (the prices can be switched). */
export const currencyOfLanguage = (lang: string) => (lang === 'ru' ? 'RUB' : lang === 'zh' ? 'CNY' : 'USD');
const CURRENCIES = ['USD', 'RUB', 'CNY'] as const;

function money(amount: string, currency: string, lang: string) {
  return new Intl.NumberFormat(lang, { style: 'currency', currency, maximumFractionDigits: 0 }).format(Number(amount));
}

/** /support/enterprise: the plans (§7 pricing), the rules (§7 conditions), buying from the balance (§7 buy). */
export function EnterpriseSupport({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('support');
  const { lang, path, to } = useCurrentPage();
  const [currency, setCurrency] = useState<string>(currencyOfLanguage(lang));
  const pricing = useEnterprisePricingQuery({ currency });
  const conditions = useEnterpriseConditionsQuery({ currency });
  const [buy, buying] = useBuyEnterpriseMutation();
  const [autoRenew] = useEnterpriseAutoRenewMutation();
  const [months, setMonths] = useState<1 | 3 | 12>(1);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const when = dateTimeFormatter(lang);

  if (pricing.isLoading || conditions.isLoading) return <LoadingBlock lines={6} />;
  if (!pricing.data || !conditions.data) {
    return (
      <Banner tone="danger" role="alert">
        {t(supportErrorKey(pricing.error ?? conditions.error))} <Button variant="secondary" onClick={() => { void pricing.refetch(); void conditions.refetch(); }}>{t('retry')}</Button>
      </Banner>
    );
  }
  const sub = conditions.data.subscription;
  const prices = pricing.data;

  async function purchase(plan: EnterprisePlan) {
    setMessage(null);
    const res = await buy({ plan, months, autoRenew: true });
    if ('error' in res) setMessage({ tone: 'danger', text: t(supportErrorKey(res.error)) });
    else setMessage({ tone: 'success', text: t('enterprise.bought', { plan: t(`enterprise.plans.${plan}.name`), date: when.format(new Date(res.data.subscription.expiresAt)), balance: res.data.balance }) });
  }

  return (
    <div className="stack stack--xl">
      {sub && (
        <Banner tone={sub.active ? 'success' : 'info'} role="status">
          <span data-testid="enterprise-current">
            {t(sub.active ? 'enterprise.current' : 'enterprise.prepaid', { plan: t(`enterprise.plans.${sub.plan}.name`), date: when.format(new Date(sub.expiresAt)) })}
          </span>{' '}
          <Button variant="tertiary" onClick={() => void autoRenew({ autoRenew: !sub.autoRenew })}>
            {sub.autoRenew ? t('enterprise.autoRenewOff') : t('enterprise.autoRenewOn')}
          </Button>
        </Banner>
      )}
      {message && <Banner tone={message.tone} role={message.tone === 'danger' ? 'alert' : 'status'}>{message.text}</Banner>}
      <div className="cluster cluster--between">
        <fieldset className="support-periods">
          <legend className="field__label">{t('enterprise.period')}</legend>
          <div className="cluster cluster--sm">
            {ENTERPRISE_PERIODS.map((m) => (
              <label key={m} className="support-chip">
                <input type="radio" name="months" value={m} checked={months === m} onChange={() => setMonths(m)} />
                {t('enterprise.months', { count: m })}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="cluster cluster--sm text-sm">
          {t('enterprise.currency')}
          <select className="input select" value={currency} onChange={(e) => setCurrency(e.target.value)} name="currency">
            {CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
        </label>
      </div>
      <div className="support-cards">
        {prices.plans.map((p) => {
          const period = p.periods.find((x) => x.months === months)!;
          return (
            <Card key={p.plan} as="section" title={t(`enterprise.plans.${p.plan}.name`)} description={t(`enterprise.plans.${p.plan}.for`)} headingLevel={2} actions={sub?.active && sub.plan === p.plan ? <Badge tone="success">{t('enterprise.yourPlan')}</Badge> : undefined} data-testid={`plan-${p.plan}`}>
              <div className="stack stack--sm">
                <p className="support-price">
                  <strong>{money(p.monthly, prices.currency, lang)}</strong> <span className="text-secondary">{t('enterprise.perMonth')}</span>
                </p>
                <p className="text-sm">
                  {t('enterprise.periodPrice', { count: months, price: money(period.price, prices.currency, lang) })}
                  {period.discountPercent > 0 && <> · <Badge tone="info">−{period.discountPercent}%</Badge></>}
                  {prices.currency !== 'USD' && <span className="text-secondary"> ({t('enterprise.chargedUsd', { usd: period.priceUsd })})</span>}
                </p>
                <ul className="support-features">
                  <li>{t('enterprise.responseHours', { count: p.responseHours })}</li>
                  <li>{t('enterprise.rateLimit', { multiplier: p.rateLimitMultiplier })}</li>
                  {p.features.filter((f) => f !== 'rateLimits').map((f) => <li key={f}>{t(`enterprise.features.${f}`)}</li>)}
                </ul>
                {signedIn ? (
                  <Button variant="primary" loading={buying.isLoading} onClick={() => void purchase(p.plan)} disabled={sub?.active === true && sub.plan !== p.plan}>
                    {sub?.plan === p.plan ? t('enterprise.extend', { count: months }) : t('enterprise.buy', { count: months })}
                  </Button>
                ) : (
                  <LocalizedLink to={`/auth/login?return_to=${encodeURIComponent(to(path))}`} className={buttonClassName('primary', 'md')}>{t('enterprise.signIn')}</LocalizedLink>
                )}
              </div>
            </Card>
          );
        })}
      </div>
      <section className="stack stack--sm" aria-labelledby="ent-conditions">
        <h2 id="ent-conditions" className="support-subheading">{t('enterprise.conditionsTitle')}</h2>
        <ul className="support-features">
          <li>{t('enterprise.conditions.payment')}</li>
          <li>{t('enterprise.conditions.renewal')}</li>
          <li>{t('enterprise.conditions.refund')}</li>
          <li>{t('enterprise.conditions.priority')}</li>
          <li>{t('enterprise.conditions.minimum', { amount: money(conditions.data.minimumBalance, conditions.data.currency, lang) })}</li>
        </ul>
      </section>
    </div>
  );
}
