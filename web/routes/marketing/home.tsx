import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { HomePrices } from '#web/features/pricing/home-prices.tsx';
import { preloadPrices } from '#web/features/pricing/use-prices.ts';
import { HomeStatistics, preloadHomeStatistics } from '#web/features/statistics/home-summary.tsx';
import type { PageLoaderArgs } from '#web/lib/page.ts';
import { JsonLd } from '#web/components/seo/json-ld.tsx';
import { useAppSelector } from '#web/store/hooks.ts';

const CUSTOMER_STEPS = ['register', 'integrate', 'receive'] as const;
const WORKER_STEPS = ['signup', 'train', 'earn'] as const;
const TYPES = ['normal', 'text', 'recaptchaV2', 'recaptchaV3', 'hcaptcha', 'turnstile', 'geetest', 'funcaptcha', 'grid', 'coordinates', 'rotate', 'audio'] as const;

/** Spec §2: the home page loads the captcha prices and the statistics summary on the server, so they are in its HTML. */
export async function loader({ store, lang }: PageLoaderArgs) {
  await Promise.all([preloadPrices(store, lang), preloadHomeStatistics(store, lang)]);
  return null;
}

export default function HomePage() {
  const { t } = useTranslation('home');
  const sites = useAppSelector((s) => s.app.sites);
  const brandName = useAppSelector((s) => s.app.brandName);
  return (
    <>
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <JsonLd data={{ '@type': 'Organization', name: brandName, url: `${sites.intl}/`, logo: `${sites.intl}/favicon.svg`, description: t('meta.description') }} />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
            <h1 className="hero__title">{t('hero.title')}</h1>
            <p className="hero__lead">{t('hero.lead')}</p>
            <div className="hero__actions cluster" id="order-captchas">
              <LocalizedLink to="/#customers" className={buttonClassName('primary', 'lg')}>{t('hero.ctaCustomer')}</LocalizedLink>
              <LocalizedLink to="/#workers" className={buttonClassName('secondary', 'lg')}>{t('hero.ctaWorker')}</LocalizedLink>
            </div>
          </div>
          <div className="hero__visual" aria-hidden="true">
            <pre className="hero__code"><code>{`curl "$HOST/in.php?key=$KEY&method=userrecaptcha\\
  &googlekey=6Le-wvkSAAAA…&pageurl=…&json=1"
{"status":1,"request":"2122988149"}

curl "$HOST/res.php?key=$KEY&action=get&id=2122988149&json=1"
{"status":1,"request":"03AGdBq24PBCbwiDRaS_MJ7Z…"}`}</code></pre>
          </div>
        </div>
      </section>

      <section className="section" id="customers" aria-labelledby="customers-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="customers-title">{t('customers.title')}</h2>
            <p className="muted">{t('customers.lead')}</p>
          </header>
          <ol className="steps">
            {CUSTOMER_STEPS.map((s, i) => (
              <li key={s} className="steps__item">
                <span className="steps__number" aria-hidden="true">{i + 1}</span>
                <h3>{t(`customers.steps.${s}.title`)}</h3>
                <p className="muted">{t(`customers.steps.${s}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <HomePrices />

      <HomeStatistics />

      <section className="section section--alt" id="workers" aria-labelledby="workers-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="workers-title">{t('workers.title')}</h2>
            <p className="muted">{t('workers.lead')}</p>
          </header>
          <ol className="steps">
            {WORKER_STEPS.map((s, i) => (
              <li key={s} className="steps__item">
                <span className="steps__number" aria-hidden="true">{i + 1}</span>
                <h3>{t(`workers.steps.${s}.title`)}</h3>
                <p className="muted">{t(`workers.steps.${s}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" id="captcha-types" aria-labelledby="types-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="types-title">{t('types.title')}</h2>
            <p className="muted">{t('types.lead')}</p>
          </header>
          <ul className="type-grid">
            {TYPES.map((type) => (
              <li key={type} className="type-grid__item">
                <h3 className="type-grid__name">{t(`types.items.${type}.name`)}</h3>
                <p className="muted">{t(`types.items.${type}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
