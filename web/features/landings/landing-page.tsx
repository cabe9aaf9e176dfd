import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n-react.ts';
import { TYPE_FAMILY } from '#shared/captcha-types/docs/catalog.ts';
import { LANDINGS, type LandingDef } from '#shared/landings/catalog.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { breadcrumbList, faqPage, JsonLd } from '#web/components/seo/json-ld.tsx';
import { canonicalUrl } from '#shared/i18n/routing.ts';
import { useCurrentPage } from '#web/lib/use-page.ts';
import { useAppSelector } from '#web/store/hooks.ts';

/** The live figures of the landing's type, already formatted in the page's currency and language. */
export interface LandingFigures {
  /** The price of 1000 now, e.g. "$0.50" or "45,00 ₽"; `amount` is the raw decimal string. */
  price: string;
  amount: string;
  /** ISO 4217 code of `amount` (the price list's currency). */
  currency: string;
  floor: string;
  cap: string;
  worker: string;
  /** Average seconds from upload to answer over the last 24 h, formatted ("35,8"); absent without solved tasks. */
  avgSolveSeconds?: string;
  discount?: { percent: number; until: string; list: string };
}

export interface LandingState {
  /** Figures of the type; null while the type is switched off (the price list leaves it out). */
  figures: LandingFigures | null | undefined;
  isLoading: boolean;
  error: unknown;
  retry(): void;
}

export interface LandingPageProps {
  landing: LandingDef;
  live: LandingState;
  /** The code samples block (the API reference's generator), composed by the route. */
  samples: ReactNode;
  /** `/demo/{slug}` when that demo page exists. */
  demoPath?: string;
  /** Whether the API reference pages exist (`/api-docs/{type}`). */
  hasDocs: boolean;
}

/** Display name of a landing: its own, or the registry type's from the price list's catalogue. */
export function useLandingName(): (landing: LandingDef) => string {
  const { t } = useTranslation(['landings', 'pricing']);
  return (landing) => (landing.ownName ? t(`landings:pages.${landing.slug}.name`) : t(`pricing:types.${landing.type}`));
}

/** Image kinds are solved by reading a picture; every other family returns a token. */
export function landingKind(landing: LandingDef): 'image' | 'token' {
  return TYPE_FAMILY[landing.type] === 'image-captcha' ? 'image' : 'token';
}

function LiveFigures({ live }: { live: LandingState }) {
  const { t } = useTranslation('landings');
  if (live.isLoading) return <LoadingBlock lines={2} />;
  if (live.error) {
    return (
      <Banner tone="danger">
        {t('stats.error')}{' '}
        <Button variant="tertiary" onClick={live.retry}>{t('stats.retry')}</Button>
      </Banner>
    );
  }
  const f = live.figures;
  if (!f) return <Banner tone="warning">{t('stats.off')}</Banner>;
  return (
    <div className="stack stack--sm">
      <div className="landing-figures">
        <div className="landing-figures__item" data-testid="landing-price" data-amount={f.amount}>
          <p className="landing-figures__label">{t('stats.price')}</p>
          <p className="landing-figures__value num">{f.price}</p>
          <p className="text-sm muted">
            {f.discount ? t('stats.discount', { percent: f.discount.percent, date: f.discount.until, list: f.discount.list }) : t('stats.range', { floor: f.floor, cap: f.cap })}
          </p>
        </div>
        <div className="landing-figures__item" data-testid="landing-time">
          <p className="landing-figures__label">{t('stats.time')}</p>
          {f.avgSolveSeconds !== undefined ? (
            <p className="landing-figures__value num">{t('stats.seconds', { n: f.avgSolveSeconds })}</p>
          ) : (
            <p className="landing-figures__value landing-figures__value--none">{t('stats.noTime')}</p>
          )}
          <p className="text-sm muted">{t('stats.worker', { amount: f.worker })}</p>
        </div>
      </div>
      <p className="text-sm muted">{t('stats.source')}</p>
    </div>
  );
}

/**
 * `/p/{slug}`: one template for every captcha-type landing — the promise, the live price and
 * solve time, how it works, the code, questions, and the way on (docs, demo, sign-up).
 */
