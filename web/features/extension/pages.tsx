/**
 * The browser extension's page and the workaround product's pages (issue 14 #4, spec §2):
 * `/captcha-bypass-extension`, `/captcha-workaround`, `/captcha-workaround/pay`. One template
 * (header band, sections alternating); the live prices and payment methods come from the routes,
 * which read the pricing and payments features. Texts: the `extension` i18n namespace.
 */
import { useTranslation } from '#web/lib/i18n-react.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';

/** The extension's zip, built by `npm run build` (scripts/build-extension.mjs), served by the demo routes. */
export const EXTENSION_DOWNLOAD = '/api/v1/captcha-bypass-extension/download';

/** A captcha type's live price, formatted by the route. */
export interface PriceRow {
  type: string;
  name: string;
  price: string;
}

/** Something loaded live: the rows, or loading, or an error with a retry. */
export interface Live<T> {
  rows: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

/** A payment method the site accepts now, named and ranged by the route. */
export interface ProviderRow {
  name: string;
  label: string;
  text: string;
  range: string;
}

type Crumb = { to?: string; label: string };

function Header({ title, lead, crumbs, eyebrow, action }: { title: string; lead: string; crumbs: Crumb[]; eyebrow: string; action?: React.ReactNode }) {
  const { t } = useTranslation('extension');
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
          <p className="page-header__eyebrow">{eyebrow}</p>
          <h1 className="page-header__title">{title}</h1>
          <p className="page-header__lead">{lead}</p>
        </div>
        <div className="page-header__actions">
          {action ?? <a href={EXTENSION_DOWNLOAD} className={buttonClassName('primary', 'lg')} download>{t('extension.download')}</a>}
        </div>
      </div>
    </header>
  );
}

