import { useTranslation } from '#web/lib/i18n-react.ts';
import type { ProxyPriceList } from '#shared/contracts/proxy.ts';
import { PROXY_COUNTRIES, PROXY_LANDINGS, formatProxyUsername, type ProxyPlanType } from '#shared/proxy/catalog.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { breadcrumbList, JsonLd } from '#web/components/seo/json-ld.tsx';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';
import { formatMoneyIn, proxyErrorKey } from './format.ts';

/** What a landing is about: one of the ten proxy types, or one of the ten local-proxy countries. */
export type ProxyLandingSubject = { kind: 'type'; key: string; planType: ProxyPlanType; protocol: string } | { kind: 'country'; key: string };

export interface ProxyLandingProps {
  subject: ProxyLandingSubject;
  prices: { list: ProxyPriceList | undefined; isLoading: boolean; error: unknown; retry(): void };
}

/** The price a landing shows for an offer: the country's own, else the offer's. */
const shownPrice = (o: ProxyPriceList['offers'][number], country?: string) => (country && o.countries[country]) || o.price;

/**
 * Structured data of a proxy landing: the product with one Offer per price shown (per GB or per
 * IP for the package period, UN/CEFACT E34 = gigabyte, C62 = one) and the breadcrumbs shown.
 */
function ProxyJsonLd({ title, lead, list, planTypes, country, crumbs }: { title: string; lead: string; list: ProxyPriceList | undefined; planTypes: readonly ProxyPlanType[]; country?: string; crumbs: { name: string; path: string }[] }) {
  const { lang, path } = useCurrentPage();
  const sites = useAppSelector((s) => s.app.sites);
  const brandName = useAppSelector((s) => s.app.brandName);
  const url = (p: string) => canonicalUrl(sites, lang, p);
  const offers = (list?.offers ?? []).filter((o) => planTypes.includes(o.planType));
  return (
    <JsonLd
      data={{
        '@graph': [
          {
            '@type': 'Product',
            name: title,
            description: lead,
            url: url(path),
            brand: { '@type': 'Organization', name: brandName },
            ...(list && offers.length > 0
              ? {
                  offers: offers.map((o) => ({
                    '@type': 'Offer',
                    url: url(path),
                    price: shownPrice(o, country),
                    priceCurrency: list.currency,
                    availability: 'https://schema.org/InStock',
                    priceSpecification: {
                      '@type': 'UnitPriceSpecification',
                      price: shownPrice(o, country),
                      priceCurrency: list.currency,
                      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: o.unit === 'gb' ? 'E34' : 'C62' },
                    },
                  })),
                }
              : {}),
          },
          breadcrumbList([...crumbs, { name: title, path }].map((c) => ({ name: c.name, url: url(c.path) }))),
        ],
      }}
    />
  );
}

function PriceTable({ list, planTypes, country }: { list: ProxyPriceList; planTypes: readonly ProxyPlanType[]; country?: string }) {
  const { t, i18n } = useTranslation('proxy');
  const offers = list.offers.filter((o) => planTypes.includes(o.planType));
  return (
    <div className="proxy-prices" data-testid="proxy-prices">
      {offers.map((o) => {
        const price = shownPrice(o, country);
        return (
          <div key={`${o.planType}:${o.unit}`} className="proxy-prices__item" data-offer={`${o.planType}:${o.unit}`} data-amount={price}>
            <p className="proxy-prices__label">{t(`types.${o.planType}.name`)}</p>
            <p className="proxy-prices__value num">{formatMoneyIn(price, list.currency, i18n.language)}</p>
            <p className="text-sm muted">{o.unit === 'gb' ? t('landing.perGb', { days: list.packageDays }) : t('landing.perIp', { days: list.packageDays })}</p>
            {price !== o.listPrice && !country && <p className="text-sm muted"><s>{formatMoneyIn(o.listPrice, list.currency, i18n.language)}</s></p>}
          </div>
        );
      })}
    </div>
  );
}

/**
 * One template for the proxy landings (`/proxy/{type}-proxies`, `/proxy/local-proxies/{country}`):
 * the copy comes from the `proxy` catalogue by subject, the prices live from /api/v2/proxy/prices.
 */
