import { useTranslation } from '#web/lib/i18n-react.ts';

interface Section {
  title: string;
  paragraphs: string[];
}

/** A legal text from the `legal` namespace: a title, an effective date and numbered sections. */
export function LegalDocument({ doc }: { doc: 'terms' | 'payment' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${doc}.sections`, { returnObjects: true }) as Section[];
  return (
    <article className="section">
      <title>{t(`${doc}.title`)}</title>
      {/* The opening paragraph says what the document covers. */}
      <meta name="description" content={sections[0]?.paragraphs[0] ?? t(`${doc}.title`)} />
      <div className="container prose stack">
        <h1>{t(`${doc}.title`)}</h1>
        <p className="muted">{t('effective', { date: '2026-11-01' })}</p>
        {sections.map((s, i) => (
          <section key={i} aria-labelledby={`${doc}-${i}`}>
            <h2 id={`${doc}-${i}`}>{`${i + 1}. ${s.title}`}</h2>
            {s.paragraphs.map((p, j) => (
              <p key={j}>{p}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  );
}