function Section({ id, title, alt = false, children }: { id: string; title: string; alt?: boolean; children: React.ReactNode }) {
  return (
    <section className={alt ? 'section section--alt' : 'section section--tight'} aria-labelledby={id}>
      <div className="container stack">
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </section>
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
  return <ul className="extension-bullets">{items.map((s) => <li key={s}>{s}</li>)}</ul>;
}

function Questions({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="stack stack--sm landing-faq">
      {items.map((item) => (
        <details key={item.q} className="landing-faq__item"><summary>{item.q}</summary><p>{item.a}</p></details>
      ))}
    </div>
  );
}

function Failed({ text, retry }: { text: string; retry(): void }) {
  const { t } = useTranslation('extension');
  return (
    <Banner tone="danger">
      {text} <Button variant="tertiary" onClick={retry}>{t('retry')}</Button>
    </Banner>
  );
}

/** `/captcha-bypass-extension`: what the extension does, how to install and set it up. */
export function ExtensionPage({ origin }: { origin: string }) {
  const { t } = useTranslation('extension');
  const where = { origin: origin || t('extension.thisSite') };
  return (
    <>
      <title>{t('extension.metaTitle')}</title>
      <meta name="description" content={t('extension.lead')} />
      <Header eyebrow={t('extension.eyebrow')} title={t('extension.title')} lead={t('extension.lead')} crumbs={[{ label: t('extension.title') }]} />
      <Section id="ext-does" title={t('extension.doesTitle')}>
        <List items={t('extension.does', { returnObjects: true }) as string[]} />
      </Section>
      <Section id="ext-install" title={t('extension.installTitle')} alt>
        <List ordered items={t('extension.install', { returnObjects: true, ...where }) as string[]} />
        <p><a href={EXTENSION_DOWNLOAD} className={buttonClassName('secondary')} download>{t('extension.download')}</a></p>
      </Section>
      <Section id="ext-options" title={t('extension.optionsTitle')}>
        <ul className="grid-2 grid--tight">
          {(t('extension.options', { returnObjects: true, ...where }) as { q: string; a: string }[]).map((o) => (
            <li key={o.q} className="card">
              <div className="card__body stack stack--xs"><h3 className="card__title">{o.q}</h3><p>{o.a}</p></div>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="ext-supported" title={t('extension.supportedTitle')} alt>
        <List items={t('extension.supported', { returnObjects: true }) as string[]} />
        <p className="muted">
          {t('extension.tryIt')} <LocalizedLink to="/demo/normal" className="link">{t('extension.demoNormal')}</LocalizedLink>, <LocalizedLink to="/demo/text" className="link">{t('extension.demoText')}</LocalizedLink>.
        </p>
      </Section>
      <Section id="ext-errors" title={t('extension.errorsTitle')}>
        <List items={t('extension.errors', { returnObjects: true }) as string[]} />
      </Section>
      <Section id="ext-privacy" title={t('extension.privacyTitle')} alt>
        <p>{t('extension.privacy')}</p>
        <p>
          {t('links')} <LocalizedLink to="/captcha-workaround" className="link">{t('workaround.title')}</LocalizedLink> · <LocalizedLink to="/captcha-workaround/pay" className="link">{t('pay.title')}</LocalizedLink>
        </p>
      </Section>
    </>
  );
}

function PriceTable({ prices }: { prices: Live<PriceRow> }) {
  const { t } = useTranslation('extension');
  if (prices.isLoading) return <LoadingBlock lines={3} />;
  if (prices.error || !prices.rows) return <Failed text={t('workaround.pricesError')} retry={prices.retry} />;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="workaround-prices">
        <caption className="visually-hidden">{t('workaround.pricesTitle')}</caption>
        <thead><tr><th scope="col">{t('workaround.type')}</th><th scope="col" className="num">{t('workaround.per1000')}</th></tr></thead>
        <tbody>
          {prices.rows.map((r) => (
            <tr key={r.type} data-type={r.type}><td>{r.name}</td><td className="num">{r.price}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/captcha-workaround`: the product — what it is, how it works, what it costs now. */
export function WorkaroundPage({ prices }: { prices: Live<PriceRow> }) {
  const { t } = useTranslation('extension');
  return (
    <>
      <title>{t('workaround.metaTitle')}</title>
      <meta name="description" content={t('workaround.lead')} />
      <Header eyebrow={t('workaround.eyebrow')} title={t('workaround.title')} lead={t('workaround.lead')} crumbs={[{ label: t('workaround.title') }]} />
      <Section id="wa-what" title={t('workaround.whatTitle')}>
        <p>{t('workaround.what')}</p>
        <List ordered items={t('workaround.how', { returnObjects: true }) as string[]} />
      </Section>
      <Section id="wa-prices" title={t('workaround.pricesTitle')} alt>
        <p className="muted">{t('workaround.pricesLead')}</p>
        <PriceTable prices={prices} />
        <p><LocalizedLink to="/pricing" className="link">{t('workaround.allPrices')}</LocalizedLink></p>
      </Section>
      <Section id="wa-start" title={t('workaround.startTitle')}>
        <div className="extension-actions">
          <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary')}>{t('workaround.register')}</LocalizedLink>
          <LocalizedLink to="/captcha-workaround/pay" className={buttonClassName('secondary')}>{t('pay.title')}</LocalizedLink>
          <LocalizedLink to="/captcha-bypass-extension" className={buttonClassName('secondary')}>{t('extension.title')}</LocalizedLink>
          <LocalizedLink to="/api-docs" className={buttonClassName('secondary')}>{t('workaround.docs')}</LocalizedLink>
        </div>
      </Section>
    </>
  );
}

function Providers({ providers }: { providers: Live<ProviderRow> }) {
  const { t } = useTranslation('extension');
  if (providers.isLoading) return <LoadingBlock lines={2} />;
  if (providers.error || !providers.rows) return <Failed text={t('pay.providersError')} retry={providers.retry} />;
  if (providers.rows.length === 0) return <p>{t('pay.providersEmpty')} <LocalizedLink to="/support" className="link">{t('pay.contact')}</LocalizedLink></p>;
  return (
    <ul className="grid-3 grid--tight" data-testid="workaround-providers">
      {providers.rows.map((p) => (
        <li key={p.name} className="card">
          <div className="card__body stack stack--xs">
            <h3 className="card__title">{p.label}</h3>
            {p.text ? <p className="muted text-sm">{p.text}</p> : null}
            <p className="text-sm">{p.range}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** `/captcha-workaround/pay`: how to pay — the steps, the methods accepted now, the prices. */
export function WorkaroundPayPage({ prices, providers }: { prices: Live<PriceRow>; providers: Live<ProviderRow> }) {
  const { t } = useTranslation('extension');
  return (
    <>
      <title>{t('pay.metaTitle')}</title>
      <meta name="description" content={t('pay.lead')} />
      <Header eyebrow={t('workaround.title')} title={t('pay.title')} lead={t('pay.lead')} crumbs={[{ to: '/captcha-workaround', label: t('workaround.title') }, { label: t('pay.title') }]}
        action={<LocalizedLink to="/addbalance" className={buttonClassName('primary', 'lg')}>{t('pay.topUp')}</LocalizedLink>}
      />
      <Section id="pay-how" title={t('pay.howTitle')}>
        <List ordered items={t('pay.how', { returnObjects: true }) as string[]} />
        <div className="extension-actions">
          <LocalizedLink to="/addbalance" className={buttonClassName('secondary')}>{t('pay.topUp')}</LocalizedLink>
          <LocalizedLink to="/pay" className={buttonClassName('secondary')}>{t('pay.methods')}</LocalizedLink>
          <LocalizedLink to="/pay/history_payment" className={buttonClassName('secondary')}>{t('pay.history')}</LocalizedLink>
        </div>
      </Section>
      <Section id="pay-providers" title={t('pay.providersTitle')} alt>
        <p className="muted">{t('pay.providersLead')}</p>
        <Providers providers={providers} />
      </Section>
      <Section id="pay-prices" title={t('workaround.pricesTitle')}>
        <p className="muted">{t('pay.pricesLead')}</p>
        <PriceTable prices={prices} />
      </Section>
      <Section id="pay-faq" title={t('pay.faqTitle')} alt>
        <Questions items={t('pay.faq', { returnObjects: true }) as { q: string; a: string }[]} />
      </Section>
    </>
  );
}
