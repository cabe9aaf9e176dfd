import { useTranslation } from '#web/lib/i18n-react.ts';
import { buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';

const KINDS = ['bonus', 'credit'] as const;
const RULES = ['once', 'expiry', 'uses', 'where'] as const;

/** /p/promocode: what promo codes are and how to use them (public). */
export default function PromocodePage() {
  const { t } = useTranslation('promotions');
  return (
    <article className="section">
      <title>{t('promocode.meta.title')}</title>
      <meta name="description" content={t('promocode.meta.description')} />
      <div className="container prose stack">
        <h1>{t('promocode.title')}</h1>
        <p className="lead">{t('promocode.lead')}</p>
        <div className="promo-kinds">
          {KINDS.map((kind) => (
            <section key={kind} className="promo-kind" aria-labelledby={`promo-kind-${kind}`}>
              <h2 id={`promo-kind-${kind}`}>{t(`promocode.kinds.${kind}.title`)}</h2>
              <p>{t(`promocode.kinds.${kind}.text`)}</p>
              <p className="text-sm muted">{t(`promocode.kinds.${kind}.example`)}</p>
            </section>
          ))}
        </div>
        <section aria-labelledby="promo-rules">
          <h2 id="promo-rules">{t('promocode.rules.title')}</h2>
          <ul>
            {RULES.map((rule) => (
              <li key={rule}>{t(`promocode.rules.${rule}`)}</li>
            ))}
          </ul>
        </section>
        <div className="cluster">
          <LocalizedLink to="/addbalance" className={buttonClassName('primary', 'lg')}>
            {t('promocode.cta')}
          </LocalizedLink>
          <LocalizedLink to="/p/discount-campaigns" className={buttonClassName('secondary', 'lg')}>
            {t('promocode.campaignsLink')}
          </LocalizedLink>
        </div>
      </div>
    </article>
  );
}
