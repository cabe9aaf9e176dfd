import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { PriceSection } from '#web/features/pricing/price-table.tsx';
import { preloadPrices, usePriceList } from '#web/features/pricing/use-prices.ts';
import type { PageLoaderArgs } from '#web/lib/page.ts';

export async function loader({ store, lang }: PageLoaderArgs) {
  await preloadPrices(store, lang);
  return null;
}

const STEPS = ['register', 'integrate', 'receive'] as const;

/** Client libraries known to speak the protocols; the Node.js pair runs in the e2e suite. */
const LIBRARIES: readonly { language: string; name: string; protocol: 'v1' | 'v2'; official?: boolean }[] = [
  { language: 'Python', name: '2captcha-python', protocol: 'v1', official: true },
  { language: 'Python', name: 'anticaptchaofficial', protocol: 'v2' },
  { language: 'JavaScript / Node.js', name: '@2captcha/captcha-solver', protocol: 'v1', official: true },
  { language: 'JavaScript / Node.js', name: '@antiadmin/anticaptchaofficial', protocol: 'v2' },
  { language: 'PHP', name: '2captcha/2captcha', protocol: 'v1', official: true },
  { language: 'Java', name: '2captcha-java', protocol: 'v1', official: true },
  { language: 'C#', name: '2captcha-csharp', protocol: 'v1', official: true },
  { language: 'Go', name: '2captcha-go', protocol: 'v1', official: true },
  { language: 'Ruby', name: '2captcha-ruby', protocol: 'v1', official: true },
];

const REGISTER = '/auth/register?userType=customer';

export default function ForCustomerPage() {
  const { t } = useTranslation('pricing');
  const prices = usePriceList();
  return (
    <>
      <title>{t('forCustomer.meta.title')}</title>
      <meta name="description" content={t('forCustomer.meta.description')} />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('forCustomer.hero.eyebrow')}</p>
            <h1 className="hero__title">{t('forCustomer.hero.title')}</h1>
            <p className="hero__lead">{t('forCustomer.hero.lead')}</p>
            <div className="hero__actions cluster">
              <LocalizedLink to={REGISTER} className={buttonClassName('primary', 'lg')}>
                {t('forCustomer.hero.register')}
              </LocalizedLink>
              <LocalizedLink to="/pricing" className={buttonClassName('secondary', 'lg')}>
                {t('forCustomer.hero.prices')}
              </LocalizedLink>
            </div>
          </div>
          <div className="hero__visual" aria-hidden="true">
            <pre className="hero__code"><code>{`# API v2, the anti-captcha way
POST /createTask
{"clientKey":"$KEY","task":{
  "type":"ImageToTextTask",
  "body":"iVBORw0KGgo…"}}
{"errorId":0,"taskId":1000000042}

POST /getTaskResult
{"clientKey":"$KEY",
 "taskId":1000000042}
{"errorId":0,"status":"ready",
 "solution":{"text":"w9h5k"}}`}</code></pre>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="fc-steps-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="fc-steps-title">{t('forCustomer.steps.title')}</h2>
            <p className="muted">{t('forCustomer.steps.lead')}</p>
          </header>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li key={s} className="steps__item">
                <span className="steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(`forCustomer.steps.${s}.title`)}</h3>
                <p className="muted">{t(`forCustomer.steps.${s}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section--alt" id="prices" aria-labelledby="fc-prices-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="fc-prices-title">{t('forCustomer.prices.title')}</h2>
            <p className="muted">{t('forCustomer.prices.lead')}</p>
          </header>
          <PriceSection prices={prices} headingLevel={3} note={false} />
          <p>
            <LocalizedLink to="/pricing" className="link">
              {t('home.all')}
            </LocalizedLink>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="fc-libraries-title">
        <div className="container stack">
          <header className="page-header">
            <h2 id="fc-libraries-title">{t('forCustomer.libraries.title')}</h2>
            <p className="muted">{t('forCustomer.libraries.lead')}</p>
          </header>
          <div className="table-wrap">
            <table className="table library-table">
              <thead>
                <tr>
                  <th scope="col">{t('forCustomer.libraries.language')}</th>
                  <th scope="col">{t('forCustomer.libraries.library')}</th>
                  <th scope="col">{t('forCustomer.libraries.protocol')}</th>
                </tr>
              </thead>
              <tbody>
                {LIBRARIES.map((lib) => (
                  <tr key={lib.name}>
                    <td>{lib.language}</td>
                    <th scope="row">
                      <code>{lib.name}</code>
                      {lib.official && <span className="library-table__note text-sm muted">{t('forCustomer.libraries.official2captcha')}</span>}
                    </th>
                    <td>{t(`forCustomer.libraries.${lib.protocol}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm muted">{t('forCustomer.libraries.tested')}</p>
          <p className="text-sm muted">{t('forCustomer.libraries.any')}</p>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="fc-cta-title">
        <div className="container cta-band">
          <div className="stack stack--sm">
            <h2 id="fc-cta-title">{t('forCustomer.cta.title')}</h2>
            <p className="muted">{t('forCustomer.cta.text')}</p>
          </div>
          <LocalizedLink to={REGISTER} className={buttonClassName('primary', 'lg')}>
            {t('forCustomer.cta.register')}
          </LocalizedLink>
        </div>
      </section>
    </>
  );
}
