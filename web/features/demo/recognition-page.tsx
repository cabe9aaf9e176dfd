import { useTranslation } from '#web/lib/i18n-react.ts';
import type { RecognitionExample, RecognitionList } from '#shared/contracts/demo.ts';
import { DEMOS } from '#shared/demo/catalog.ts';
import { Button, buttonClassName } from '#web/components/button/button.tsx';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';

export interface RecognitionPageProps {
  /** One demo's examples (`/captcha-recognition/{slug}`), or all of them. */
  slug: string | null;
  data: RecognitionList | undefined;
  isLoading: boolean;
  isError: boolean;
  retry(): void;
  lang: string;
}

function Example({ ex, lang }: { ex: RecognitionExample; lang: string }) {
  const { t } = useTranslation('demo');
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(ex.createdAt));
  const seconds = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(ex.solveSeconds);
  return (
    <li className="recognition-card" data-testid="recognition-example" data-example-id={ex.id}>
      <div className="recognition-card__media">
        {ex.image ? <img src={ex.image} alt={t('recognition.imageAlt', { name: t(`demos.${ex.slug}.name`) })} className="demo-image" loading="lazy" decoding="async" /> : <p className="demo-question">{ex.question}</p>}
      </div>
      <dl className="recognition-card__facts">
        <div><dt>{t('recognition.demo')}</dt><dd><LocalizedLink to={`/demo/${ex.slug}`} className="link">{t(`demos.${ex.slug}.name`)}</LocalizedLink></dd></div>
        <div><dt>{t('recognition.answer')}</dt><dd><code className="demo-inline-code" data-testid="recognition-answer">{ex.answer}</code></dd></div>
        <div><dt>{t('recognition.time')}</dt><dd className="num">{t('recognition.seconds', { n: seconds })}</dd></div>
        <div><dt>{t('recognition.when')}</dt><dd>{when} UTC</dd></div>
      </dl>
      <details className="recognition-card__params">
        <summary>{t('recognition.params')}</summary>
        <pre className="demo-code"><code>{JSON.stringify(ex.params, null, 2)}</code></pre>
      </details>
    </li>
  );
}

/** `/captcha-recognition` and `/captcha-recognition/{slug}`: real solves of our demo captchas through the API. */
export function RecognitionPage({ slug, data, isLoading, isError, retry, lang }: RecognitionPageProps) {
  const { t } = useTranslation('demo');
  const name = slug ? t(`demos.${slug}.name`) : null;
  const title = name ? t('recognition.titleOf', { name }) : t('recognition.title');
  const own = DEMOS.filter((d) => d.own);
  return (
    <>
      <title>{t('recognition.metaTitle', { title })}</title>
      <meta name="description" content={name ? t('recognition.metaDescriptionOf', { name }) : t('recognition.lead')} />
      <header className="page-header page-header--band">
        <div className="container page-header__inner">
          <div className="page-header__content">
            <nav aria-label={t('nav.breadcrumb')}>
              <ol className="breadcrumbs">
                <li><LocalizedLink to="/" className="link">{t('nav.home')}</LocalizedLink></li>
                {slug ? <li><LocalizedLink to="/captcha-recognition" className="link">{t('recognition.title')}</LocalizedLink></li> : null}
                <li aria-current="page">{name ?? t('recognition.title')}</li>
              </ol>
            </nav>
            <p className="page-header__eyebrow">{t('nav.eyebrow')}</p>
            <h1 className="page-header__title">{title}</h1>
            <p className="page-header__lead">{t('recognition.lead')}</p>
          </div>
        </div>
      </header>
      <section className="section section--tight" aria-labelledby="recognition-list">
        <div className="container stack">
          <h2 id="recognition-list">{t('recognition.latest')}</h2>
          <nav aria-label={t('recognition.filter')}>
            <ul className="demo-filter">
              <li><LocalizedLink to="/captcha-recognition" className={slug ? 'demo-filter__link' : 'demo-filter__link demo-filter__link--on'} aria-current={slug ? undefined : 'page'}>{t('recognition.all')}</LocalizedLink></li>
              {own.map((d) => (
                <li key={d.slug}>
                  <LocalizedLink to={`/captcha-recognition/${d.slug}`} className={slug === d.slug ? 'demo-filter__link demo-filter__link--on' : 'demo-filter__link'} aria-current={slug === d.slug ? 'page' : undefined}>
                    {t(`demos.${d.slug}.name`)}{data?.counts[d.slug] ? ` (${data.counts[d.slug]})` : ''}
                  </LocalizedLink>
                </li>
              ))}
            </ul>
          </nav>
          {isLoading ? <LoadingBlock lines={3} /> : null}
          {isError ? (
            <Banner tone="danger">
              {t('recognition.error')} <Button variant="tertiary" onClick={retry}>{t('form.retry')}</Button>
            </Banner>
          ) : null}
          {data && data.examples.length === 0 ? (
            <EmptyState
              title={t('recognition.emptyTitle')}
              description={t('recognition.empty')}
              action={<LocalizedLink to={`/demo/${slug ?? 'normal'}`} className={buttonClassName('primary')}>{t('recognition.tryDemo')}</LocalizedLink>}
            />
          ) : null}
          {data && data.examples.length > 0 ? (
            <ul className="recognition-list">{data.examples.map((ex) => <Example key={ex.id} ex={ex} lang={lang} />)}</ul>
          ) : null}
          <p className="text-sm muted">{t('recognition.source')}</p>
        </div>
      </section>
    </>
  );
}
