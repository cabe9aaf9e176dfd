import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ProxyPriceList } from '#shared/contracts/proxy.ts';
import { PROXY_COUNTRIES } from '#shared/proxy/catalog.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { formatMoneyIn, proxyErrorKey } from './format.ts';
import type { ProxyLandingProps } from './landing.tsx';

function Table({ list }: { list: ProxyPriceList }) {
  const { t, i18n } = useTranslation('proxy');
  const money = (v: string) => formatMoneyIn(v, list.currency, i18n.language);
  return (
    <div className="table-wrap">
      <table className="table table--compact" data-testid="proxy-price-table">
        <caption className="visually-hidden">{t('pricing.caption', { currency: list.currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pricing.columns.plan')}</th>
            <th scope="col" className="num">{t('countries.mixed')}</th>
            {PROXY_COUNTRIES.map((c) => (
              <th key={c} scope="col" className="num">{t(`countries.${c}.name`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.offers.map((o) => (
            <tr key={`${o.planType}:${o.unit}`} data-offer={`${o.planType}:${o.unit}`}>
              <th scope="row">
                {t(`types.${o.planType}.name`)}
                <div className="text-sm muted">{o.unit === 'gb' ? t('landing.perGb', { days: list.packageDays }) : t('landing.perIp', { days: list.packageDays })}</div>
              </th>
              <td className="num">
                {money(o.price)}
                {o.price !== o.listPrice && <div className="text-sm muted"><s>{money(o.listPrice)}</s></div>}
              </td>
              {PROXY_COUNTRIES.map((c) => (
                <td key={c} className="num">{money(o.countries[c] ?? o.price)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /proxy/pricing: every plan's price per country, live, in the page's currency (a campaign's discount when utm_campaign names one). */
export function ProxyPricing({ prices }: Pick<ProxyLandingProps, 'prices'>) {
  const { t } = useTranslation('proxy');
  const list = prices.list;
  return (
    <>
      <title>{t('meta.landing', { title: t('pricing.title') })}</title>
      <meta name="description" content={t('pricing.lead')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <p className="page-header__eyebrow">{t('landing.eyebrow')}</p>
            <h1 className="page-header__title">{t('pricing.title')}</h1>
            <p className="page-header__lead">{t('pricing.lead')}</p>
          </div>
          <div className="page-header__actions">
            <LocalizedLink to="/proxy" className={buttonClassName('primary', 'lg')}>{t('landing.ctaBuy')}</LocalizedLink>
          </div>
        </div>
      </header>
      <section className="section section--tight">
        <div className="container stack">
          {list?.campaign && <Banner tone="success">{t('pricing.campaign', { percent: list.campaign.percent })}</Banner>}
          {prices.isLoading ? (
            <LoadingBlock lines={4} />
          ) : prices.error || !list ? (
            <Banner tone="danger">{t(proxyErrorKey(prices.error))} <Button variant="tertiary" onClick={prices.retry}>{t('retry')}</Button></Banner>
          ) : (
            <Table list={list} />
          )}
          <p className="text-sm muted">{t('landing.pricesNote')}</p>
        </div>
      </section>
    </>
  );
}