export function ProxyLanding({ subject, prices }: ProxyLandingProps) {
  const { t } = useTranslation('proxy');
  const base = subject.kind === 'type' ? `landing.types.${subject.key}` : `countries.${subject.key}`;
  const countryName = subject.kind === 'country' ? t(`countries.${subject.key}.name`) : '';
  const title = subject.kind === 'type' ? t(`${base}.title`) : t('landing.countryTitle', { country: countryName });
  const lead = t(`${base}.lead`, { country: countryName });
  const points = t(subject.kind === 'type' ? `${base}.points` : 'landing.countryPoints', { returnObjects: true, country: countryName }) as string[];
  const planTypes: readonly ProxyPlanType[] = subject.kind === 'type' ? [subject.planType] : ['residential', 'mobile', 'datacenter', 'isp'];
  const example = formatProxyUsername({
    login: 'u1a2b3c4d',
    planType: subject.kind === 'type' ? subject.planType : 'residential',
    ...(subject.kind === 'country' ? { country: subject.key } : {}),
    session: 'k7m2p9',
    lifetime: 30,
  });
  const scheme = subject.kind === 'type' && subject.protocol === 'socks5' ? 'socks5h' : 'http';
  const gw = prices.list?.gateway ?? { host: 'proxy.example', httpPort: 8080, socksPort: 1080 };
  const others = PROXY_LANDINGS.filter((l) => !(subject.kind === 'type' && l.key === subject.key));
  return (
    <>
      <title>{t('meta.landing', { title })}</title>
      <meta name="description" content={lead} />
      <ProxyJsonLd
        title={title}
        lead={lead}
        list={prices.list}
        planTypes={planTypes}
        {...(subject.kind === 'country' ? { country: subject.key } : {})}
        crumbs={[
          { name: t('landing.home'), path: '/' },
          subject.kind === 'country' ? { name: t('landing.localProxies'), path: '/proxy/local-proxies' } : { name: t('landing.proxies'), path: '/proxy/residential' },
        ]}
      />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <nav aria-label={t('landing.breadcrumb')}>
              <ol className="breadcrumbs">
                <li><LocalizedLink to="/" className="link">{t('landing.home')}</LocalizedLink></li>
                <li>
                  {subject.kind === 'country' ? (
                    <LocalizedLink to="/proxy/local-proxies" className="link">{t('landing.localProxies')}</LocalizedLink>
                  ) : (
                    <LocalizedLink to="/proxy/residential" className="link">{t('landing.proxies')}</LocalizedLink>
                  )}
                </li>
                <li aria-current="page">{title}</li>
              </ol>
            </nav>
            <p className="page-header__eyebrow">{t('landing.eyebrow')}</p>
            <h1 className="page-header__title">{title}</h1>
            <p className="page-header__lead">{lead}</p>
          </div>
          <div className="page-header__actions">
            <LocalizedLink to="/proxy" className={buttonClassName('primary', 'lg')}>{t('landing.ctaBuy')}</LocalizedLink>
            <LocalizedLink to="/proxy/api" className={buttonClassName('secondary', 'lg')}>{t('landing.ctaDocs')}</LocalizedLink>
          </div>
        </div>
      </header>

      <section className="section section--tight" aria-labelledby="proxy-landing-prices">
        <div className="container stack">
          <h2 id="proxy-landing-prices">{subject.kind === 'country' ? t('landing.pricesIn', { country: countryName }) : t('landing.prices')}</h2>
          {prices.isLoading ? (
            <LoadingBlock lines={2} />
          ) : prices.error || !prices.list ? (
            <Banner tone="danger">{t(proxyErrorKey(prices.error))} <Button variant="tertiary" onClick={prices.retry}>{t('retry')}</Button></Banner>
          ) : (
            <PriceTable list={prices.list} planTypes={planTypes} {...(subject.kind === 'country' ? { country: subject.key } : {})} />
          )}
          <p className="text-sm muted">{t('landing.pricesNote')}</p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="proxy-landing-why">
        <div className="container stack">
          <h2 id="proxy-landing-why">{t('landing.why')}</h2>
          <ul className="proxy-points">
            {points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="proxy-landing-how">
        <div className="container stack">
          <h2 id="proxy-landing-how">{t('landing.how')}</h2>
          <ol className="proxy-steps">
            {(t('landing.steps', { returnObjects: true }) as string[]).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <pre className="proxy-code"><code>{`curl -x ${scheme}://${example}:PASSWORD@${gw.host}:${scheme === 'http' ? gw.httpPort : gw.socksPort} https://api.ipify.org`}</code></pre>
          <p className="text-sm muted">{t('landing.syntax')} <LocalizedLink to="/proxy/api" className="link">{t('landing.syntaxLink')}</LocalizedLink></p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="proxy-landing-more">
        <div className="container stack">
          <h2 id="proxy-landing-more">{t('landing.more')}</h2>
          <ul className="proxy-links">
            {others.map((l) => (
              <li key={l.slug}><LocalizedLink to={`/proxy/${l.slug}`} className="link">{t(`landing.types.${l.key}.title`)}</LocalizedLink></li>
            ))}
          </ul>
          <h3>{t('landing.localProxies')}</h3>
          <ul className="proxy-links">
            {PROXY_COUNTRIES.filter((c) => !(subject.kind === 'country' && c === subject.key)).map((c) => (
              <li key={c}><LocalizedLink to={`/proxy/local-proxies/${c}`} className="link">{t('landing.countryTitle', { country: t(`countries.${c}.name`) })}</LocalizedLink></li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

/** /proxy/local-proxies: the ten countries, each a link to its page. */
export function LocalProxiesIndex({ prices }: Pick<ProxyLandingProps, 'prices'>) {
  const { t, i18n } = useTranslation('proxy');
  const residential = prices.list?.offers.find((o) => o.planType === 'residential' && o.unit === 'gb');
  return (
    <>
      <title>{t('meta.landing', { title: t('local.title') })}</title>
      <meta name="description" content={t('local.lead')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <p className="page-header__eyebrow">{t('landing.eyebrow')}</p>
            <h1 className="page-header__title">{t('local.title')}</h1>
            <p className="page-header__lead">{t('local.lead')}</p>
          </div>
          <div className="page-header__actions">
            <LocalizedLink to="/proxy" className={buttonClassName('primary', 'lg')}>{t('landing.ctaBuy')}</LocalizedLink>
          </div>
        </div>
      </header>
      <section className="section section--tight">
        <div className="container">
          <ul className="proxy-countries" data-testid="local-proxies">
            {PROXY_COUNTRIES.map((c) => (
              <li key={c} className="proxy-countries__item">
                <LocalizedLink to={`/proxy/local-proxies/${c}`} className="proxy-countries__link">
                  <span className="proxy-countries__name">{t(`countries.${c}.name`)}</span>
                  {residential && prices.list && (
                    <span className="text-sm muted">{t('local.from', { price: formatMoneyIn(residential.countries[c] ?? residential.price, prices.list.currency, i18n.language) })}</span>
                  )}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

