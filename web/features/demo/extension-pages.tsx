import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';

/** The extension's zip (server/surfaces/site-api/demo.routes.ts). */
export const EXTENSION_DOWNLOAD = '/api/v1/captcha-bypass-extension/download';

/** A captcha type's live price, formatted by the route (the price list is another feature's). */
export interface PriceRow {
  type: string;
  name: string;
  price: string;
}

export interface LivePrices {
  rows: PriceRow[] | undefined;
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

function Header({ title, lead, crumbs }: { title: string; lead: string; crumbs: { to?: string; label: string }[] }) {
  const { t } = useTranslation('demo');
  return (
    <header className="page-header page-header--band">
      <div className="container page-header__inner">
        <div className="page-header__content">
          <nav aria-label={t('nav.breadcrumb')}>
            <ol className="breadcrumbs">
              <li><LocalizedLink to="/" className="link">{t('nav.home')}</LocalizedLink></li>
              {crumbs.map((c) => (c.to ? <li key={c.label}><LocalizedLink to={c.to} className="link">{c.label}</LocalizedLink></li> : <li key={c.label} aria-current="page">{c.label}</li>))}
            </ol>
          </nav>
          <p className="page-header__eyebrow">{t('extension.eyebrow')}</p>
          <h1 className="page-header__title">{title}</h1>
          <p className="page-header__lead">{lead}</p>
        </div>
        <div className="page-header__actions">
          <a href={EXTENSION_DOWNLOAD} className={buttonClassName('primary', 'lg')} download>{t('extension.download')}</a>
        </div>
      </div>
    </header>
  );
}

function List({ items, ordered = false }: { items: string[]; ordered?: boolean }) {
  if (ordered) {
    return (
      <ol className="steps">
        {items.map((s, i) => (
          <li key={s} className="steps__item"><span className="steps__number" aria-hidden="true">{i + 1}</span><p className="steps__text">{s}</p></li>
        ))}
      </ol>
    );
  }
  return <ul className="demo-bullets">{items.map((s) => <li key={s}>{s}</li>)}</ul>;
}

/** `/captcha-bypass-extension`: what the extension does and how to install and set it up. */
export function ExtensionPage({ origin }: { origin: string }) {
  const { t } = useTranslation('demo');
  return (
    <>
      <title>{t('extension.metaTitle')}</title>
      <meta name="description" content={t('extension.lead')} />
      <Header title={t('extension.title')} lead={t('extension.lead')} crumbs={[{ label: t('extension.title') }]} />
      <section className="section section--tight" aria-labelledby="ext-does">
        <div className="container stack">
          <h2 id="ext-does">{t('extension.doesTitle')}</h2>
          <List items={t('extension.does', { returnObjects: true }) as string[]} />
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="ext-install">
        <div className="container stack">
          <h2 id="ext-install">{t('extension.installTitle')}</h2>
          <List ordered items={t('extension.install', { returnObjects: true, origin: origin || t('extension.thisSite') }) as string[]} />
          <p><a href={EXTENSION_DOWNLOAD} className={buttonClassName('secondary')} download>{t('extension.download')}</a></p>
        </div>
      </section>
      <section className="section" aria-labelledby="ext-supported">
        <div className="container stack">
          <h2 id="ext-supported">{t('extension.supportedTitle')}</h2>
          <List items={t('extension.supported', { returnObjects: true }) as string[]} />
          <p className="muted">{t('extension.tryIt')} <LocalizedLink to="/demo/normal" className="link">{t('demos.normal.name')}</LocalizedLink>, <LocalizedLink to="/demo/text" className="link">{t('demos.text.name')}</LocalizedLink>.</p>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="ext-privacy">
        <div className="container stack">
          <h2 id="ext-privacy">{t('extension.privacyTitle')}</h2>
          <p>{t('extension.privacy')}</p>
          <p><LocalizedLink to="/captcha-workaround" className="link">{t('workaround.title')}</LocalizedLink> · <LocalizedLink to="/captcha-workaround/pay" className="link">{t('pay.title')}</LocalizedLink></p>
        </div>
      </section>
    </>
  );
}

function PriceTable({ prices }: { prices: LivePrices }) {
  const { t } = useTranslation('demo');
  if (prices.isLoading) return <LoadingBlock lines={3} />;
  if (prices.error || !prices.rows) {
    return (
      <Banner tone="danger">
        {t('workaround.pricesError')} <Button variant="tertiary" onClick={prices.retry}>{t('form.retry')}</Button>
      </Banner>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table" data-testid="workaround-prices">
        <caption className="visually-hidden">{t('workaround.pricesTitle')}</caption>
        <thead><tr><th scope="col">{t('workaround.type')}</th><th scope="col" className="num">{t('workaround.per1000')}</th></tr></thead>
        <tbody>
          {prices.rows.map((r) => (
            <tr key={r.type}><th scope="row">{r.name}</th><td className="num">{r.price}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/captcha-workaround`: the product — what it is, how it works, what it costs now. */
export function WorkaroundPage({ prices }: { prices: LivePrices }) {
  const { t } = useTranslation('demo');
  return (
    <>
      <title>{t('workaround.metaTitle')}</title>
      <meta name="description" content={t('workaround.lead')} />
      <Header title={t('workaround.title')} lead={t('workaround.lead')} crumbs={[{ label: t('workaround.title') }]} />
      <section className="section section--tight" aria-labelledby="wa-what">
        <div className="container stack">
          <h2 id="wa-what">{t('workaround.whatTitle')}</h2>
          <p>{t('workaround.what')}</p>
          <List ordered items={t('workaround.how', { returnObjects: true }) as string[]} />
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="wa-prices">
        <div className="container stack">
          <h2 id="wa-prices">{t('workaround.pricesTitle')}</h2>
          <p className="muted">{t('workaround.pricesLead')}</p>
          <PriceTable prices={prices} />
          <p><LocalizedLink to="/pricing" className="link">{t('workaround.allPrices')}</LocalizedLink></p>
        </div>
      </section>
      <section className="section" aria-labelledby="wa-start">
        <div className="container stack">
          <h2 id="wa-start">{t('workaround.startTitle')}</h2>
          <div className="demo-actions">
            <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary')}>{t('workaround.register')}</LocalizedLink>
            <LocalizedLink to="/captcha-workaround/pay" className={buttonClassName('secondary')}>{t('pay.title')}</LocalizedLink>
            <LocalizedLink to="/captcha-bypass-extension" className={buttonClassName('secondary')}>{t('extension.title')}</LocalizedLink>
          </div>
        </div>
      </section>
    </>
  );
}

/** `/captcha-workaround/pay`: how to pay — the balance, the payment pages, what a captcha costs. */
export function WorkaroundPayPage({ prices }: { prices: LivePrices }) {
  const { t } = useTranslation('demo');
  return (
    <>
      <title>{t('pay.metaTitle')}</title>
      <meta name="description" content={t('pay.lead')} />
      <Header title={t('pay.title')} lead={t('pay.lead')} crumbs={[{ to: '/captcha-workaround', label: t('workaround.title') }, { label: t('pay.title') }]} />
      <section className="section section--tight" aria-labelledby="pay-how">
        <div className="container stack">
          <h2 id="pay-how">{t('pay.howTitle')}</h2>
          <List ordered items={t('pay.how', { returnObjects: true }) as string[]} />
          <div className="demo-actions">
            <LocalizedLink to="/addbalance" className={buttonClassName('primary')}>{t('pay.topUp')}</LocalizedLink>
            <LocalizedLink to="/pay" className={buttonClassName('secondary')}>{t('pay.methods')}</LocalizedLink>
            <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>{t('pay.history')}</LocalizedLink>
          </div>
        </div>
      </section>
      <section className="section section--alt" aria-labelledby="pay-prices">
        <div className="container stack">
          <h2 id="pay-prices">{t('workaround.pricesTitle')}</h2>
          <p className="muted">{t('pay.pricesLead')}</p>
          <PriceTable prices={prices} />
        </div>
      </section>
      <section className="section" aria-labelledby="pay-faq">
        <div className="container stack">
          <h2 id="pay-faq">{t('pay.faqTitle')}</h2>
          <div className="stack stack--sm landing-faq">
            {(t('pay.faq', { returnObjects: true }) as { q: string; a: string }[]).map((item) => (
              <details key={item.q} className="landing-faq__item"><summary>{item.q}</summary><p>{item.a}</p></details>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
