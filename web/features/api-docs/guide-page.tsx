import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { GUIDE_LANGUAGES } from '#shared/captcha-types/docs/catalog.ts';
import { API_VERSIONS, type SampleLanguage } from '#shared/contracts/api-docs.ts';
import { useGetDocsIndexQuery, useGetTypeDocQuery } from './api.ts';
import { CodeBlock } from './code-samples.tsx';
import { DocsLayout, SectionHeading } from './docs-layout.tsx';
import { QUICK_START_SLUG } from './preload.ts';
import { useApiVersion } from './prefs.ts';
import { Tabs } from './tabs.tsx';

/** How each guide's program is run (the same commands the samples' first lines give). */
const RUN: Record<(typeof GUIDE_LANGUAGES)[number], string> = {
  python: 'CAPTCHA_API_KEY=… python3 solve.py',
  javascript: 'CAPTCHA_API_KEY=… node solve.mjs',
  php: 'CAPTCHA_API_KEY=… php solve.php',
  go: 'CAPTCHA_API_KEY=… go run solve.go',
  ruby: 'CAPTCHA_API_KEY=… ruby solve.rb',
  java: 'CAPTCHA_API_KEY=… java Solve.java',
  csharp: 'dotnet new console -o solve && cd solve   # put the program in Program.cs\nCAPTCHA_API_KEY=… dotnet run',
};

/** /lang: the programming languages with a guide. */
export function GuideIndexPage({ lang }: { lang: string }) {
  const { t } = useTranslation('apidocs');
  const index = useGetDocsIndexQuery(lang);
  return (
    <>
      <title>{t('guides.indexTitle')}</title>
      <meta name="description" content={t('guides.indexLead')} />
      <header className="page-header page-header--band">
        <div className="container">
          <h1 className="page-header__title">{t('guides.indexTitle')}</h1>
          <p className="page-header__lead">{t('guides.indexLead')}</p>
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={[]} index={index.data}>
          <ul className="docs-type-grid" data-testid="guide-list">
            {GUIDE_LANGUAGES.map((l) => (
              <li key={l} className="docs-type-card">
                <LocalizedLink to={`/lang/${l}`} className="docs-type-card__link">{t('guides.title', { language: t(`samples.languages.${l}`) })}</LocalizedLink>
                <span className="docs-type-card__meta">{t('guides.cardMeta')}</span>
              </li>
            ))}
          </ul>
        </DocsLayout>
      </div>
    </>
  );
}

/** /lang/{language}: an integration guide: run the program, polling or pingback, errors. */
export function GuidePage({ language, lang }: { language: (typeof GUIDE_LANGUAGES)[number]; lang: string }) {
  const { t } = useTranslation('apidocs');
  const index = useGetDocsIndexQuery(lang);
  const quick = useGetTypeDocQuery({ slug: QUICK_START_SLUG, language: lang });
  const [version, setVersion] = useApiVersion();
  const name = t(`samples.languages.${language}`);
  const toc = [
    { id: 'program', label: t('guides.programTitle') },
    { id: 'run', label: t('guides.runTitle') },
    { id: 'polling', label: t('guides.pollingTitle') },
    { id: 'errors', label: t('guides.errorsTitle') },
    { id: 'types', label: t('guides.typesTitle') },
  ];
  const doc = quick.data;
  return (
    <>
      <title>{t('guides.metaTitle', { language: name })}</title>
      <meta name="description" content={t('guides.lead', { language: name })} />
      <header className="page-header page-header--band">
        <div className="container">
          <nav aria-label={t('type.breadcrumb')}>
            <ol className="breadcrumbs">
              <li><LocalizedLink to="/api-docs" className="link">{t('nav.home')}</LocalizedLink></li>
              <li><LocalizedLink to="/lang" className="link">{t('guides.indexTitle')}</LocalizedLink></li>
              <li aria-current="page">{name}</li>
            </ol>
          </nav>
          <h1 className="page-header__title">{t('guides.title', { language: name })}</h1>
          <p className="page-header__lead">{t('guides.lead', { language: name })}</p>
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={toc} index={index.data}>
          {quick.isLoading && <LoadingBlock lines={6} />}
          {quick.isError && (
            <Banner tone="danger">
              {t('states.error')}{' '}
              <Button variant="tertiary" onClick={() => void quick.refetch()}>{t('states.retry')}</Button>
            </Banner>
          )}
          {doc && (
            <div className="stack stack--xl docs-prose">
              <section className="stack">
                <SectionHeading id="program">{t('guides.programTitle')}</SectionHeading>
                <p>{t('guides.noLibrary')}</p>
                <Tabs
                  label={t('type.version')}
                  options={API_VERSIONS}
                  value={version}
                  onChange={setVersion}
                  labelOf={(v) => t(`versions.${v}`)}
                  panel={(v) => <CodeBlock code={doc[v]!.samples[language as SampleLanguage]} label={name} />}
                  testId="guide-version-switch"
                />
              </section>
              <section className="stack">
                <SectionHeading id="run">{t('guides.runTitle')}</SectionHeading>
                <p>{t('guides.run')}</p>
                <CodeBlock code={RUN[language]} label={t('guides.shell')} />
              </section>
              <section className="stack">
                <SectionHeading id="polling">{t('guides.pollingTitle')}</SectionHeading>
                <p>{t('guides.polling')}</p>
                <p>{t('guides.pingback')}</p>
              </section>
              <section className="stack">
                <SectionHeading id="errors">{t('guides.errorsTitle')}</SectionHeading>
                <p>{t('guides.errors')}</p>
                <p><LocalizedLink to="/api-docs#errors" className="link">{t('sections.errors')}</LocalizedLink></p>
              </section>
              <section className="stack">
                <SectionHeading id="types">{t('guides.typesTitle')}</SectionHeading>
                <p>{t('guides.typesLead', { language: name })}</p>
                <p><LocalizedLink to="/api-docs#types" className="link">{t('home.allTypes', { count: index.data?.types.length ?? 0 })}</LocalizedLink></p>
              </section>
            </div>
          )}
        </DocsLayout>
      </div>
    </>
  );
}
