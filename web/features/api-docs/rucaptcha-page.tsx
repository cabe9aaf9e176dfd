import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetDocsIndexQuery } from './api.ts';
import { DocsLayout, SectionHeading } from './docs-layout.tsx';

/** /api-rucaptcha: the ruCaptcha-compatible host and what differs. */
export function RucaptchaPage({ lang }: { lang: string }) {
  const { t } = useTranslation('apidocs');
  const query = useGetDocsIndexQuery(lang);
  const index = query.data;
  return (
    <>
      <title>{t('rucaptcha.metaTitle')}</title>
      <meta name="description" content={t('rucaptcha.lead')} />
      <header className="page-header page-header--band">
        <div className="container">
          <h1 className="page-header__title">{t('rucaptcha.title')}</h1>
          <p className="page-header__lead">{t('rucaptcha.lead')}</p>
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={[{ id: 'address', label: t('rucaptcha.address') }, { id: 'differences', label: t('rucaptcha.differencesTitle') }]} index={index}>
          {query.isLoading && <LoadingBlock lines={4} />}
          {query.isError && <Banner tone="danger">{t('states.error')}</Banner>}
          {index && (
            <div className="stack stack--xl docs-prose">
              <section className="stack">
                <SectionHeading id="address">{t('rucaptcha.address')}</SectionHeading>
                {index.ruUrl ? (
                  <p><code data-testid="ru-url">{index.ruUrl}</code></p>
                ) : (
                  <p>{t('rucaptcha.noRuHost')} <code data-testid="ru-url">{index.apiUrl}</code></p>
                )}
                <p>{t('rucaptcha.clients')}</p>
              </section>
              <section className="stack">
                <SectionHeading id="differences">{t('rucaptcha.differencesTitle')}</SectionHeading>
                <p>{t('rucaptcha.same')}</p>
                <p>{t('rucaptcha.money')}</p>
                <p><LocalizedLink to="/api-docs" className="link">{t('rucaptcha.docsLink')}</LocalizedLink></p>
              </section>
            </div>
          )}
        </DocsLayout>
      </div>
    </>
  );
}
