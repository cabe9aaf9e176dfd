import { useTranslation } from '#web/lib/i18n-react.ts';
import { LocalizedLink } from '#web/components/layout/localized-link.tsx';
import { Banner } from '#web/components/ui/banner.tsx';
import { Button } from '#web/components/button/button.tsx';
import { LoadingBlock } from '#web/components/ui/states.tsx';
import type { TypeDoc } from '#shared/contracts/api-docs.ts';
import { useGetDocsIndexQuery, useGetTypeDocQuery } from './api.ts';
import { DocsLayout, SectionHeading } from './docs-layout.tsx';
import { useApiVersion } from './prefs.ts';
import { VersionPanels } from './version-panels.tsx';

function Facts({ doc }: { doc: TypeDoc }) {
  const { t } = useTranslation('apidocs');
  const rows: [string, string][] = [
    [t('type.kind'), t(doc.kind === 'image' ? 'type.kindImage' : 'type.kindToken')],
    [t('type.lifetime'), t('type.lifetimeValue', { n: doc.lifetimeSeconds })],
    [t('type.attempts'), String(doc.maxAttempts)],
    [t('type.proxy'), t(doc.proxy === 'none' ? 'type.proxyNone' : doc.proxy === 'optional' ? 'type.proxyOptional' : 'type.proxyRequired')],
  ];
  if (doc.maxImageBytes) rows.push([t('type.maxImage'), t('table.bytes', { kb: Math.round(doc.maxImageBytes / 1024) })]);
  return (
    <section className="stack" aria-labelledby="facts">
      <SectionHeading id="facts">{t('sections.facts')}</SectionHeading>
      {doc.price ? (
        <div className="docs-price" data-testid="type-price">
          <div>
            <p className="docs-price__label">{t('type.price')}</p>
            <p className="docs-price__value">{t('type.priceValue', { price: `$${doc.price.per1000}` })}</p>
            <p className="text-sm muted">{t('type.priceRange', { floor: `$${doc.price.floorPer1000}`, cap: `$${doc.price.capPer1000}` })}</p>
          </div>
          <div>
            <p className="docs-price__label">{t('type.avgTime')}</p>
            <p className="docs-price__value">{doc.price.avgSolveSeconds !== undefined ? t('type.seconds', { n: Math.round(doc.price.avgSolveSeconds) }) : <span className="text-sm muted">{t('type.noData')}</span>}</p>
          </div>
        </div>
      ) : (
        <Banner tone="warning">{t('type.off')}</Banner>
      )}
      <dl className="docs-facts">
        {rows.map(([term, value]) => (
          <div key={term} className="docs-facts__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** /api-docs/{slug}: one captcha type, generated from the registry through GET /api/v1/api-docs/{slug}. */
export function TypeDocPage({ slug, lang }: { slug: string; lang: string }) {
  const { t } = useTranslation('apidocs');
  const index = useGetDocsIndexQuery(lang);
  const query = useGetTypeDocQuery({ slug, language: lang });
  const doc = query.data;
  const family = index.data?.families.find((f) => f.slugs.includes(slug));
  const [version] = useApiVersion();
  // Anchors of the version shown (the other version's panel is hidden).
  const toc = [
    { id: 'facts', label: t('sections.facts') },
    ...(['parameters', 'request', 'answer', 'errors', 'samples'] as const).map((s) => ({ id: `${s}-${version}`, label: t(`sections.${s === 'errors' ? 'typeErrors' : s}`) })),
  ];
  return (
    <>
      {doc && (
        <>
          <title>{t('meta.typeTitle', { name: doc.name })}</title>
          <meta name="description" content={t('meta.typeDescription', { name: doc.name })} />
        </>
      )}
      <header className="page-header page-header--band">
        <div className="container">
          <nav aria-label={t('type.breadcrumb')}>
            <ol className="breadcrumbs">
              <li><LocalizedLink to="/api-docs" className="link">{t('nav.home')}</LocalizedLink></li>
              {family && <li><LocalizedLink to={`/${family.id}-api`} className="link">{family.name}</LocalizedLink></li>}
              <li aria-current="page">{doc?.name ?? slug}</li>
            </ol>
          </nav>
          <h1 className="page-header__title">{doc?.name ?? slug}</h1>
          {doc && <p className="page-header__lead">{doc.purpose}</p>}
        </div>
      </header>
      <div className="section section--tight">
        <DocsLayout toc={toc} index={index.data} current={slug}>
          {query.isLoading && <LoadingBlock lines={6} />}
          {query.isError && (
            <Banner tone="danger">
              {t('states.error')}{' '}
              <Button variant="tertiary" onClick={() => void query.refetch()}>{t('states.retry')}</Button>
            </Banner>
          )}
          {doc && (
            <div className="stack stack--xl">
              <Facts doc={doc} />
              <VersionPanels doc={doc} />
            </div>
          )}
        </DocsLayout>
      </div>
    </>
  );
}
