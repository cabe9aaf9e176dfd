import { useTranslation } from '#web/lib/i18n-react.ts';

const SECTIONS = ['what', 'how', 'principles'] as const;

export default function AboutPage() {
  const { t } = useTranslation('about');
  return (
    <article className="section">
      <title>{t('meta.title')}</title>
      <meta name="description" content={t('meta.description')} />
      <div className="container prose stack">
        <h1>{t('title')}</h1>
        <p className="lead">{t('lead')}</p>
        {SECTIONS.map((s) => (
          <section key={s} aria-labelledby={`about-${s}`}>
            <h2 id={`about-${s}`}>{t(`sections.${s}.title`)}</h2>
            <p>{t(`sections.${s}.text`)}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
