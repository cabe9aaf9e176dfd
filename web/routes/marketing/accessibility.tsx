import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';

const WHO = ['vision', 'hearing', 'motor', 'cognitive', 'language'] as const;
const ALTERNATIVES = ['quiet', 'verify', 'choice'] as const;
const W3C_NOTE = 'https://www.w3.org/TR/turingtest/';

/** /p/captcha-and-accessibility: who CAPTCHAs exclude, what sites can use instead, and how a blocked person gets through (public). */
export default function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  return (
    <article className="section">
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <div className="container prose stack">
        <h1>{t('title')}</h1>
        <p className="lead">
          {t('lead')} <a href={W3C_NOTE} rel="noopener">{t('links.w3c')}</a>
        </p>
        <section aria-labelledby="a11y-who">
          <h2 id="a11y-who">{t('who.title')}</h2>
          <ul>
            {WHO.map((k) => (
              <li key={k}>{t(`who.items.${k}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-alternatives">
          <h2 id="a11y-alternatives">{t('alternatives.title')}</h2>
          <p>{t('alternatives.lead')}</p>
          <ul>
            {ALTERNATIVES.map((k) => (
              <li key={k}>{t(`alternatives.items.${k}`)}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-help" className="stack">
          <h2 id="a11y-help">{t('help.title')}</h2>
          <p>{t('help.text')}</p>
          <p>{t('help.audio')}</p>
          <p className="text-sm muted">{t('help.note')}</p>
          <div className="cluster">
            <LocalizedLink to="/captcha-bypass-extension" className={buttonClassName('primary', 'lg')}>
              {t('links.extension')}
            </LocalizedLink>
            <LocalizedLink to="/p/audio-captcha" className={buttonClassName('secondary', 'lg')}>
              {t('links.audio')}
            </LocalizedLink>
            <LocalizedLink to="/pricing" className={buttonClassName('tertiary', 'lg')}>
              {t('links.pricing')}
            </LocalizedLink>
          </div>
        </section>
      </div>
    </article>
  );
}