export function LandingPage({ landing, live, samples, demoPath, hasDocs }: LandingPageProps) {
  const { t } = useTranslation('landings');
  const nameOf = useLandingName();
  const name = nameOf(landing);
  const kind = landingKind(landing);
  const promise = t(`pages.${landing.slug}.promise`);
  const steps = t(`how.${kind}`, { returnObjects: true }) as string[];
  const faq = t(`faq.${kind}`, { returnObjects: true, name }) as { q: string; a: string }[];
  const docsPath = `/api-docs/${landing.type}`;
  const others = LANDINGS.filter((l) => l.slug !== landing.slug);
  const { lang } = useCurrentPage();
  const sites = useAppSelector((s) => s.app.sites);
  const brandName = useAppSelector((s) => s.app.brandName);
  const url = (path: string) => canonicalUrl(sites, lang, path);
  const figures = live.figures;
  return (
    <>
      <title>{t('meta.title', { name })}</title>
      <meta name="description" content={t('meta.description', { promise })} />
      {/* Structured data: the service with its live price per 1000, the breadcrumbs and the questions shown below. */}
      <JsonLd
        data={{
          '@graph': [
            {
              '@type': 'Product',
              name,
              description: promise,
              url: url(`/p/${landing.slug}`),
              brand: { '@type': 'Organization', name: brandName },
              ...(figures
                ? {
                    offers: {
                      '@type': 'Offer',
                      url: url(`/p/${landing.slug}`),
                      price: figures.amount,
                      priceCurrency: figures.currency,
                      availability: 'https://schema.org/InStock',
                      priceSpecification: {
                        '@type': 'UnitPriceSpecification',
                        price: figures.amount,
                        priceCurrency: figures.currency,
                        referenceQuantity: { '@type': 'QuantitativeValue', value: 1000, unitCode: 'C62' },
                      },
                    },
                  }
                : {}),
            },
            breadcrumbList([
              { name: t('hero.home'), url: url('/') },
              { name: t('hero.pricing'), url: url('/pricing') },
              { name, url: url(`/p/${landing.slug}`) },
            ]),
            faqPage(faq),
          ],
        }}
      />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <nav aria-label={t('hero.breadcrumb')}>
              <ol className="breadcrumbs">
                <li><LocalizedLink to="/" className="link">{t('hero.home')}</LocalizedLink></li>
                <li><LocalizedLink to="/pricing" className="link">{t('hero.pricing')}</LocalizedLink></li>
                <li aria-current="page">{name}</li>
              </ol>
            </nav>
            <p className="page-header__eyebrow">{t('hero.eyebrow')}</p>
            <h1 className="page-header__title">{name}</h1>
            <p className="page-header__lead">{promise}</p>
          </div>
          <div className="page-header__actions">
            <LocalizedLink to="/auth/register?userType=customer" className={buttonClassName('primary', 'lg')}>
              {t('hero.ctaKey')}
            </LocalizedLink>
            {hasDocs && (
              <LocalizedLink to={docsPath} className={buttonClassName('secondary', 'lg')}>
                {t('hero.ctaDocs')}
              </LocalizedLink>
            )}
            {demoPath && (
              <LocalizedLink to={demoPath} className={buttonClassName('secondary', 'lg')}>
                {t('hero.ctaDemo')}
              </LocalizedLink>
            )}
          </div>
        </div>
      </header>

      <section className="section section--tight" aria-labelledby="landing-live">
        <div className="container stack">
          <h2 id="landing-live">{t('stats.title')}</h2>
          <LiveFigures live={live} />
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="landing-how">
        <div className="container stack">
          <h2 id="landing-how">{t('how.title')}</h2>
          <ol className="steps">
            {steps.map((step, i) => (
              <li key={step} className="steps__item">
                <span className="steps__number" aria-hidden="true">{i + 1}</span>
                <p className="steps__text">{step}</p>
              </li>
            ))}
          </ol>
          <div className="landing-specific">
            <h3>{t('how.specific')}</h3>
            <p>{t(`pages.${landing.slug}.how`)}</p>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="landing-code">
        <div className="container stack">
          <h2 id="landing-code">{t('sample.title')}</h2>
          <p className="muted">{t('sample.lead')}</p>
          {samples}
          {hasDocs && (
            <p>
              <LocalizedLink to={docsPath} className="link">{t('sample.more', { name })}</LocalizedLink>
            </p>
          )}
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="landing-faq">
        <div className="container stack">
          <h2 id="landing-faq">{t('faq.title')}</h2>
          <div className="stack stack--sm landing-faq">
            {faq.map((item) => (
              <details key={item.q} className="landing-faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="landing-related">
        <div className="container stack">
          <h2 id="landing-related">{t('related.title')}</h2>
          <ul className="landing-related" data-testid="landing-related">
            {others.map((l) => (
              <li key={l.slug}>
                <LocalizedLink to={`/p/${l.slug}`} className="landing-related__link">
                  {nameOf(l)}
                </LocalizedLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

/** The samples block's own loading and error states (the route supplies the data). */
export function SamplesState({ isLoading, error, retry, children }: { isLoading: boolean; error: unknown; retry(): void; children?: ReactNode }) {
  const { t } = useTranslation('landings');
  if (isLoading) return <LoadingBlock lines={4} />;
  if (error) {
    return (
      <Banner tone="danger">
        {t('sample.error')}{' '}
        <Button variant="tertiary" onClick={retry}>{t('stats.retry')}</Button>
      </Banner>
    );
  }
  return <>{children}</>;
}
