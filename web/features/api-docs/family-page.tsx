import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import { useGetDocsIndexQuery } from './api.ts';
import { DocsLayout, SectionHeading } from './docs-layout.tsx';

/** /{family}-api: one product family, its types with their v1 methods, v2 task names and live prices. */
export function FamilyPage({ family: id, lang }: { family: string; lang: string }) {
  const { t } = useTranslation('apidocs');
  const query = useGetDocsIndexQuery(lang);
  const index = query.data;
  const family = index?.families.find((f) => f.id === id);
  const name = t(`families.${id}.name`);
  const lead = t(`families.${id}.lead`);
  return (
    <>
      <title>{t('meta.familyTitle', { name })}</title>
      <meta name="description" content={t('meta.familyDescription', { lead })} />
      <header className="page-header page-header--band">
        <div className="container">
          <nav aria-label={t('type.breadcrumb')}>
            <ol className="breadcrumbs">
              <li><LocalizedLink to="/api-docs" className="link">{t('nav.home')}</LocalizedLink></li>
              <li aria-current="page">{name}</li>
            </ol>
          </nav>
          <h1 className="page-header__title">{t('family.title', { name })}</h1>
          <p className="page-header__lead">{lead}</p>
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={[{ id: 'types', label: t('family.typesTitle') }]} index={index}>
          {query.isLoading && <LoadingBlock lines={5} />}
          {query.isError && (
            <Banner tone="danger">
              {t('states.error')}{' '}
              <Button variant="tertiary" onClick={() => void query.refetch()}>{t('states.retry')}</Button>
            </Banner>
          )}
          {index && family && (
            <section className="stack">
              <SectionHeading id="types">{t('family.typesTitle')}</SectionHeading>
              <ul className="docs-type-grid docs-type-grid--wide" data-testid="family-types">
                {family.slugs.map((slug) => {
                  const type = index.types.find((x) => x.slug === slug)!;
                  return (
                    <li key={slug} className="docs-type-card">
                      <LocalizedLink to={`/api-docs/${slug}`} className="docs-type-card__link">{type.name}</LocalizedLink>
                      <span>{t(`purpose.${slug}`)}</span>
                      <span className="docs-type-card__meta">
                        {t('type.selectorsV1')}: {type.v1Methods.map((m, i) => <span key={m}>{i > 0 && ', '}<code>{m}</code></span>)}
                      </span>
                      <span className="docs-type-card__meta">
                        {t('type.selectorsV2')}: {type.v2Types.map((m, i) => <span key={m}>{i > 0 && ', '}<code>{m}</code></span>)}
                      </span>
                      <span className="docs-type-card__price">{type.per1000 ? t('home.priceFrom', { price: `$${type.per1000}` }) : t('home.disabled')}</span>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </DocsLayout>
      </div>
    </>
  );
}
